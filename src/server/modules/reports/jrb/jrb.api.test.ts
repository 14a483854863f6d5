import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JrbReturn, JrbTaxType } from '../../../../shared/reports/jrb';
import { jrbPeriodDays } from '../../../../shared/reports/jrb';
import { systemActor } from '../../../auth/actor';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { createLedger } from '../../payments/ledger/ledger';
import { updatePayment } from '../../payments/ledger/queries';
import { createPayment } from '../../payments/testing';
import { insertTestTcc } from '../../tcc/testing';

/**
 * The Joint Revenue Board return (docs/jrb-return.md) on hand-built data in 2031, a year no
 * other test writes: collections by tax type from the collection totals (reversals taken off on
 * the day they were made, Lagos days), taxpayers registered and TCCs issued by date.
 */

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
const system = systemActor('system');

async function jrb(query: string, who: SignedIn = admin) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/reports/jrb-return?${query}`,
    headers: who.bearer,
  });
}

function amountsOf(body: JrbReturn): Partial<Record<JrbTaxType, [number, number]>> {
  return Object.fromEntries(
    body.collections.rows
      .filter((r) => r.count !== 0 || r.amountKobo !== 0)
      .map((r) => [r.taxType, [r.count, r.amountKobo]]),
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  const mdaId = (await createMda(ctx)).id;
  const ledger = createLedger({
    receiptPrefix: ctx.config.receiptPrefix,
    settlements: ctx.settlements,
  });
  const pay = (
    type: NonNullable<Parameters<typeof createPayment>[1]>['type'],
    amountKobo: number,
    at: string,
  ) => createPayment(ctx, { mdaId, type, amountKobo, paidAt: new Date(at) });
  const reverse = async (id: string, at: string) => {
    await ctx.db.transaction(async (tx) => {
      await ledger.changeStatusByHand(tx, system, id, { to: 'reversed', reason: 'Bounced' });
      await updatePayment(tx, id, { statusChangedAt: new Date(at) });
    });
  };

  await pay('paye', 100_000, '2031-04-10T10:00:00Z');
  await pay('paye', 50_000, '2031-05-05T10:00:00Z');
  await pay('direct-assessment', 30_000, '2031-05-06T10:00:00Z');
  // 22:30 UTC on 30 June is 23:30 in Lagos: June's. 23:30 UTC is 1 July in Lagos: July's.
  await pay('presumptive-tax', 20_000, '2031-06-30T22:30:00Z');
  await pay('stamp-duty', 10_000, '2031-06-30T23:30:00Z');
  await pay('ssc', 7_000, '2031-05-20T10:00:00Z');
  await pay('demand-notice', 5_000, '2031-05-21T10:00:00Z');
  await pay(undefined, 3_000, '2031-05-22T10:00:00Z');
  // Paid in March, reversed in May: the first quarter keeps it, May gives it back.
  const march = await pay('paye', 40_000, '2031-03-15T10:00:00Z');
  await reverse(march.id, '2031-05-10T10:00:00Z');
  // Paid and reversed within April: nothing in the quarter.
  const april = await pay('direct-assessment', 9_000, '2031-04-02T10:00:00Z');
  await reverse(april.id, '2031-04-03T10:00:00Z');

  // Registered: two individuals and a company in May, one individual in April.
  const registeredAt = async (at: string, corporate = false) => {
    const { btin } = await createTaxpayer(ctx);
    await ctx.db.execute(
      corporate
        ? sql`update taxpayers set created_at = ${at}, kind = 'corporate', registered_name = display_name where btin = ${btin}`
        : sql`update taxpayers set created_at = ${at} where btin = ${btin}`,
    );
  };
  await registeredAt('2031-05-01T00:30:00+01:00');
  await registeredAt('2031-05-31T23:30:00+01:00');
  await registeredAt('2031-05-15T10:00:00Z', true);
  await registeredAt('2031-04-30T23:30:00+01:00');

  // Issued: two in May (one since revoked), one in June; one still pending issues nothing.
  const generator = await signInAs(ctx, 'ASSESSMENT_OFFICER');
  const issuedAt = async (
    kind: 'paye' | 'direct-assessment',
    status: 'approved' | 'revoked',
    at: string,
  ) => {
    const row = await insertTestTcc(ctx, generator, { kind, status });
    await ctx.db.execute(sql`update tccs set issued_at = ${at} where id = ${row.id}`);
  };
  await issuedAt('paye', 'approved', '2031-05-03T10:00:00Z');
  await issuedAt('direct-assessment', 'revoked', '2031-05-04T10:00:00Z');
  await issuedAt('paye', 'approved', '2031-06-03T10:00:00Z');
  await insertTestTcc(ctx, generator, { status: 'pending_chairman' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/v1/reports/jrb-return', () => {
  it('adds up a month by tax type, net of a reversal made in it', async () => {
    const res = await jrb('period=2031-05');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<JrbReturn>();
    expect(body).toMatchObject({
      from: '2031-05-01',
      to: '2031-05-31',
      periodLabel: 'May 2031',
      layoutVersion: 'RevDesk JRB return v1',
    });
    expect(amountsOf(body)).toEqual({
      paye: [0, 10_000],
      'direct-assessment': [1, 30_000],
      levies: [1, 7_000],
      'mda-charges': [1, 5_000],
      other: [1, 3_000],
    });
    expect(body.collections.total).toEqual({ count: 4, amountKobo: 55_000 });
    expect(body.taxpayers).toEqual({ individuals: 2, companies: 1, total: 3 });
    expect(body.tccs.total).toBe(2);
    expect(body.tccs.rows.filter((r) => r.count > 0).map((r) => [r.kind, r.count])).toEqual([
      ['direct-assessment', 1],
      ['paye', 1],
    ]);
  });

  it('adds up a quarter, Lagos days at its ends, a payment paid and reversed within it counting nothing', async () => {
    const body = (await jrb('period=2031-Q2')).json<JrbReturn>();
    expect(body).toMatchObject({ from: '2031-04-01', to: '2031-06-30' });
    expect(amountsOf(body)).toEqual({
      paye: [1, 110_000],
      'direct-assessment': [1, 30_000],
      'presumptive-tax': [1, 20_000],
      levies: [1, 7_000],
      'mda-charges': [1, 5_000],
      other: [1, 3_000],
    });
    expect(body.collections.total.amountKobo).toBe(175_000);
    expect(body.taxpayers.total).toBe(4);
    expect(body.tccs.total).toBe(3);
    const q3 = (await jrb('period=2031-Q3')).json<JrbReturn>();
    expect(amountsOf(q3)).toEqual({ 'stamp-duty': [1, 10_000] });
    const q1 = (await jrb('period=2031-Q1')).json<JrbReturn>();
    expect(amountsOf(q1)).toEqual({ paye: [1, 40_000] });
  });

  it('writes the return as XLSX in layout v1, audited as an export', async () => {
    const res = await jrb('period=2031-05&format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('jrb-return-2031-05.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    const find = (label: string) => rows.find((r) => r[0] === label);
    expect(find('Layout')?.[1]).toBe('RevDesk JRB return v1');
    expect(find('Period')?.[1]).toBe('May 2031');
    expect(find('State revenue service')?.[1]).toEqual(expect.any(String));
    expect(find('Pay As You Earn (PAYE)')).toEqual(['Pay As You Earn (PAYE)', 0, 100]);
    expect(find('Total collections')).toEqual(['Total collections', 4, 550]);
    expect(find('Companies')).toEqual(['Companies', 1]);
    expect(find('Total issued')).toEqual(['Total issued', 2]);
    const audit = await ctx.db.execute(
      sql`select after from audit_events where action = 'jrb_return.exported' order by occurred_at desc limit 1`,
    );
    const after = (audit as unknown as { rows: { after: { filter: unknown; format: string } }[] })
      .rows[0]?.after;
    expect(after).toMatchObject({ filter: { period: '2031-05' }, format: 'xlsx' });
  });

  it('refuses a malformed period and an officer without report:jrb', async () => {
    for (const period of ['2026-13', '2026-Q5', '2026-00', '2026-3', 'May', '']) {
      expect((await jrb(`period=${period}`)).statusCode, period).toBe(422);
    }
    expect((await jrb('')).statusCode).toBe(422);
    const director = await signInAs(ctx, 'DIRECTOR_ASSESSMENT');
    expect((await jrb('period=2031-05', director)).statusCode).toBe(403);
    const executive = await signInAs(ctx, 'EXECUTIVE');
    expect((await jrb('period=2031-05', executive)).statusCode).toBe(200);
  });

  it('reads February of a leap year to its last day', () => {
    expect(jrbPeriodDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(jrbPeriodDays('2027-Q4')).toEqual({ from: '2027-10-01', to: '2027-12-31' });
  });
});
