import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PosDashboard } from '../../../../shared/pos/dashboard';
import { posTransactions } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { createPosWorld, insertPosTransaction, type PosWorld } from '../transactions/testing';

/**
 * GET /api/v1/pos/dashboard: each period's takings, the breakdowns, the chart's days, the
 * silent terminals and the held count, all from the daily totals the trigger keeps — including
 * when a transaction is reversed. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let benjis: SignedIn;
let busy: PosWorld;
let quiet: PosWorld;
let reversible: { id: string };

// Wednesday 11 March 2026: its week starts on Monday the 9th, its month on the 1st.
const DAY = '2026-03-11';
const at = (day: string, time = '10:00:00') => new Date(`${day}T${time}+01:00`);

beforeAll(async () => {
  ctx = await createTestContext();
  benjis = await signInAs(ctx, 'OFFICER_BENJIS');
  busy = await createPosWorld(ctx, { agentName: 'Busy Agent' });
  quiet = await createPosWorld(ctx, { agentName: 'Quiet Agent' });
  // 23:30 in Lagos on the 10th is the 10th, though the 11th has begun nowhere yet.
  await insertPosTransaction(ctx, busy, { amountKobo: 100_000, transactedAt: at(DAY) });
  reversible = await insertPosTransaction(ctx, busy, { amountKobo: 40_000, transactedAt: at(DAY) });
  await insertPosTransaction(ctx, busy, {
    amountKobo: 9_000,
    transactedAt: at(DAY),
    state: 'declined',
  });
  await insertPosTransaction(ctx, busy, { amountKobo: 20_000, transactedAt: at('2026-03-09') });
  await insertPosTransaction(ctx, quiet, {
    amountKobo: 30_000,
    transactedAt: at('2026-03-10', '23:30:00'),
  });
  await insertPosTransaction(ctx, quiet, { amountKobo: 5_000, transactedAt: at('2026-03-02') });
  await insertPosTransaction(ctx, quiet, { amountKobo: 7_000, transactedAt: at('2026-02-27') });
  await insertPosTransaction(ctx, busy, {
    amountKobo: 3_000,
    transactedAt: at(DAY),
    state: 'held',
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function dashboard(query: Record<string, string>): Promise<PosDashboard> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/pos/dashboard?${new URLSearchParams(query)}`,
    headers: benjis.bearer,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PosDashboard>();
}

describe('GET /api/v1/pos/dashboard', () => {
  it('adds up today, this week and this month, recorded takings only', async () => {
    const d = await dashboard({ day: DAY });
    expect(d.periods.today).toEqual({ from: DAY, amountKobo: 140_000, count: 2 });
    expect(d.periods.week).toEqual({ from: '2026-03-09', amountKobo: 190_000, count: 4 });
    expect(d.periods.month).toEqual({ from: '2026-03-01', amountKobo: 195_000, count: 5 });
    expect(d.byAgent).toEqual([
      {
        key: busy.agent.id,
        name: 'Busy Agent',
        detail: expect.any(String),
        amountKobo: 140_000,
        count: 2,
      },
    ]);
    expect(d.byTerminal.map((g) => [g.key, g.detail])).toEqual([[busy.terminalId, 'Busy Agent']]);
    expect(d.byMda.map((g) => g.key)).toEqual([busy.mda.id]);
    expect(d.byRevenueHead).toHaveLength(1);
    expect(d.byRevenueHead[0]?.name).toBe('12020401');
  });

  it('breaks the month down and charts each of the last 30 days', async () => {
    const d = await dashboard({ day: DAY, period: 'month' });
    expect(d.from).toBe('2026-03-01');
    expect(d.byAgent.map((g) => [g.name, g.amountKobo])).toEqual([
      ['Busy Agent', 160_000],
      ['Quiet Agent', 35_000],
    ]);
    expect(d.daily).toHaveLength(30);
    expect(d.daily.at(-1)).toEqual({ day: DAY, amountKobo: 140_000, count: 2 });
    expect(d.daily.find((x) => x.day === '2026-02-27')?.amountKobo).toBe(7_000);
    expect(d.daily.find((x) => x.day === '2026-03-10')?.amountKobo).toBe(30_000);
    expect(d.daily.reduce((s, x) => s + x.count, 0)).toBe(6);
  });

  it('lists the active terminals that sent nothing on the day, and the held count', async () => {
    const d = await dashboard({ day: DAY });
    const silent = d.silentTerminals.items.map((t) => t.terminalId);
    expect(silent).toContain(quiet.terminalId);
    expect(silent).not.toContain(busy.terminalId);
    expect(d.silentTerminals.items.find((t) => t.terminalId === quiet.terminalId)).toMatchObject({
      agentName: 'Quiet Agent',
      lastDay: '2026-03-10',
    });
    expect(d.held.count).toBe(1);
  });

  it('follows a reversal, and its undoing, through the daily totals', async () => {
    await ctx.db
      .update(posTransactions)
      .set({ state: 'reversed' })
      .where(eq(posTransactions.id, reversible.id));
    expect((await dashboard({ day: DAY })).periods.today).toMatchObject({
      amountKobo: 100_000,
      count: 1,
    });
    await ctx.db
      .update(posTransactions)
      .set({ state: 'recorded' })
      .where(eq(posTransactions.id, reversible.id));
    expect((await dashboard({ day: DAY })).periods.today).toMatchObject({
      amountKobo: 140_000,
      count: 2,
    });
  });

  it('is 403 for an officer without pos:read and 401 signed out', async () => {
    const stranger = await signInAs(ctx, 'OFFICER_DA');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/pos/dashboard',
      headers: stranger.bearer,
    });
    expect(res.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/pos/dashboard' })).statusCode).toBe(
      401,
    );
  });
});
