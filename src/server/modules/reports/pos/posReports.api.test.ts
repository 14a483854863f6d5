import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PosTakingsReport } from '../../../../shared/reports/pos';
import { posTransactions } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs, signInMdaOfficer } from '../../../testing/factories';
import {
  createPosWorld,
  insertPosTransaction,
  type PosWorld,
} from '../../pos/transactions/testing';

/**
 * GET /api/v1/reports/pos-takings: recorded takings from the POS daily totals per day,
 * terminal, agent and MDA, across Lagos midnight and a reversal made later; MDA staff see
 * their MDAs' terminals only. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let executive: SignedIn;
let busy: PosWorld;
let quiet: PosWorld;
let reversible: { id: string };

const at = (day: string, time = '10:00:00') => new Date(`${day}T${time}+01:00`);

beforeAll(async () => {
  ctx = await createTestContext();
  executive = await signInAs(ctx, 'EXECUTIVE');
  busy = await createPosWorld(ctx, { agentName: 'Busy Agent' });
  quiet = await createPosWorld(ctx, { agentName: 'Quiet Agent' });
  await insertPosTransaction(ctx, busy, { amountKobo: 100_000, transactedAt: at('2026-03-11') });
  reversible = await insertPosTransaction(ctx, busy, {
    amountKobo: 40_000,
    transactedAt: at('2026-03-11'),
  });
  await insertPosTransaction(ctx, busy, {
    amountKobo: 9_000,
    transactedAt: at('2026-03-11'),
    state: 'declined',
  });
  // 23:30 in Lagos on the 10th is the 10th; 00:30 on the 12th is the 12th.
  await insertPosTransaction(ctx, quiet, {
    amountKobo: 30_000,
    transactedAt: at('2026-03-10', '23:30:00'),
  });
  await insertPosTransaction(ctx, quiet, {
    amountKobo: 5_000,
    transactedAt: at('2026-03-12', '00:30:00'),
  });
});

afterAll(async () => {
  await ctx?.close();
});

const get = (query: string, who: SignedIn = executive) =>
  ctx.app.inject({ url: `/api/v1/reports/pos-takings?${query}`, headers: who.bearer });

async function takings(query: string, who: SignedIn = executive) {
  const res = await get(query, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PosTakingsReport>();
}

const ours = (r: PosTakingsReport) =>
  r.byTerminal.filter((t) => t.terminalId === busy.terminalId || t.terminalId === quiet.terminalId);

describe('GET /api/v1/reports/pos-takings', () => {
  it('adds up recorded takings per terminal, agent, MDA and day', async () => {
    const r = await takings('from=2026-03-10&to=2026-03-12');
    expect(ours(r).map((t) => [t.terminalId, t.agentName, t.count, t.amountKobo])).toEqual([
      [busy.terminalId, 'Busy Agent', 2, 140_000],
      [quiet.terminalId, 'Quiet Agent', 2, 35_000],
    ]);
    expect(r.byAgent.find((a) => a.agentId === quiet.agent.id)).toMatchObject({ count: 2 });
    expect(r.byMda.find((m) => m.mdaId === busy.mda.id)?.amountKobo).toBe(140_000);
    expect(r.seriesBy).toBe('day');
    expect(r.series.map((d) => d.period)).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
    const sum = r.series.reduce((s, d) => s + d.amountKobo, 0);
    expect(r.totals.amountKobo).toBe(sum);
  });

  it('puts each takings on its Lagos day', async () => {
    const tenth = await takings(`from=2026-03-10&to=2026-03-10&mdaId=${quiet.mda.id}`);
    expect(tenth.totals).toEqual({ count: 1, amountKobo: 30_000 });
    expect(tenth.mda).toEqual({ mdaId: quiet.mda.id, mdaName: quiet.mda.name });
    const twelfth = await takings(`from=2026-03-12&to=2026-03-12&mdaId=${quiet.mda.id}`);
    expect(twelfth.totals).toEqual({ count: 1, amountKobo: 5_000 });
  });

  it('takes a reversal made later off its own day, and charts a year by month', async () => {
    await ctx.db
      .update(posTransactions)
      .set({ state: 'reversed' })
      .where(eq(posTransactions.id, reversible.id));
    const r = await takings(`from=2026-03-11&to=2026-03-11&mdaId=${busy.mda.id}`);
    expect(r.totals).toEqual({ count: 1, amountKobo: 100_000 });
    const year = await takings(`from=2026-01-01&to=2026-12-31&mdaId=${busy.mda.id}`);
    expect(year.seriesBy).toBe('month');
    expect(year.series).toHaveLength(12);
    expect(year.series[2]).toEqual({ period: '2026-03-01', count: 1, amountKobo: 100_000 });
  });

  it("shows MDA staff their MDAs' terminals only; another MDA is not found", async () => {
    const officer = await signInMdaOfficer(ctx, [quiet.mda.id]);
    const r = await takings('from=2026-03-01&to=2026-03-31', officer);
    expect(r.byTerminal.map((t) => t.terminalId)).toEqual([quiet.terminalId]);
    expect(r.totals.amountKobo).toBe(35_000);
    const other = await get(`mdaId=${busy.mda.id}`, officer);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Busy');
  });

  it('exports the takings per terminal', async () => {
    const res = await get(`from=2026-03-10&to=2026-03-12&mdaId=${quiet.mda.id}&format=csv`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Terminal,Agent,MDA,Transactions');
    expect(lines[1]).toContain(`${quiet.terminalId},Quiet Agent`);
    expect(lines[1]).toMatch(/,2,350\.00$/);
  });

  it('refuses a bad period, and officers without report:read', async () => {
    for (const q of [
      'from=2026-03-02&to=2026-03-01',
      'from=2019-01-01&to=2026-01-01',
      'to=2026-3-1',
    ]) {
      expect((await get(q)).statusCode, q).toBe(422);
    }
    const benjis = await signInAs(ctx, 'OFFICER_BENJIS');
    expect((await get('', benjis)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/v1/reports/pos-takings' })).statusCode).toBe(401);
  });
});
