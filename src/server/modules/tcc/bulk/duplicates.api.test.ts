import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '../../../../shared/dates';
import type { TccBatchRowsPage } from '../../../../shared/tcc/bulk';
import { yearsCovered } from '../../../../shared/tcc/input';
import type { TccYear } from '../../../../shared/tcc/views';
import { tccs } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { createPayment } from '../../payments/testing';
import { insertTestTcc } from '../testing';
import { payrollCsv, uploadPayroll, waitForBatch } from './testing';

/**
 * The MDA staff upload under the same rules as one certificate (docs/architecture.md §5): a row
 * for an employee holding an approved, unexpired certificate of the purpose fails naming it,
 * unless the file gives a `duplicate_reason`; the years of every row are checked against the
 * ledger, and a self-declared year without a matching remittance is flagged. Runs on
 * PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let officer: SignedIn;
let mda: { id: string; name: string };
const [firstYear = 2023] = yearsCovered(todayInLagos());

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  officer = await signInAs(ctx, 'OFFICER_PAYEE');
  mda = await createMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

async function rowsOf(jobId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/tcc-batches/${jobId}/rows`,
    headers: officer.bearer,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TccBatchRowsPage>().items;
}

describe('a payroll file and the certificates employees hold', () => {
  it('fails a row duplicating a held certificate by its number; a reason lets it on; years unbacked by the ledger are flagged', async () => {
    const [ada, bisi, chuks] = await Promise.all([
      createTaxpayer(ctx),
      createTaxpayer(ctx),
      createTaxpayer(ctx),
    ]);
    if (!ada || !bisi || !chuks) throw new Error('no taxpayers');
    const held = [];
    for (const employee of [ada, bisi]) {
      const row = await insertTestTcc(ctx, officer, {
        kind: 'mda-employee',
        btin: employee.btin,
        purpose: 'loan',
        status: 'approved',
      });
      await ctx.db
        .update(tccs)
        .set({ expiresOn: `${firstYear + 6}-12-31` })
        .where(eq(tccs.id, row.id));
      held.push(row);
    }
    // Chuks's PAYE for the first year is in the ledger; the other two years are not.
    await createPayment(ctx, {
      btin: chuks.btin,
      type: 'paye',
      mdaId: mda.id,
      amountKobo: 31_200_000,
      paidAt: new Date(`${firstYear}-07-31T10:00:00Z`),
    });
    const text = payrollCsv(
      [
        { btin: ada.btin },
        { btin: bisi.btin, duplicate_reason: 'The bank needs a certificate naming the new grade' },
        { btin: chuks.btin },
      ],
      firstYear,
    );
    const res = await uploadPayroll(ctx, officer.bearer, { text }, mda.id);
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<{ jobId: string }>();
    const { batch } = await waitForBatch(ctx, officer.bearer, jobId);
    expect(batch).toMatchObject({ status: 'succeeded', generated: 2, failed: 1 });

    const items = await rowsOf(jobId);
    expect(items.map((r) => [r.btin, r.outcome])).toEqual([
      [ada.btin, 'failed'],
      [bisi.btin, 'generated'],
      [chuks.btin, 'generated'],
    ]);
    expect(items[0]?.message).toContain(held[0]?.number);

    const made = await ctx.db
      .select()
      .from(tccs)
      .where(
        inArray(
          tccs.id,
          items.map((r) => r.tccId).filter((id): id is string => !!id),
        ),
      );
    const bisiTcc = made.find((t) => t.btin === bisi.btin);
    expect(bisiTcc).toMatchObject({
      duplicateOf: held[1]?.id,
      duplicateReason: 'The bank needs a certificate naming the new grade',
      flagged: true,
    });
    const chuksTcc = made.find((t) => t.btin === chuks.btin);
    expect(chuksTcc?.flagged).toBe(true);
    expect(((chuksTcc?.years ?? []) as TccYear[]).map((y) => y.unbacked)).toEqual([
      false,
      true,
      true,
    ]);
  });
});
