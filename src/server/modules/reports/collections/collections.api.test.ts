import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_CHANNELS, type PaymentChannel } from '../../../../shared/payments';
import type { CollectionsByMdaReport } from '../../../../shared/reports/collections';
import { systemActor } from '../../../auth/actor';
import { collectionDailyTotals, payments } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, signInAs, signInMdaOfficer } from '../../../testing/factories';
import { createLedger } from '../../payments/ledger/ledger';
import { updatePayment } from '../../payments/ledger/queries';
import { createPayment, randomRrr } from '../../payments/testing';
import {
  compactCollectionTotals,
  rebuildCollectionTotals,
  verifyCollectionTotals,
} from '../rollups';

/**
 * The collection totals (migration 0031, ADR 0034) against the ledger itself: money counts on
 * the Lagos day it was paid and comes off on the Lagos day it was reversed, whatever the
 * channel, subject or status path, and the report adds them up to the kobo for any period.
 */

let ctx: TestContext & { close(): Promise<void> };
let mdaA: string;
let mdaB: string;
let admin: Awaited<ReturnType<typeof signInAs>>;
const system = systemActor('system');

/** What the ledger says was collected per MDA in [from, to], counted row by row in JS. */
async function countedFromLedger(mdaIds: string[], from: string, to: string) {
  const rows = await ctx.db.select().from(payments).where(inArray(payments.mdaId, mdaIds));
  const lagosDay = (at: Date) => new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
  const totals = new Map<
    string,
    { count: number; amountKobo: number; byChannel: Record<PaymentChannel, number> }
  >();
  const add = (row: (typeof rows)[number], day: string, sign: 1 | -1) => {
    if (day < from || day > to) return;
    const t = totals.get(row.mdaId) ?? {
      count: 0,
      amountKobo: 0,
      byChannel: Object.fromEntries(PAYMENT_CHANNELS.map((c) => [c, 0])) as Record<
        PaymentChannel,
        number
      >,
    };
    t.count += sign;
    t.amountKobo += sign * row.amountKobo;
    t.byChannel[row.channel] += sign * row.amountKobo;
    totals.set(row.mdaId, t);
  };
  for (const row of rows) {
    if ((row.status === 'paid' || row.status === 'reversed') && row.paidAt) {
      add(row, lagosDay(row.paidAt), 1);
    }
    if (row.status === 'reversed' && row.paidAt) {
      add(row, lagosDay(row.statusChangedAt ?? row.paidAt), -1);
    }
  }
  for (const [id, t] of totals) if (t.count === 0 && t.amountKobo === 0) totals.delete(id);
  return totals;
}

