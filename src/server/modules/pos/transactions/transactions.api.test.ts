import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PosTransactionListQuery,
  type PosTransactionPage,
} from '../../../../shared/pos/transactionList';
import { systemActor } from '../../../auth/actor';
import { auditEvents } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs, signInMdaOfficer } from '../../../testing/factories';
import { createPosTransactionService } from './service';
import { createPosWorld, insertPosTransaction, type PosWorld } from './testing';

/**
 * GET /api/v1/pos/transactions: each filter, the keyword over RRN, STAN, terminal, agent and
 * payer, totals that add up the rows, the export, and who may read it. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let benjis: SignedIn;
let benjisRead: SignedIn;
let world: PosWorld;
let other: PosWorld;
const ids: Record<string, { id: string; stan: string; rrn: string }> = {};

const DAY1 = new Date('2026-03-02T09:15:00+01:00');
const DAY2 = new Date('2026-03-03T17:40:00+01:00');

beforeAll(async () => {
  ctx = await createTestContext();
  [benjis, benjisRead] = await Promise.all([
    signInAs(ctx, 'OFFICER_BENJIS'),
    signInAs(ctx, 'OFFICER_BENJIS_READ'),
  ]);
  world = await createPosWorld(ctx, { agentName: 'Tamunoemi Kalabari' });
  other = await createPosWorld(ctx, { agentName: 'Preye Ogbolu' });
  ids.a = await insertPosTransaction(ctx, world, {
    amountKobo: 100_000,
    transactedAt: DAY1,
    payerName: 'Ebiere Alagoa',
    payerPhone: '+2348061112222',
  });
  ids.b = await insertPosTransaction(ctx, world, { amountKobo: 250_000, transactedAt: DAY2 });
  ids.c = await insertPosTransaction(ctx, world, {
    amountKobo: 70_000,
    transactedAt: DAY2,
    state: 'declined',
  });
  ids.d = await insertPosTransaction(ctx, other, {
    amountKobo: 500_000,
    transactedAt: DAY1,
    payerName: 'Timi Alagoa-Brown',
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function list(who: SignedIn, query: Record<string, string>) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/pos/transactions?${new URLSearchParams(query)}`,
    headers: who.bearer,
  });
  return res;
}

async function page(query: Record<string, string>): Promise<PosTransactionPage> {
  const res = await list(benjis, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PosTransactionPage>();
}

const stansOf = (p: PosTransactionPage) => p.items.map((t) => t.stan).sort();

describe('GET /api/v1/pos/transactions', () => {
  it('filters by terminal, agent, MDA, status and day, newest first, totals of the filter', async () => {
    const byTerminal = await page({ terminalId: world.terminalId });
    expect(new Set(byTerminal.items.slice(0, 2).map((t) => t.id))).toEqual(
      new Set([ids.b?.id, ids.c?.id]),
    );
    expect(byTerminal.items[2]?.id).toBe(ids.a?.id);
    expect(byTerminal.total).toBe(3);
    expect(byTerminal.totals).toEqual({ count: 3, amountKobo: 420_000, isCapped: false });
    expect(byTerminal.isTotalCapped).toBe(false);
    expect(byTerminal.items[0]).toMatchObject({
      terminalId: world.terminalId,
      agentName: 'Tamunoemi Kalabari',
      mdaId: world.mda.id,
    });

    const byAgent = await page({ agentId: other.agent.id });
    expect(stansOf(byAgent)).toEqual([ids.d?.stan]);
    const byMda = await page({ mdaId: world.mda.id, status: 'approved' });
    expect(stansOf(byMda)).toEqual([ids.a?.stan, ids.b?.stan].sort());
    expect(byMda.totals).toEqual({
      count: 2,
      amountKobo: byMda.items.reduce((s, t) => s + t.amountKobo, 0),
      isCapped: false,
    });
    const declined = await page({ mdaId: world.mda.id, state: 'declined' });
    expect(stansOf(declined)).toEqual([ids.c?.stan]);
    const oneDay = await page({ from: '2026-03-02', to: '2026-03-02' });
    expect(stansOf(oneDay)).toEqual([ids.a?.stan, ids.d?.stan].sort());
    const paged = await page({ terminalId: world.terminalId, pageSize: '2', page: '2' });
    expect(paged.items).toHaveLength(1);
    expect(paged.totals.count).toBe(3);
  });

  it('finds by RRN, STAN, terminal, agent name, payer name and phone', async () => {
    expect(stansOf(await page({ keyword: ids.a?.rrn ?? '' }))).toEqual([ids.a?.stan]);
    expect(stansOf(await page({ keyword: ids.d?.stan ?? '' }))).toContain(ids.d?.stan);
    expect((await page({ keyword: world.terminalId })).total).toBe(3);
    expect(stansOf(await page({ keyword: 'preye' }))).toEqual([ids.d?.stan]);
    expect(stansOf(await page({ keyword: 'Alagoa' }))).toEqual([ids.a?.stan, ids.d?.stan].sort());
    expect(stansOf(await page({ keyword: 'ebiere alagoa' }))).toEqual([ids.a?.stan]);
    expect(stansOf(await page({ keyword: '0806 111 2222' }))).toEqual([ids.a?.stan]);
    expect((await page({ keyword: 'nobody-at-all' })).total).toBe(0);
    // SPEC's keyword report, within dates.
    const report = await page({ keyword: 'alagoa', from: '2026-03-02', to: '2026-03-02' });
    expect(report.totals).toEqual({ count: 2, amountKobo: 600_000, isCapped: false });
  });

  it('counts a keyword only so far past the page: capped, no sum, the page exact newest first across windows', async () => {
    // Seven transactions of one payer name over the newest-first windows (a day, the day
    // before, two days before that…), two of them over a year old.
    const named = await createPosWorld(ctx, { agentName: 'Owei Sagbama' });
    const now = Date.now();
    const ages = [1, 5, 9, 20, 45, 400, 401];
    const made: { id: string }[] = [];
    for (const days of ages) {
      made.push(
        await insertPosTransaction(ctx, named, {
          amountKobo: 10_000 + days,
          transactedAt: new Date(now - days * 86_400_000),
          payerName: 'Seimiye Ekeremor',
        }),
      );
    }
    const ids = (p: PosTransactionPage) => p.items.map((t) => t.id);
    const actor = { ...systemActor('system'), userType: 'OFFICER_BENJIS' as const };
    const service = createPosTransactionService({ db: ctx.db, keywordCountAhead: 3 });
    const find = (q: Record<string, string>, on = service) =>
      on.findTransactions(
        actor,
        PosTransactionListQuery.parse({ keyword: 'seimiye ekeremor', ...q }),
      );

    const first = await find({ pageSize: '2' });
    expect(first).toMatchObject({ total: 3, isTotalCapped: true });
    expect(first.totals).toEqual({ count: 3, amountKobo: null, isCapped: true });
    expect(ids(first)).toEqual([made[0]?.id, made[1]?.id]);
    // Counted to offset + 3: page 2 of 2 is capped at 5 and read across two later windows.
    const second = await find({ pageSize: '2', page: '2' });
    expect(second).toMatchObject({ total: 5, isTotalCapped: true });
    expect(ids(second)).toEqual([made[2]?.id, made[3]?.id]);
    // Counted one past the page, page 6 of 1 is capped at 6 of 7 and reads back past a year.
    const oneAhead = createPosTransactionService({ db: ctx.db, keywordCountAhead: 1 });
    const sixth = await find({ pageSize: '1', page: '6' }, oneAhead);
    expect(sixth.isTotalCapped).toBe(true);
    expect(ids(sixth)).toEqual([made[5]?.id]);
    // Past the count on the last page: exact again.
    const last = await find({ pageSize: '1', page: '7' }, oneAhead);
    expect(last.isTotalCapped).toBe(false);
    expect(ids(last)).toEqual([made[6]?.id]);

    // Under the cap (the default 1,000): the exact count and sum, the same order.
    const exact = await page({ keyword: 'seimiye ekeremor' });
    expect(exact).toMatchObject({ total: 7, isTotalCapped: false });
    expect(exact.totals).toEqual({
      count: 7,
      amountKobo: ages.reduce((s, d) => s + 10_000 + d, 0),
      isCapped: false,
    });
    expect(ids(exact)).toEqual(made.map((t) => t.id));
  });

  it('exports the filter as CSV, audited', async () => {
    const res = await list(benjis, { terminalId: world.terminalId, format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Amount (NGN)');
    expect(lines).toHaveLength(4);
    expect(res.body).toContain('2500.00');
    const [audit] = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'pos_transactions.exported'),
          eq(auditEvents.actorId, benjis.officer.id),
        ),
      );
    expect(audit).toBeDefined();
    const xlsx = await list(benjis, { keyword: 'alagoa', format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is read by the POS officers; 403 for others and MDA officers, 401 signed out', async () => {
    expect((await list(benjisRead, { keyword: world.terminalId })).statusCode).toBe(200);
    const stranger = await signInAs(ctx, 'OFFICER_DA');
    expect((await list(stranger, {})).statusCode).toBe(403);
    const mdaOfficer = await signInMdaOfficer(ctx, [world.mda.id]);
    expect((await list(mdaOfficer, {})).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/pos/transactions' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses reversed dates and a one-letter keyword (422)', async () => {
    const reversed = await list(benjis, { from: '2026-03-05', to: '2026-03-01' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().error.message).toMatch(/after the last day/);
    expect((await list(benjis, { keyword: 'a' })).statusCode).toBe(422);
  });
});
