import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLagos } from '../../../../shared/dates';
import { addMonths, lastDayOf, monthOf } from '../../../../shared/indicators/months';
import type { IndicatorItem, IndicatorsAnswer } from '../../../../shared/indicators/schemas';
import type { StoredStampRule } from '../../../db/schema';
import {
  assessments,
  demandNotices,
  indicatorSnapshots,
  stampInstruments,
} from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { createDirectAssessment, send } from '../../assessments/testing';
import { createPayment } from '../../payments/testing';
import { snapshotClosedMonths } from '../snapshots';

/**
 * The arrears and on-time payment indicators (docs/indicators.md) against records built by hand,
 * each figure worked out below, in a closed month M (two months back, last day L):
 *
 * Due in M (on-time payment), each ₦10,000 unless said:
 *   A1 due M-10, paid in full on M-10 at noon: on time.
 *   A2 due M-10, paid in full on M-11, a day late: not on time; ₦10,000 became arrears and was
 *      collected in M.
 *   A3 due M-10, ₦4,000 paid on M-10: not paid in full; ₦6,000 became arrears, still owed at L
 *      (20 days: 0–90).
 *   N4 a demand notice of ₦3,000 due M-20, paid that day: on time.
 *   → 2 of 4 on time; by value (10,000 + 3,000) / 33,000.
 * Arrears at L besides A3's ₦6,000:
 *   N1 a demand notice of ₦2,000 due L-89: 0–90 days.
 *   A4 an assessment due L-91, unpaid: 91–365 days.
 *   S1 a stamp duty bill of ₦5,000 billed L-366: over a year.
 *   Not counted: N2 due L+1; N3 due L-10 but cancelled in M; a draft.
 *   → ₦23,000 in 4 records: ₦8,000 / ₦10,000 / ₦5,000 by age; over a year 5 / 23.
 * Collected in the 12 months to L: 10,000 + 10,000 + 4,000 + 3,000 = ₦27,000 → stock 23 / 27.
 */

let ctx: TestContext & { close(): Promise<void> };
let chairman: SignedIn;
let admin: SignedIn;
let da: SignedIn;
let mdaId: string;
let a4Id: string;
const today = todayInLagos();
const month = addMonths(monthOf(today), -2);
const L = lastDayOf(month);
const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
/** Noon in Lagos of a day, as a timestamp. */
const noonOf = (d: string) => new Date(`${d}T11:00:00Z`);

async function itemOf(key: string, m = month): Promise<IndicatorItem> {
  const res = await send(ctx, chairman, 'GET', `/api/v1/indicators?month=${m}`);
  expect(res.statusCode).toBe(200);
  const item = res.json<IndicatorsAnswer>().items.find((i) => i.key === key);
  if (!item) throw new Error(`no ${key}`);
  return item;
}

const factsOf = (item: IndicatorItem) =>
  Object.fromEntries(item.facts.map((f) => [f.label, f.value]));

/** An issued direct assessment of ₦10,000 issued on `issuedOn` and due on `dueOn`. */
async function assessment(issuedOn: string, dueOn: string): Promise<string> {
  const view = await createDirectAssessment(ctx, da, (await createTaxpayer(ctx)).btin);
  await ctx.db
    .update(assessments)
    .set({ taxKobo: 10_000_00, issuedAt: noonOf(issuedOn), dueDate: dueOn })
    .where(eq(assessments.id, view.id));
  return view.id;
}

async function pay(
  subjectKind: 'assessment' | 'demand_notice',
  subjectId: string,
  kobo: number,
  on: string,
) {
  await createPayment(ctx, { mdaId, amountKobo: kobo, paidAt: noonOf(on), subjectKind, subjectId });
}

let noticeSequence = 0;
async function notice(totalKobo: number, issuedOn: string, dueOn: string, cancelledOn?: string) {
  const btin = (await createTaxpayer(ctx)).btin;
  noticeSequence += 1;
  const [row] = await ctx.db
    .insert(demandNotices)
    .values({
      number: `TEST/DN/${noticeSequence}`,
      mdaId,
      btin,
      payerName: 'Tarila Ebiowei',
      totalKobo,
      issuedOn,
      dueOn,
      revenueHeadCode: '12020401',
      ...(cancelledOn
        ? {
            status: 'cancelled' as const,
            cancelReason: 'Raised twice',
            cancelledAt: noonOf(cancelledOn),
          }
        : {}),
    })
    .returning({ id: demandNotices.id });
  return row?.id as string;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [chairman, admin, da] = await Promise.all([
    signInAs(ctx, 'TCC_CHAIRMAN'),
    signInAs(ctx, 'ADMIN'),
    signInAs(ctx, 'OFFICER_DA'),
  ]);
  mdaId = (await createMda(ctx)).id;

  const a1 = await assessment(day(1), day(10));
  await pay('assessment', a1, 10_000_00, day(10));
  const a2 = await assessment(day(1), day(10));
  await pay('assessment', a2, 10_000_00, day(11));
  const a3 = await assessment(day(1), day(10));
  await pay('assessment', a3, 4_000_00, day(10));
  const n4 = await notice(3_000_00, day(1), day(20));
  await pay('demand_notice', n4, 3_000_00, day(20));

  await notice(2_000_00, addDays(L, -100), addDays(L, -89));
  a4Id = await assessment(addDays(L, -120), addDays(L, -91));
  const rule = { id: null, instrumentType: 'conveyance' } as unknown as StoredStampRule;
  await ctx.db.insert(stampInstruments).values({
    instrumentType: 'conveyance',
    executedOn: addDays(L, -400),
    considerationKobo: 100_000_00,
    description: 'Deed of assignment, Yenagoa',
    status: 'billed',
    dutyKobo: 4_000_00,
    penaltyKobo: 1_000_00,
    law: 'SDA',
    chargedPartyRole: 'transferee',
    rule,
    billedAt: noonOf(addDays(L, -366)),
  });

  await notice(2_000_00, day(1), addDays(L, 1));
  await notice(2_000_00, day(1), addDays(L, -10), day(25));
  await createDirectAssessment(ctx, da, (await createTaxpayer(ctx)).btin, { issue: false });
});

