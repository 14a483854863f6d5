import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLagos } from '../../../shared/dates';
import { addMonths, firstDayOf, lastDayOf, monthOf } from '../../../shared/indicators/months';
import type { IndicatorItem, IndicatorsAnswer } from '../../../shared/indicators/schemas';
import {
  auditEvents,
  bankAccounts,
  bankStatementLines,
  indicatorSnapshots,
  objections,
} from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../testing/factories';
import { createDirectAssessment, send } from '../assessments/testing';
import { createPayment } from '../payments/testing';
import { snapshotClosedMonths } from './snapshots';

/**
 * The performance indicators (docs/indicators.md) against records built by hand in a closed
 * month, each answer worked out below, then the month's snapshot held while a record changes.
 */

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let chairman: SignedIn;
let executive: SignedIn;
const today = todayInLagos();
/** Two months back: closed, so its figures are a snapshot's once the job has run. */
const month = addMonths(monthOf(today), -2);
const lastDay = lastDayOf(month);
let agedCreditId: string;

async function indicatorsOf(query: string, who: SignedIn = chairman) {
  return send(ctx, who, 'GET', `/api/v1/indicators${query}`);
}

async function itemOf(key: string, m = month): Promise<IndicatorItem> {
  const res = await indicatorsOf(`?month=${m}`);
  expect(res.statusCode).toBe(200);
  const item = res.json<IndicatorsAnswer>().items.find((i) => i.key === key);
  if (!item) throw new Error(`no ${key}`);
  return item;
}

async function itemsOf(m: string): Promise<IndicatorItem[]> {
  const res = await indicatorsOf(`?month=${m}`);
  expect(res.statusCode).toBe(200);
  return res.json<IndicatorsAnswer>().items;
}

