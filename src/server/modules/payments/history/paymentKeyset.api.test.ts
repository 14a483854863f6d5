import { parse } from 'csv-parse/sync';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_SORTS, PaymentListQuery } from '../../../../shared/payments';
import { systemActor } from '../../../auth/actor';
import { payments } from '../../../db/schema';
import { createSecretBox } from '../../../secrets';
import { createTestContext, TEST_SECRETS_KEY, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { createPayment } from '../testing';
import { createPaymentHistoryService } from './service';

/**
 * The payment export reads keyset pages (docs/decisions/0029-one-export-path.md): each page is
 * the rows after the last one sent. With three rows a page, ties on every sort key (equal
 * amounts, equal paid and raised times, times apart by a microsecond) and bills never paid
 * (paid_at null, sorted last both ways), every sort must give the list's own order, complete.
 */
let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let mda: { id: string; code: string };

const PAID_AT = new Date('2025-04-10T09:15:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  mda = await createMda(ctx);
  const made: { id: string }[] = [];
  for (let i = 0; i < 14; i += 1) {
    const pending = i % 4 === 3; // four bills with no paid_at
    made.push(
      await createPayment(ctx, {
        mdaId: mda.id,
        sourceReference: `KEYSET-${String(i).padStart(2, '0')}`,
        // Three amounts only: every amount is shared by four or five payments.
        amountKobo: [5_000, 7_500, 5_000_000][i % 3],
        ...(pending
          ? { status: 'pending' as const }
          : // Paid at three instants: the first six at the same one.
            { paidAt: new Date(PAID_AT.getTime() + (i < 6 ? 0 : (i % 2) * 60_000)) }),
      }),
    );
  }
  // Raised at the same microsecond (the first five), or a microsecond apart: a cursor carried
  // as a JavaScript Date (milliseconds) would skip or repeat these.
  const ids = made.map((payment) => payment.id);
  await ctx.db
    .update(payments)
    .set({ createdAt: sql`'2025-04-01 08:00:00.123456+00'::timestamptz` })
    .where(inArray(payments.id, ids.slice(0, 5)));
  for (const [i, id] of ids.slice(5).entries()) {
    await ctx.db
      .update(payments)
      .set({
        createdAt: sql`'2025-04-01 08:00:00.123456+00'::timestamptz + ${`${(i % 3) + 1} microseconds`}::interval`,
      })
      .where(inArray(payments.id, [id]));
  }
});

afterAll(async () => {
  await ctx.close();
});

describe('the payment export reads keyset pages', () => {
  it.each(PAYMENT_SORTS)(
    'sort %s: three a page, the list’s own order, no row twice or missing',
    async (sort) => {
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/payments?mdaCode=${mda.code}&sort=${sort}&pageSize=200`,
        headers: admin.bearer,
      });
      expect(list.statusCode).toBe(200);
      const listed = (list.json() as { items: { sourceReference: string }[] }).items.map(
        (item) => item.sourceReference,
      );
      expect(listed).toHaveLength(14);

      const service = createPaymentHistoryService({
        db: ctx.db,
        config: ctx.config,
        secrets: createSecretBox(TEST_SECRETS_KEY),
        settlements: ctx.settlements,
        exportPageSize: 3,
      });
      const answer = await service.exportPayments(
        systemActor('cli'),
        PaymentListQuery.parse({ mdaCode: mda.code, sort, format: 'csv' }) as PaymentListQuery & {
          format: 'csv';
        },
      );
      const chunks: Buffer[] = [];
      for await (const chunk of answer.body) chunks.push(Buffer.from(chunk as Buffer));
      const rows: Record<string, string>[] = parse(Buffer.concat(chunks).toString('utf8'), {
        columns: true,
        bom: true,
      });
      const exported = rows.map((row) => row['Source reference']);
      expect(exported).toEqual(listed);
      expect(new Set(exported).size).toBe(14);
    },
  );
});