afterAll(async () => {
  await ctx?.close();
});

describe('arrears and on-time payment', () => {
  it('the page shows arrears first, then on-time payment, each with its TADAT reference', async () => {
    const res = await send(ctx, chairman, 'GET', `/api/v1/indicators?month=${month}`);
    const items = res.json<IndicatorsAnswer>().items;
    expect(items.slice(0, 3).map((i) => [i.key, i.tadatRef.slice(0, 5)])).toEqual([
      ['arrears-stock', 'P5-15'],
      ['arrears-over-a-year', 'P5-15'],
      ['on-time-payment', 'P5-14'],
    ]);
    expect(items[0]?.drillDown).toBe('/birs/reporting/mda-transaction-report?status=overdue');
  });

  it('on time: paid in full by the end of the due date; a day late or in part is not', async () => {
    const item = await itemOf('on-time-payment');
    expect(item.value).toBe(0.5);
    expect(item.unit).toBe('share');
    expect(factsOf(item)).toEqual({
      'Fell due in the month': 4,
      'Paid in full by the due date': 2,
      'Value fell due': 33_000_00,
      'Value paid in full by the due date': 13_000_00,
      'Share by value': 13 / 33,
    });
  });

  it('arrears at the month’s end: 89 days is 0–90, 91 is 91–365, 366 is over a year; notices and stamp duty counted', async () => {
    const item = await itemOf('arrears-stock');
    expect(item.value).toBeCloseTo(23 / 27, 10);
    expect(factsOf(item)).toEqual({
      'Arrears at the month’s end': 23_000_00,
      'Records in arrears': 4,
      'Collected in the 12 months': 27_000_00,
      'Due 0–90 days ago': 8_000_00,
      'Due 91–365 days ago': 10_000_00,
      'Due over a year ago': 5_000_00,
      'New arrears in the month': 16_000_00,
      'Arrears collected in the month': 10_000_00,
    });
    const old = await itemOf('arrears-over-a-year');
    expect(old.value).toBeCloseTo(5 / 23, 10);
    expect(factsOf(old)).toEqual({
      'Due over a year ago': 5_000_00,
      'Records over a year in arrears': 1,
      'All arrears at the month’s end': 23_000_00,
    });
  });

  it('422 for a month not started or not a month', async () => {
    for (const m of [addMonths(monthOf(today), 1), '2026-13']) {
      const res = await send(ctx, chairman, 'GET', `/api/v1/indicators?month=${m}`);
      expect(res.statusCode, m).toBe(422);
    }
  });

  it('a closed month’s snapshot holds when a receipt dated in it is captured later; a restatement moves it', async () => {
    await snapshotClosedMonths(ctx.db, today);
    const before = await itemOf('arrears-stock');
    expect(before.source).toBe('snapshot');
    expect(before.value).toBeCloseTo(23 / 27, 10);

    // A receipt for A4, paid on L-5, captured now: ₦10,000 less owed, ₦10,000 more collected.
    await pay('assessment', a4Id, 10_000_00, addDays(L, -5));
    expect((await itemOf('arrears-stock')).value).toBeCloseTo(23 / 27, 10);

    const res = await send(ctx, admin, 'POST', '/api/v1/indicators/arrears-stock/restatements', {
      month,
      reason: 'A paper receipt for an assessment was captured late',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ restated: true });
    const after = await itemOf('arrears-stock');
    expect(after.value).toBeCloseTo(13 / 37, 10);
    expect(factsOf(after)['Arrears collected in the month']).toBe(20_000_00);
    expect(after.restatements).toHaveLength(1);
    expect(after.restatements[0]?.oldValue).toBeCloseTo(23 / 27, 10);
    const [stored] = await ctx.db
      .select()
      .from(indicatorSnapshots)
      .where(
        and(
          eq(indicatorSnapshots.key, 'arrears-stock'),
          eq(indicatorSnapshots.month, `${month}-01`),
        ),
      );
    expect(stored?.value).toBeCloseTo(13 / 37, 10);
    // The other arrears figure keeps its snapshot until it is restated too.
    expect((await itemOf('arrears-over-a-year')).value).toBeCloseTo(5 / 23, 10);
  });
});