/** Noon in Lagos of a day, as a timestamp. */
const noonOf = (day: string) => new Date(`${day}T11:00:00Z`);

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, chairman, executive] = await Promise.all([
    signInAs(ctx, 'ADMIN'),
    signInAs(ctx, 'TCC_CHAIRMAN'),
    signInAs(ctx, 'EXECUTIVE'),
  ]);
  const mdaId = (await createMda(ctx)).id;

  // Electronic payment: ₦600 by Remita, ₦100 by card, ₦300 by hand: 70 % electronic.
  const mid = `${month}-15`;
  for (const [channel, amountKobo] of [
    ['remita', 600_00],
    ['card', 100_00],
    ['manual', 300_00],
  ] as const) {
    await createPayment(ctx, { mdaId, channel, amountKobo, paidAt: noonOf(mid) });
  }
  // A payment the month after counts in that month, not this one.
  await createPayment(ctx, {
    mdaId,
    channel: 'manual',
    amountKobo: 5_000_00,
    paidAt: noonOf(firstDayOf(addMonths(month, 1))),
  });

  // Suspense at the month's end: ₦5,000 unmatched 40 days, ₦1,000 unmatched 5 days. Not
  // counted: a credit marked not revenue, one after the month's end, a debit.
  const [account] = await ctx.db
    .insert(bankAccounts)
    .values({ bank: 'fidelity', accountNumber: '0123456780', name: 'Collections' })
    .returning();
  const line = (
    ref: string,
    valueDate: string,
    amountKobo: number,
    state: 'unmatched' | 'not-revenue' | null,
  ) => ({
    accountId: account?.id as string,
    bankReference: ref,
    valueDate,
    direction: state ? ('credit' as const) : ('debit' as const),
    amountKobo,
    narration: `Transfer ${ref}`,
    state,
  });
  const inserted = await ctx.db
    .insert(bankStatementLines)
    .values([
      line('FT-40', addDays(lastDay, -40), 5_000_00, 'unmatched'),
      line('FT-5', addDays(lastDay, -5), 1_000_00, 'unmatched'),
      line('FT-NR', addDays(lastDay, -3), 9_000_00, 'not-revenue'),
      line('FT-LATE', addDays(lastDay, 1), 7_000_00, 'unmatched'),
      line('DR-1', addDays(lastDay, -2), 2_000_00, null),
    ])
    .returning({ id: bankStatementLines.id, ref: bankStatementLines.bankReference });
  agedCreditId = inserted.find((l) => l.ref === 'FT-40')?.id as string;

  // Objections decided in the month: on day 90 (refused), day 91 (refused), day 20 (upheld).
  // Within 90: 2 of 3; within 30 and within 60: 1 of 3; median 90 days; upheld 1 of 3.
  const da = await signInAs(ctx, 'OFFICER_DA');
  const assessment = await createDirectAssessment(ctx, da, (await createTaxpayer(ctx)).btin);
  const decidedOn = `${month}-10`;
  for (const [days, status] of [
    [90, 'refused'],
    [91, 'refused'],
    [20, 'upheld'],
  ] as const) {
    const filedOn = addDays(decidedOn, -days);
    // Filed late in a Lagos evening and decided early the next morning's day: calendar days count.
    await ctx.db.insert(objections).values({
      assessmentId: assessment.id,
      status,
      grounds: `Decided after ${days} days`,
      disputedKobo: 1_000_00,
      filedAt: new Date(`${filedOn}T21:30:00Z`),
      answerDueDate: addDays(filedOn, 90),
      decidedAt: new Date(`${decidedOn}T07:00:00Z`),
    });
  }
  // Still open: not decided, so not counted.
  await ctx.db.insert(objections).values({
    assessmentId: assessment.id,
    grounds: 'Open',
    disputedKobo: 1_000_00,
    filedAt: noonOf(decidedOn),
    answerDueDate: addDays(decidedOn, 90),
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/v1/indicators', () => {
  it('electronic payment: the share by value of the month’s collections not taken by hand', async () => {
    const item = await itemOf('electronic-payment');
    expect(item.value).toBeCloseTo(0.7, 10);
    expect(item.unit).toBe('share');
    expect(item.facts.map((f) => f.value)).toEqual([1_000_00, 700_00, 300_00]);
    expect(item.tadatRef).toMatch(/^P5-12/);
    // 24 months at most, from the service's first record: the objection filed 91 days back.
    expect(item.trend.map((t) => t.month)).toEqual([-3, -2, -1, 0].map((n) => addMonths(month, n)));
    expect(item.trend.at(-1)).toEqual({ month, value: item.value });
    // The month after holds only the ₦5,000 by hand.
    expect((await itemOf('electronic-payment', addMonths(month, 1))).value).toBe(0);
  });

  it('before the job has stored a closed month: the month shown is computed, the trend’s other closed months are blank and pending', async () => {
    const next = addMonths(month, 1);
    const item = await itemOf('electronic-payment', next);
    expect(item.source).toBe('live');
    expect(item.value).toBe(0);
    // The month with ₦1,000 collected is not stored yet: pending, not "nothing to measure".
    expect(item.trend.find((t) => t.month === month)).toEqual({
      month,
      value: null,
      pending: true,
    });
    expect(item.trend.at(-1)).toEqual({ month: next, value: 0 });
    // The current month's trend: every closed month pending, the month itself live.
    const res = await indicatorsOf('');
    const current = res.json<IndicatorsAnswer>().items[0];
    expect(current?.trend.slice(0, -1).every((t) => t.pending && t.value === null)).toBe(true);
    expect(current?.trend.at(-1)?.pending).toBeUndefined();
  });

  it('suspense: credits unmatched at the month’s end, by age; the 40-day credit is 31–90 days', async () => {
    const item = await itemOf('suspense-value');
    expect(item.value).toBe(6_000_00);
    expect(item.facts).toEqual([
      { label: 'Credits waiting', value: 2, unit: 'count' },
      { label: 'Waiting up to 30 days', value: 1_000_00, unit: 'naira' },
      { label: 'Waiting 31–90 days', value: 5_000_00, unit: 'naira' },
      { label: 'Waiting over 90 days', value: 0, unit: 'naira' },
    ]);
  });

  it('objections: day 90 is within the 90 days, day 91 is not', async () => {
    const item = await itemOf('objections-within-90-days');
    expect(item.value).toBeCloseTo(2 / 3, 10);
    const facts = Object.fromEntries(item.facts.map((f) => [f.label, f.value]));
    expect(facts['Objections decided']).toBe(3);
    expect(facts['Within 30 days']).toBeCloseTo(1 / 3, 10);
    expect(facts['Within 60 days']).toBeCloseTo(1 / 3, 10);
    expect(facts['Median days to decide']).toBe(90);
    expect(facts['Upheld or partly upheld']).toBeCloseTo(1 / 3, 10);
  });

  it('the current month by default, computed live; only the indicators built', async () => {
    const res = await indicatorsOf('');
    expect(res.statusCode).toBe(200);
    const body = res.json<IndicatorsAnswer>();
    expect(body.month).toBe(monthOf(today));
    expect(body.items.map((i) => i.key)).toEqual([
      'arrears-stock',
      'arrears-over-a-year',
      'on-time-payment',
      'electronic-payment',
      'suspense-value',
      'objections-within-90-days',
      'tcc-within-14-days',
      'registry-duplicates',
    ]);
    expect(body.items.every((i) => i.source === 'live')).toBe(true);
  });

  it('422 for a month not started, before the first record, or not a month; 403 without the permission', async () => {
    for (const m of [addMonths(monthOf(today), 1), '2000-01', '2026-13', 'May']) {
      const res = await indicatorsOf(`?month=${m}`);
      expect(res.statusCode, m).toBe(422);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(/month/i);
    }
    const officer = await signInAs(ctx, 'OFFICER_DA');
    expect((await indicatorsOf('', officer)).statusCode).toBe(403);
    expect((await indicatorsOf('', executive)).statusCode).toBe(200);
  });

  it('exports the month as XLSX through the export path, audited', async () => {
    const res = await indicatorsOf(`?month=${month}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`service-performance-${month}`);
    const [row] = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'indicators.exported'));
    expect(row?.after).toMatchObject({ filter: { month }, format: 'xlsx' });
  });
});

describe('targets as dated rows', () => {
  const put = (who: SignedIn, key: string, body: unknown) =>
    send(ctx, who, 'PUT', `/api/v1/indicators/${key}/target`, body);

  it('the target in force on the month’s last day; a later one leaves the month alone', async () => {
    const set = await put(chairman, 'electronic-payment', {
      value: 0.8,
      from: firstDayOf(month),
      note: 'Board target for the year',
    });
    expect(set.statusCode).toBe(200);
    await put(admin, 'electronic-payment', {
      value: 0.9,
      from: firstDayOf(addMonths(month, 1)),
      note: 'Raised after the POS roll-out',
    });
    expect((await itemOf('electronic-payment')).target).toBe(0.8);
    expect((await itemOf('electronic-payment', addMonths(month, 1))).target).toBe(0.9);
    const [audited] = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'indicator.target_set'));
    expect(audited?.after).toMatchObject({ key: 'electronic-payment', value: 0.8 });
  });

  it('422 naming the value when it is not a number or out of range; 403 for the executive', async () => {
    const body = { from: firstDayOf(month), note: 'x' };
    for (const value of ['high', 1.5, -1]) {
      const res = await put(chairman, 'electronic-payment', { ...body, value });
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(/^value/);
    }
    const fraction = await put(chairman, 'suspense-value', { ...body, value: 10.5 });
    expect(fraction.statusCode).toBe(422);
    expect((await put(executive, 'electronic-payment', { ...body, value: 0.5 })).statusCode).toBe(
      403,
    );
  });
});

describe('a closed month’s snapshot', () => {
  it('is stored newest month first, and the job stops between months when the server closes', async () => {
    const lastClosed = addMonths(monthOf(today), -1);
    const stopped = new AbortController();
    stopped.abort();
    expect(await snapshotClosedMonths(ctx.db, today, { signal: stopped.signal })).toBe(0);
    // Closing while the first month is computed: that month is stored whole, no other.
    let asked = 0;
    const closingAfterOne = {
      get aborted() {
        asked += 1;
        return asked > 1;
      },
    } as AbortSignal;
    const stored = await snapshotClosedMonths(ctx.db, today, { signal: closingAfterOne });
    const rows = await ctx.db.select().from(indicatorSnapshots);
    expect(stored).toBe(rows.length);
    expect(new Set(rows.map((r) => r.month))).toEqual(new Set([firstDayOf(lastClosed)]));
    expect(rows.map((r) => r.key).sort()).toEqual(
      (await itemsOf(lastClosed)).map((i) => i.key).sort(),
    );
    // Last month is read from its snapshot now; the month before is still pending in its trend.
    const last = (await itemsOf(lastClosed))[0];
    expect(last?.source).toBe('snapshot');
    expect(last?.trend.find((t) => t.month === month)?.pending).toBe(true);
  });

  it('is stored once and does not move when a record is corrected; a restatement moves it, with its reason', async () => {
    expect(await snapshotClosedMonths(ctx.db, today)).toBeGreaterThan(0);
    expect(await snapshotClosedMonths(ctx.db, today)).toBe(0);
    const before = await itemOf('suspense-value');
    expect(before.source).toBe('snapshot');
    expect(before.value).toBe(6_000_00);

    // The 40-day credit turns out not to be revenue.
    await ctx.db
      .update(bankStatementLines)
      .set({ state: 'not-revenue', stateReason: 'A refund from the bank' })
      .where(eq(bankStatementLines.id, agedCreditId));
    expect((await itemOf('suspense-value')).value).toBe(6_000_00);

    const restate = (who: SignedIn, body: unknown) =>
      send(ctx, who, 'POST', '/api/v1/indicators/suspense-value/restatements', body);
    expect((await restate(admin, { month, reason: 'x' })).statusCode).toBe(422);
    expect(
      (await restate(admin, { month: monthOf(today), reason: 'The month is open' })).statusCode,
    ).toBe(422);
    const res = await restate(admin, { month, reason: 'A bank refund was counted as suspense' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      month,
      key: 'suspense-value',
      restated: true,
      oldValue: 6_000_00,
      newValue: 1_000_00,
    });
    const after = await itemOf('suspense-value');
    expect(after.value).toBe(1_000_00);
    expect(after.restatements).toMatchObject([
      { oldValue: 6_000_00, newValue: 1_000_00, reason: 'A bank refund was counted as suspense' },
    ]);
    const [stored] = await ctx.db
      .select()
      .from(indicatorSnapshots)
      .where(
        and(
          eq(indicatorSnapshots.key, 'suspense-value'),
          eq(indicatorSnapshots.month, firstDayOf(month)),
        ),
      );
    expect(stored?.value).toBe(1_000_00);

    // Recomputing again finds nothing new: no second restatement, still audited.
    const again = await restate(admin, { month, reason: 'Checked again after the fix' });
    expect(again.json()).toMatchObject({ restated: false });
    expect((await itemOf('suspense-value')).restatements).toHaveLength(1);
    const audited = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'indicator.restated'));
    expect(audited).toHaveLength(2);
  });
});