async function report(query: string, headers = admin.bearer) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/reports/collections-by-mda?${query}`,
    headers,
  });
  return res;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  mdaA = (await createMda(ctx)).id;
  mdaB = (await createMda(ctx)).id;
  const ledger = createLedger({
    receiptPrefix: ctx.config.receiptPrefix,
    settlements: ctx.settlements,
  });

  // 23:30 UTC on 28 February is 00:30 on 1 March in Lagos: March's.
  await createPayment(ctx, {
    mdaId: mdaA,
    amountKobo: 10_000,
    paidAt: new Date('2026-02-28T23:30:00Z'),
  });
  // 22:30 UTC on 28 February is 23:30 in Lagos: February's.
  await createPayment(ctx, {
    mdaId: mdaA,
    amountKobo: 20_000,
    paidAt: new Date('2026-02-28T22:30:00Z'),
  });
  await createPayment(ctx, {
    mdaId: mdaB,
    amountKobo: 4_000,
    paidAt: new Date('2026-01-10T09:00:00Z'),
    channel: 'card',
  });
  // A bill never paid counts nowhere; one paid later counts on the day it was paid.
  await createPayment(ctx, { mdaId: mdaA, status: 'pending', amountKobo: 999_00 });
  const bill = await createPayment(ctx, { mdaId: mdaB, status: 'pending', amountKobo: 7_000 });
  await ctx.db.transaction((tx) =>
    ledger.recordConfirmedPayment(tx, system, {
      rrr: bill.rrr ?? randomRrr(),
      mdaId: mdaB,
      amountKobo: 7_000,
      paidAt: new Date('2026-03-15T10:00:00Z'),
      arrival: 'status-check',
    }),
  );
  // POS and bank money, recorded without an RRR.
  for (const [channel, sourceReference] of [
    ['pos', `benjis/T9/${randomRrr()}/2026-03-02`],
    ['bank', `0123456789/${randomRrr()}`],
  ] as const) {
    await ctx.db.transaction((tx) =>
      ledger.recordReceivedPayment(tx, system, {
        channel,
        sourceReference,
        arrival: channel === 'pos' ? 'push' : 'statement',
        mdaId: mdaA,
        amountKobo: 3_000,
        paidAt: new Date('2026-03-02T08:00:00Z'),
      }),
    );
  }
  // Paid in January, reversed on 2 April (Lagos): January keeps it, April gives it back.
  const reversed = await createPayment(ctx, {
    mdaId: mdaA,
    amountKobo: 50_000,
    paidAt: new Date('2026-01-20T12:00:00Z'),
  });
  await ctx.db.transaction(async (tx) => {
    await ledger.changeStatusByHand(tx, system, reversed.id, { to: 'reversed', reason: 'Bounced' });
    await updatePayment(tx, reversed.id, { statusChangedAt: new Date('2026-04-01T23:10:00Z') });
  });
  // Linked to a type after it was paid: it moves between types, not between days.
  const linked = await createPayment(ctx, {
    mdaId: mdaB,
    amountKobo: 1_500,
    paidAt: new Date('2026-03-31T22:59:00Z'),
  });
  await ctx.db.transaction((tx) => updatePayment(tx, linked.id, { type: 'paye' }));
});

afterAll(async () => {
  await ctx?.close();
});

describe('collections by MDA', () => {
  it.each([
    ['2026-01-01', '2026-12-31'],
    ['2026-01-01', '2026-01-31'],
    ['2026-02-01', '2026-02-28'],
    ['2026-03-01', '2026-03-01'],
    ['2026-02-15', '2026-04-10'],
    ['2026-03-31', '2026-04-02'],
    ['2026-04-02', '2026-04-02'],
  ])('gives the ledger’s figure to the kobo for %s to %s', async (from, to) => {
    const res = await report(`from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<CollectionsByMdaReport>();
    const expected = await countedFromLedger([mdaA, mdaB], from, to);
    const ours = body.items.filter((i) => i.mdaId === mdaA || i.mdaId === mdaB);
    expect(ours.map((i) => [i.mdaId, i.count, i.amountKobo, i.byChannel]).sort()).toEqual(
      [...expected.entries()].map(([id, t]) => [id, t.count, t.amountKobo, t.byChannel]).sort(),
    );
    const sum = body.items.reduce((s, i) => s + i.amountKobo, 0);
    expect(body.totals.amountKobo).toBe(sum);
  });

  it('takes a reversal off on the day it was made, not the day it was paid', async () => {
    const april = (await report('from=2026-04-01&to=2026-04-30')).json<CollectionsByMdaReport>();
    expect(april.items.find((i) => i.mdaId === mdaA)).toMatchObject({
      count: -1,
      amountKobo: -50_000,
    });
    const january = (await report('from=2026-01-01&to=2026-01-31')).json<CollectionsByMdaReport>();
    expect(january.items.find((i) => i.mdaId === mdaA)).toMatchObject({ amountKobo: 50_000 });
  });

  it('shows MDA staff their own MDAs only', async () => {
    const officer = await signInMdaOfficer(ctx, [mdaB]);
    const body = (
      await report('from=2026-01-01&to=2026-12-31', officer.bearer)
    ).json<CollectionsByMdaReport>();
    expect(body.items.map((i) => i.mdaId)).toEqual([mdaB]);
    expect(body.totals.amountKobo).toBe(4_000 + 7_000 + 1_500);
    expect(body.items[0]?.share).toBe(1);
  });

  it('refuses a reversed period, one over five years, a bad day, and officers without payment:read', async () => {
    for (const query of [
      'from=2026-03-01&to=2026-02-01',
      'from=2020-01-01&to=2026-01-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-13-01',
    ]) {
      expect((await report(query)).statusCode, query).toBe(422);
    }
    const printer = await signInAs(ctx, 'PRINTING_OFFICER');
    expect((await report('from=2026-01-01&to=2026-01-31', printer.bearer)).statusCode).toBe(403);
  });

  it('exports the same figures as XLSX', async () => {
    const res = await report('from=2026-01-01&to=2026-12-31&format=xlsx');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = sheet?.getRow(1).values as unknown[];
    expect(header.some((h) => typeof h === 'string' && h.startsWith('Collected'))).toBe(true);
    const body = (await report('from=2026-01-01&to=2026-12-31')).json<CollectionsByMdaReport>();
    expect((sheet?.rowCount ?? 0) - 1).toBe(body.items.length);
  });
});

