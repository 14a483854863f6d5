import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { createPayment } from '../testing';

/**
 * The history's "newest first" is by the date a row shows (shared/payments/enums.ts `date`):
 * when it was paid, or when a bill never paid was raised; not by when the row was recorded.
 * A receipt captured today for a 2024 payment sorts in 2024.
 */
let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let mda: { id: string; code: string };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  mda = await createMda(ctx);
  const at = (iso: string) => new Date(iso);
  // Recorded in this order, paid in another: a notification in January 2026, a receipt of
  // 2024 captured in March 2026, a payment of February 2026, a bill raised in March 2026 unpaid.
  const made = [
    ['JAN-2026', { paidAt: at('2026-01-15T10:00:00Z') }, '2026-01-15T10:00:05Z'],
    ['MAY-2024', { paidAt: at('2024-05-02T09:00:00Z'), arrival: 'manual' }, '2026-03-01T08:00:00Z'],
    ['FEB-2026', { paidAt: at('2026-02-20T12:00:00Z') }, '2026-02-20T12:00:01Z'],
    ['BILL-MAR-2026', { status: 'pending' }, '2026-03-02T08:00:00Z'],
  ] as const;
  for (const [reference, overrides, createdAt] of made) {
    const payment = await createPayment(ctx, {
      mdaId: mda.id,
      sourceReference: reference,
      ...overrides,
    });
    await ctx.db
      .update(payments)
      .set({ createdAt: sql`${createdAt}::timestamptz` })
      .where(inArray(payments.id, [payment.id]));
  }
});

afterAll(async () => {
  await ctx.close();
});

async function listed(query: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/payments?mdaCode=${mda.code}${query}`,
    headers: admin.bearer,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: { sourceReference: string }[] }).items.map(
    (item) => item.sourceReference,
  );
}

describe('the payment history order', () => {
  it('lists the newest payment first by the date paid, an unpaid bill by the day it was raised', async () => {
    expect(await listed('')).toEqual(['BILL-MAR-2026', 'FEB-2026', 'JAN-2026', 'MAY-2024']);
  });

  it('sorts oldest first by the same date when asked', async () => {
    expect(await listed('&sort=date')).toEqual([
      'MAY-2024',
      'JAN-2026',
      'FEB-2026',
      'BILL-MAR-2026',
    ]);
  });

  it('still answers the order the rows were recorded in when asked for it', async () => {
    expect(await listed('&sort=-createdAt')).toEqual([
      'BILL-MAR-2026',
      'MAY-2024',
      'FEB-2026',
      'JAN-2026',
    ]);
  });
});
