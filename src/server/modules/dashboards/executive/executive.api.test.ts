import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ExecutiveDashboard,
  MdaDashboard,
  MdaRanking,
} from '../../../../shared/dashboards/executive';
import { systemActor } from '../../../auth/actor';
import { budgetLines, budgetVersions } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs, signInMdaOfficer } from '../../../testing/factories';
import { createLedger } from '../../payments/ledger/ledger';
import { updatePayment } from '../../payments/ledger/queries';
import { createPayment } from '../../payments/testing';

/**
 * The executive dashboards against a hand-built ledger and budget (docs/dashboards.md): each
 * figure worked out here by hand, Lagos midnights and a reversal included. 2029, which no other
 * data of the test database touches. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let executive: SignedIn;
let mdaA: string;
let mdaB: string;
let mdaC: string;
const DAY = '2029-03-15';

const months = (byMonth: Record<number, number>) =>
  Array.from({ length: 12 }, (_, i) => byMonth[i + 1] ?? 0);

beforeAll(async () => {
  ctx = await createTestContext();
  executive = await signInAs(ctx, 'EXECUTIVE');
  mdaA = (await createMda(ctx, { name: 'Alpha Ministry' })).id;
  mdaB = (await createMda(ctx, { name: 'Bravo Board' })).id;
  mdaC = (await createMda(ctx, { name: 'Charlie Commission' })).id;

  // March has 31 days: A's budget is ₦10 a day in it, B's ₦20. C has none.
  const [inserted] = await ctx.db
    .insert(budgetVersions)
    .values({ year: 2029, version: 1, note: 'Demo budget', source: 'entry' })
    .returning();
  const versionId = inserted?.id ?? '';
  const aMonths = months({ 1: 10_000, 2: 28_000, 3: 31_000, 4: 12_000, 12: 96_000 });
  const bMonths = months({ 3: 62_000 });
  await ctx.db.insert(budgetLines).values([
    {
      versionId,
      mdaId: mdaA,
      economicCode: '12010101',
      annualKobo: aMonths.reduce((s, m) => s + m, 0),
      monthsKobo: aMonths,
    },
    {
      versionId,
      mdaId: mdaB,
      economicCode: '12020202',
      annualKobo: 62_000,
      monthsKobo: bMonths,
    },
  ]);

  // Today: A ₦15 by Remita for PAYE, B ₦300 by card for a stamp duty instrument's kind of bill.
  await createPayment(ctx, {
    mdaId: mdaA,
    amountKobo: 1_500,
    paidAt: new Date(`${DAY}T10:00:00Z`),
    type: 'paye',
  });
  await createPayment(ctx, {
    mdaId: mdaB,
    amountKobo: 30_000,
    paidAt: new Date(`${DAY}T08:00:00Z`),
    channel: 'card',
    type: 'stamp-duty',
  });
  // 23:30 UTC on 28 February is 00:30 on 1 March in Lagos: March's; 22:30 UTC is February's.
  await createPayment(ctx, {
    mdaId: mdaA,
    amountKobo: 2_000,
    paidAt: new Date('2029-02-28T23:30:00Z'),
  });
  await createPayment(ctx, {
    mdaId: mdaA,
    amountKobo: 4_000,
    paidAt: new Date('2029-02-28T22:30:00Z'),
  });
  await createPayment(ctx, {
    mdaId: mdaC,
    amountKobo: 5_000,
    paidAt: new Date('2029-03-10T09:00:00Z'),
  });
  // Last year, inside the trend.
  await createPayment(ctx, {
    mdaId: mdaA,
    amountKobo: 7_000,
    paidAt: new Date('2028-06-10T09:00:00Z'),
  });
  // Paid in January, reversed at 00:10 Lagos on 15 March: January keeps it, today gives it back.
  const reversed = await createPayment(ctx, {
    mdaId: mdaA,
    amountKobo: 50_000,
    paidAt: new Date('2029-01-10T09:00:00Z'),
  });
  const ledger = createLedger({
    receiptPrefix: ctx.config.receiptPrefix,
    settlements: ctx.settlements,
  });
  await ctx.db.transaction(async (tx) => {
    await ledger.changeStatusByHand(tx, systemActor('system'), reversed.id, {
      to: 'reversed',
      reason: 'Bounced',
    });
    await updatePayment(tx, reversed.id, { statusChangedAt: new Date('2029-03-14T23:10:00Z') });
  });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

async function get<T>(url: string, session: SignedIn = executive) {
  const res = await ctx.app.inject({ url: `/api/v1${url}`, headers: session.bearer });
  return { status: res.statusCode, body: res.json<T>() };
}

describe('GET /dashboards/executive', () => {
  it('gives today, the month and the year against the budget for the same days', async () => {
    const { status, body } = await get<ExecutiveDashboard>(`/dashboards/executive?day=${DAY}`);
    expect(status).toBe(200);
    expect(body.day).toBe(DAY);
    // Today: 1 500 + 30 000 − 50 000 reversed; budget one day of March: 1 000 + 2 000.
    expect(body.today).toEqual({ collectedKobo: -18_500, budgetKobo: 3_000 });
    // 1–15 March: today's and C's 5 000 and A's 2 000 of Lagos 1 March; budget 15/31 of March.
    expect(body.month).toEqual({ collectedKobo: -11_500, budgetKobo: 45_000 });
    // The year: January's 50 000 and February's 4 000 too; budget Jan + Feb + 15 days of March.
    expect(body.year).toEqual({ collectedKobo: 42_500, budgetKobo: 83_000 });
    expect(body.annualBudgetKobo).toBe(177_000 + 62_000);
    expect(body.budgetVersion).toEqual({ year: 2029, version: 1, note: 'Demo budget' });
  });

  it('draws 24 months up to the day’s, collected to the day against whole months of budget', async () => {
    const { body } = await get<ExecutiveDashboard>(`/dashboards/executive?day=${DAY}`);
    expect(body.trend).toHaveLength(24);
    expect(body.trend[0]?.month).toBe('2027-04-01');
    expect(body.trend.at(-1)).toEqual({
      month: '2029-03-01',
      collectedKobo: -11_500,
      budgetKobo: 93_000,
    });
    const byMonth = Object.fromEntries(body.trend.map((t) => [t.month, t]));
    expect(byMonth['2029-02-01']).toEqual({
      month: '2029-02-01',
      collectedKobo: 4_000,
      budgetKobo: 28_000,
    });
    expect(byMonth['2029-01-01']).toEqual({
      month: '2029-01-01',
      collectedKobo: 50_000,
      budgetKobo: 10_000,
    });
    expect(byMonth['2028-06-01']).toEqual({
      month: '2028-06-01',
      collectedKobo: 7_000,
      budgetKobo: 0,
    });
    const sum = body.trend.reduce((s, t) => s + t.collectedKobo, 0);
    expect(sum).toBe(42_500 + 7_000);
  });

  it('ranks the MDAs against their budget and mixes the year by channel and tax type', async () => {
    const { body } = await get<ExecutiveDashboard>(`/dashboards/executive?day=${DAY}`);
    // B is on budget (30 000 of 30 000), A at 7 500 of 53 000, C has no budget.
    expect(body.topMdas.map((m) => m.mdaName)).toEqual(['Bravo Board', 'Alpha Ministry']);
    expect(body.bottomMdas.map((m) => m.mdaName)).toEqual(['Charlie Commission']);
    expect(body.topMdas[1]).toMatchObject({
      collectedKobo: 7_500,
      budgetKobo: 53_000,
      shortfallKobo: 45_500,
    });
    expect(body.topMdas[1]?.performance).toBeCloseTo(7_500 / 53_000);
    expect(body.bottomMdas[0]).toMatchObject({ performance: null, shortfallKobo: 0 });
    expect(body.shortfalls.map((m) => [m.mdaId, m.shortfallKobo])).toEqual([[mdaA, 45_500]]);
    expect(body.channelMix).toEqual([
      { channel: 'card', collectedKobo: 30_000, paymentCount: 1 },
      { channel: 'remita', collectedKobo: 12_500, paymentCount: 4 },
    ]);
    expect(body.taxTypeMix).toEqual([
      { taxType: 'stamp-duty', collectedKobo: 30_000, paymentCount: 1 },
      { taxType: 'other', collectedKobo: 11_000, paymentCount: 3 },
      { taxType: 'paye', collectedKobo: 1_500, paymentCount: 1 },
    ]);
  });

  it('still gives the collections of a year with no budget, saying there is none', async () => {
    const { body } = await get<ExecutiveDashboard>('/dashboards/executive?day=2028-06-30');
    expect(body.budgetVersion).toBeNull();
    expect(body.year).toEqual({ collectedKobo: 7_000, budgetKobo: 0 });
    expect(body.topMdas[0]).toMatchObject({ mdaId: mdaA, performance: null });
  });

  it('refuses a bad day and officers without report:executive', async () => {
    expect((await get('/dashboards/executive?day=2029-02-30')).status).toBe(422);
    // A day whose two years of trend would reach before year 1 (found by the route fuzz: a 500).
    for (const day of ['0001-01-01', '1999-12-31', '9999-12-31']) {
      const answer = await get<{ error: { message: string } }>(`/dashboards/executive?day=${day}`);
      expect(answer.status).toBe(422);
      expect(answer.body.error.message).toContain('Give a day from 2002 to 2100');
    }
    expect((await get('/dashboards/mdas?period=decade')).status).toBe(422);
    const officer = await signInMdaOfficer(ctx, [mdaA]);
    expect((await get('/dashboards/executive', officer)).status).toBe(403);
    expect((await get('/dashboards/mdas', officer)).status).toBe(403);
  });
});

describe('GET /dashboards/mdas', () => {
  it('ranks every MDA of the period with its totals', async () => {
    const { body } = await get<MdaRanking>(`/dashboards/mdas?period=month&day=${DAY}`);
    expect(body).toMatchObject({ period: 'month', from: '2029-03-01', to: DAY });
    expect(body.items.map((i) => [i.mdaName, i.collectedKobo, i.budgetKobo])).toEqual([
      ['Bravo Board', 30_000, 30_000],
      ['Alpha Ministry', -46_500, 15_000],
      ['Charlie Commission', 5_000, 0],
    ]);
    expect(body.totals).toEqual({ collectedKobo: -11_500, budgetKobo: 45_000 });
    const today = await get<MdaRanking>(`/dashboards/mdas?period=today&day=${DAY}`);
    expect(today.body.totals).toEqual({ collectedKobo: -18_500, budgetKobo: 3_000 });
  });

  it('exports the same rows as CSV', async () => {
    const res = await ctx.app.inject({
      url: `/api/v1/dashboards/mdas?period=year&day=${DAY}&format=csv`,
      headers: executive.bearer,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Bravo Board');
  });
});

describe('GET /dashboards/mda/{mdaId}', () => {
  it('gives an MDA officer their own MDA’s figures', async () => {
    const officer = await signInMdaOfficer(ctx, [mdaA]);
    const { status, body } = await get<MdaDashboard>(`/dashboards/mda/${mdaA}?day=${DAY}`, officer);
    expect(status).toBe(200);
    expect(body.mdaName).toBe('Alpha Ministry');
    expect(body.today).toEqual({ collectedKobo: -48_500, budgetKobo: 1_000 });
    expect(body.month).toEqual({ collectedKobo: -46_500, budgetKobo: 15_000 });
    expect(body.year).toEqual({ collectedKobo: 7_500, budgetKobo: 53_000 });
    expect(body.annualBudgetKobo).toBe(177_000);
    expect(body.trend.at(-1)).toMatchObject({ collectedKobo: -46_500, budgetKobo: 31_000 });
    expect(body.channelMix.map((c) => c.channel)).toEqual(['remita']);
    expect(body.pos.year).toEqual({ amountKobo: 0, count: 0 });
  });

  it('finds no MDA outside the officer’s, nor one that does not exist; refuses a bad id', async () => {
    const officer = await signInMdaOfficer(ctx, [mdaA]);
    expect((await get(`/dashboards/mda/${mdaB}`, officer)).status).toBe(404);
    expect((await get('/dashboards/mda/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/dashboards/mda/not-an-id')).status).toBe(422);
    expect((await get(`/dashboards/mda/${mdaB}?day=${DAY}`)).status).toBe(200);
  });
});
