import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MdaRevenueReport, MdaSummaryReport } from '../../../../shared/reports/collections';
import { systemActor } from '../../../auth/actor';
import { budgetLines, budgetVersions, demandNotices } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import {
  createMda,
  createTaxpayer,
  type SignedIn,
  signInAs,
  signInMdaOfficer,
} from '../../../testing/factories';
import { createLedger } from '../../payments/ledger/ledger';
import { updatePayment } from '../../payments/ledger/queries';
import { createPayment, createRevenueHead, randomRrr } from '../../payments/testing';
import { createPosWorld, insertPosTransaction } from '../../pos/transactions/testing';

/**
 * GET /api/v1/reports/mda-revenue and /mda-summary on hand-built money: two revenue heads over
 * February and March, a payment at Lagos midnight, a reversal on a later day, several
 * channels, demand notices in and past their term, POS takings; scoping and bad input.
 */

let ctx: TestContext & { close(): Promise<void> };
let executive: SignedIn;
let mdaA: { id: string; code: string; name: string };
let mdaB: { id: string; code: string; name: string };
const HEAD_1 = '12345601';
const HEAD_2 = '12345602';
const system = systemActor('system');

beforeAll(async () => {
  ctx = await createTestContext();
  executive = await signInAs(ctx, 'EXECUTIVE');
  mdaA = await createMda(ctx, { name: 'Alpha Ports Authority' });
  mdaB = await createMda(ctx, { name: 'Bravo Lands Bureau' });
  await createRevenueHead(ctx, mdaA.id, { code: HEAD_1, name: 'Jetty levy' });
  await createRevenueHead(ctx, mdaA.id, { code: HEAD_2, name: 'Berthing fee' });
  const ledger = createLedger({
    receiptPrefix: ctx.config.receiptPrefix,
    settlements: ctx.settlements,
  });

  // 23:30 UTC on 28 February is 00:30 on 1 March in Lagos: March's.
  await createPayment(ctx, {
    mdaId: mdaA.id,
    revenueHeadCode: HEAD_1,
    amountKobo: 10_000,
    paidAt: new Date('2026-02-28T23:30:00Z'),
  });
  // 22:30 UTC is 23:30 on 28 February in Lagos: February's.
  await createPayment(ctx, {
    mdaId: mdaA.id,
    revenueHeadCode: HEAD_1,
    amountKobo: 20_000,
    paidAt: new Date('2026-02-28T22:30:00Z'),
  });
  await createPayment(ctx, {
    mdaId: mdaA.id,
    revenueHeadCode: HEAD_2,
    amountKobo: 7_000,
    channel: 'card',
    paidAt: new Date('2026-03-05T09:00:00Z'),
  });
  // Paid in February, reversed on 2 March (Lagos): February keeps it, March gives it back.
  const reversed = await createPayment(ctx, {
    mdaId: mdaA.id,
    revenueHeadCode: HEAD_2,
    amountKobo: 50_000,
    paidAt: new Date('2026-02-10T12:00:00Z'),
  });
  await ctx.db.transaction(async (tx) => {
    await ledger.changeStatusByHand(tx, system, reversed.id, { to: 'reversed', reason: 'Bounced' });
    await updatePayment(tx, reversed.id, { statusChangedAt: new Date('2026-03-01T23:10:00Z') });
  });
  await ctx.db.transaction((tx) =>
    ledger.recordReceivedPayment(tx, system, {
      channel: 'bank',
      sourceReference: `0123456789/${randomRrr()}`,
      arrival: 'statement',
      mdaId: mdaA.id,
      amountKobo: 3_000,
      paidAt: new Date('2026-03-02T08:00:00Z'),
    }),
  );
  // Another MDA's money, which nobody scoped to Alpha may see.
  await createPayment(ctx, {
    mdaId: mdaB.id,
    revenueHeadCode: HEAD_1,
    amountKobo: 999_000,
    paidAt: new Date('2026-03-03T09:00:00Z'),
  });

  // POS takings of Alpha: one recorded (also a POS payment in the ledger), one held.
  const pos = await createPosWorld(ctx, { mdaId: mdaA.id, agentName: 'Tonye Agent' });
  await insertPosTransaction(ctx, pos, {
    amountKobo: 11_000,
    transactedAt: new Date('2026-03-04T10:00:00+01:00'),
  });
  await insertPosTransaction(ctx, pos, {
    amountKobo: 2_000,
    transactedAt: new Date('2026-03-04T12:00:00+01:00'),
    state: 'held',
  });

  // Alpha's budget: 31,000 a month.
  const [version] = await ctx.db
    .insert(budgetVersions)
    .values({ year: 2026, version: 1, note: 'Approved budget', source: 'entry' })
    .returning();
  if (!version) throw new Error('no budget version');
  await ctx.db.insert(budgetLines).values({
    versionId: version.id,
    mdaId: mdaA.id,
    economicCode: HEAD_1,
    annualKobo: 12 * 31_000,
    monthsKobo: Array.from({ length: 12 }, () => 31_000),
  });

  // Demand notices of Alpha: issued in March within term, issued in January and overdue, and
  // one of Bravo.
  const payer = await createTaxpayer(ctx);
  const notice = (
    mdaId: string,
    n: string,
    issuedOn: string,
    dueOn: string,
    totalKobo: number,
  ) => ({
    number: `BIRS/DN/2026/CR${n}${String(Date.now()).slice(-5)}`,
    mdaId,
    btin: payer.btin,
    payerName: 'Ayibatari Payer',
    totalKobo,
    issuedOn,
    dueOn,
    revenueHeadCode: HEAD_1,
  });
  await ctx.db
    .insert(demandNotices)
    .values([
      notice(mdaA.id, '1', '2026-03-10', '2099-12-31', 300_000),
      notice(mdaA.id, '2', '2026-01-10', '2026-02-10', 120_000),
      notice(mdaB.id, '3', '2026-03-10', '2026-03-20', 777_000),
    ]);
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, who: SignedIn = executive) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/reports/${url}`, headers: who.bearer });

describe('GET /api/v1/reports/mda-revenue', () => {
  it('adds up each revenue head by Lagos month, a reversal on the day it was made', async () => {
    const res = await get(`mda-revenue?mdaId=${mdaA.id}&from=2026-02-01&to=2026-03-31`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<MdaRevenueReport>();
    expect(body.mda).toEqual({ mdaId: mdaA.id, mdaName: 'Alpha Ports Authority' });
    expect(body.months).toEqual(['2026-02-01', '2026-03-01']);
    const rows = body.items.map((i) => [
      i.revenueHeadCode,
      i.revenueHeadName,
      i.count,
      i.amountKobo,
      i.byMonth,
    ]);
    expect(rows).toEqual([
      [HEAD_1, 'Jetty levy', 2, 30_000, [20_000, 10_000]],
      // The bank and POS money came with no revenue head.
      ['', 'No revenue head', 2, 14_000, [0, 14_000]],
      // 50,000 paid in February and taken back in March; 7,000 by card in March.
      [HEAD_2, 'Berthing fee', 1, 7_000, [50_000, -43_000]],
    ]);
    expect(body.monthly).toEqual([
      { month: '2026-02-01', count: 2, amountKobo: 70_000 },
      { month: '2026-03-01', count: 3, amountKobo: -19_000 },
    ]);
    expect(body.totals).toEqual({ count: 5, amountKobo: 51_000 });
  });

  it('gives one day its own figure across Lagos midnight', async () => {
    const feb = (
      await get(`mda-revenue?mdaId=${mdaA.id}&from=2026-02-28&to=2026-02-28`)
    ).json<MdaRevenueReport>();
    expect(feb.totals).toEqual({ count: 1, amountKobo: 20_000 });
    const mar = (
      await get(`mda-revenue?mdaId=${mdaA.id}&from=2026-03-01&to=2026-03-01`)
    ).json<MdaRevenueReport>();
    expect(mar.totals).toEqual({ count: 1, amountKobo: 10_000 });
  });

  it('shows MDA staff their MDAs only, and another MDA as not found', async () => {
    const officer = await signInMdaOfficer(ctx, [mdaA.id]);
    const all = (
      await get('mda-revenue?from=2026-02-01&to=2026-03-31', officer)
    ).json<MdaRevenueReport>();
    expect(all.totals.amountKobo).toBe(51_000);
    const other = await get(`mda-revenue?mdaId=${mdaB.id}&from=2026-02-01&to=2026-03-31`, officer);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Bravo');
    expect(other.body).not.toContain('999');
  });

  it('exports the same figures as a workbook', async () => {
    const res = await get(`mda-revenue?mdaId=${mdaA.id}&from=2026-02-01&to=2026-03-31&format=xlsx`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Revenue head code',
      'Revenue head',
      'Payments',
      'Collected (NGN)',
      'Feb 2026 (NGN)',
      'Mar 2026 (NGN)',
    ]);
    expect(sheet?.getRow(2).getCell(4).value).toBe(300);
    expect(sheet?.rowCount).toBe(4);
  });

  it('refuses a reversed period, one over five years, a malformed day and a bad MDA id', async () => {
    for (const query of [
      'from=2026-03-01&to=2026-02-01',
      'from=2020-01-01&to=2026-01-01',
      'from=2026-02-30&to=2026-03-01',
      'from=1-2-2026',
      'mdaId=alpha',
    ]) {
      expect((await get(`mda-revenue?${query}`)).statusCode, query).toBe(422);
    }
    // The last day left out is today: a first day centuries ago is as long a period, and it
    // is refused naming the first day (the route fuzz found it a 500 in its CSV).
    for (const query of ['from=0100-01-01', 'from=0100-01-01&format=csv']) {
      const res = await get(`mda-revenue?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.body, query).toContain('more than five years before today');
    }
    expect((await get('mda-revenue?from=2024-01-01')).statusCode).toBe(200);
  });

  it('is 403 without report:read and 401 signed out', async () => {
    const stranger = await signInAs(ctx, 'OFFICER_DA');
    expect((await get('mda-revenue', stranger)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/v1/reports/mda-revenue' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/reports/mda-summary', () => {
  it('puts collections, notices, POS and arrears of one MDA on a page', async () => {
    const res = await get(`mda-summary?mdaId=${mdaA.id}&from=2026-03-01&to=2026-03-31`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<MdaSummaryReport>();
    expect(s.mda).toMatchObject({ mdaId: mdaA.id, mdaCode: mdaA.code });
    // March: 10,000 + 7,000 card + 3,000 bank − 50,000 reversed + 11,000 POS.
    expect(s.collections.amountKobo).toBe(-19_000);
    expect(s.collections.byChannel).toEqual({
      remita: -40_000,
      card: 7_000,
      pos: 11_000,
      bank: 3_000,
      manual: 0,
    });
    expect(s.byRevenueHead.reduce((sum, h) => sum + h.amountKobo, 0)).toBe(-19_000);
    expect(s.demandNotices).toEqual({
      count: 1,
      billedKobo: 300_000,
      paidKobo: 0,
      outstandingKobo: 300_000,
    });
    expect(s.pos).toEqual({ count: 1, amountKobo: 11_000 });
    expect(s.arrears).toEqual({ count: 1, outstandingKobo: 120_000 });
    expect(s.budget).toEqual({ year: 2026, budgetKobo: 31_000, actualKobo: -19_000 });
  });

  it('needs an MDA, one the officer may see', async () => {
    expect((await get('mda-summary?from=2026-03-01')).statusCode).toBe(422);
    const officer = await signInMdaOfficer(ctx, [mdaA.id]);
    const other = await get(`mda-summary?mdaId=${mdaB.id}`, officer);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('777');
    expect((await get(`mda-summary?mdaId=${mdaA.id}`, officer)).statusCode).toBe(200);
  });

  it('exports its lines as CSV', async () => {
    const res = await get(`mda-summary?mdaId=${mdaA.id}&from=2026-03-01&to=2026-03-31&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Arrears,"Overdue notices, outstanding",1,1200.00');
    expect(res.body).toContain('POS,Recorded takings,1,110.00');
  });
});
