import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/context';
import { signInAs } from '../../testing/factories';
import { payments, taxpayers } from '../schema';
import { seedDemo, seedDemoTaxpayers } from './demo';
import { seedDemoPayments } from './payments';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };

beforeAll(async () => {
  ctx = await createTestContext({ seed: 'demo' }, { listen: true });
  await seedDemo(ctx.db, ctx.config);
  await seedDemoTaxpayers(ctx.db, ctx.config);
});
afterAll(() => ctx?.close());

async function countWhere(where: ReturnType<typeof and>) {
  const [row] = await ctx.db.select({ n: count() }).from(payments).where(where);
  return row?.n ?? 0;
}

describe('demo payments seed', () => {
  it('seeds paid, pending and failed RRRs that Remita agrees with, once', async () => {
    const added = await seedDemoPayments(ctx.db, ctx.config, ctx.simulators);
    expect(added).toBeGreaterThan(100);
    expect(await seedDemoPayments(ctx.db, ctx.config, ctx.simulators)).toBe(0);

    const paid = await countWhere(eq(payments.status, 'paid'));
    expect(await countWhere(eq(payments.status, 'pending'))).toBeGreaterThan(0);
    expect(await countWhere(isNull(payments.revenueHeadCode))).toBe(0);
    expect(await countWhere(eq(payments.status, 'failed'))).toBeGreaterThan(0);
    expect(
      await countWhere(and(eq(payments.status, 'paid'), isNull(payments.btin))),
    ).toBeGreaterThan(0);
    const [autoReg] = await ctx.db
      .select({ n: count() })
      .from(taxpayers)
      .where(eq(taxpayers.source, 'auto-reg'));
    expect(autoReg?.n).toBeGreaterThan(0);

    // Receipt numbers run 1…n without a gap, in the order the payments were made.
    const receipts = await ctx.db
      .select({ receiptNumber: payments.receiptNumber, paidAt: payments.paidAt })
      .from(payments)
      .where(eq(payments.status, 'paid'));
    expect(receipts).toHaveLength(paid);
    receipts.sort((a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0));
    const lastOfYear = new Map<string, number>();
    for (const { receiptNumber } of receipts) {
      const [, year = '', sequence = ''] = (receiptNumber ?? '').split('/');
      expect(Number(sequence)).toBe((lastOfYear.get(year) ?? 0) + 1);
      lastOfYear.set(year, Number(sequence));
    }

    const admin = await signInAs(ctx, 'ADMIN');
    const [pendingBill] = await ctx.db
      .select()
      .from(payments)
      // One with an RRR: the demo's one bill awaiting its RRR has none to pay.
      .where(and(eq(payments.status, 'pending'), isNotNull(payments.rrr)))
      .limit(1);
    const [paidOne] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.status, 'paid'))
      .limit(1);
    const check = await ctx.app.inject({
      url: `/api/v1/remita/rrr/${paidOne?.rrr}/status?mdaId=${paidOne?.mdaId}`,
      headers: admin.bearer,
    });
    expect(check.json()).toMatchObject({
      isPaid: true,
      amountKobo: paidOne?.amountKobo,
      payment: { id: paidOne?.id, status: 'paid' },
    });
    expect(ctx.simulators.evas.snapshot().registrations.length).toBeGreaterThan(0);

    // "Simulate payment": the simulator pays and notifies, and the bill becomes paid.
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `/_sim/remita/pay/${pendingBill?.rrr}`,
      payload: {},
    });
    expect(pay.json()).toMatchObject({ notified: true });
    const [after] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.id, pendingBill?.id as string));
    expect(after?.status).toBe('paid');
  });

  it('refuses to run in production', async () => {
    await expect(
      seedDemoPayments(ctx.db, { ...ctx.config, env: 'production' }, ctx.simulators),
    ).rejects.toThrow(/production/);
  });
});