describe('the collection totals against the ledger', () => {
  it('verify finds nothing after every path above, and finds a total changed behind its back', async () => {
    const ours = (await verifyCollectionTotals(ctx.db, 1_000)).filter(
      (d) => d.mdaId === mdaA || d.mdaId === mdaB,
    );
    expect(ours).toEqual([]);
    const stray = (await createMda(ctx)).id;
    await ctx.db.insert(collectionDailyTotals).values({
      day: '2026-05-05',
      mdaId: stray,
      revenueHeadCode: '',
      channel: 'remita',
      subjectKind: '',
      type: '',
      shard: 0,
      paymentCount: 1,
      amountKobo: 100,
    });
    const found = (await verifyCollectionTotals(ctx.db, 1_000)).filter((d) => d.mdaId === stray);
    expect(found).toEqual([
      expect.objectContaining({
        level: 'day',
        period: '2026-05-05',
        ledgerKobo: 0,
        rollupKobo: 100,
      }),
    ]);
    await ctx.db.delete(collectionDailyTotals).where(eq(collectionDailyTotals.mdaId, stray));
  });

  it('rebuild gives the same figures as the triggers kept', async () => {
    const before = (await report('from=2026-01-01&to=2026-12-31')).json<CollectionsByMdaReport>();
    const rebuilt = await rebuildCollectionTotals(ctx.db);
    expect(rebuilt.days).toBeGreaterThan(0);
    const after = (await report('from=2026-01-01&to=2026-12-31')).json<CollectionsByMdaReport>();
    const pick = (r: CollectionsByMdaReport) =>
      r.items.filter((i) => i.mdaId === mdaA || i.mdaId === mdaB);
    expect(pick(after)).toEqual(pick(before));
    expect((await verifyCollectionTotals(ctx.db, 1_000)).filter((d) => d.mdaId === mdaA)).toEqual(
      [],
    );
  });

  it('compaction folds the shards of closed days and months into one row, and leaves today’s', async () => {
    const mdaId = (await createMda(ctx)).id;
    const row = (day: string, shard: number, amountKobo: number) => ({
      day,
      mdaId,
      revenueHeadCode: '',
      channel: 'pos' as const,
      subjectKind: '',
      type: '',
      shard,
      paymentCount: 1,
      amountKobo,
    });
    await ctx.db
      .insert(collectionDailyTotals)
      .values([row('2026-03-03', 3, 100), row('2026-03-03', 5, 250), row('2026-03-04', 7, 40)]);
    await compactCollectionTotals(ctx.db, '2026-03-04');
    const rows = await ctx.db
      .select()
      .from(collectionDailyTotals)
      .where(eq(collectionDailyTotals.mdaId, mdaId));
    expect(rows.map((r) => [r.day, r.shard, r.paymentCount, r.amountKobo]).sort()).toEqual([
      ['2026-03-03', 0, 2, 350],
      ['2026-03-04', 7, 1, 40],
    ]);
    await ctx.db.delete(collectionDailyTotals).where(eq(collectionDailyTotals.mdaId, mdaId));
  });
});
