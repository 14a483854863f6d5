import { type SQL, sql } from 'drizzle-orm';
import { addDays, todayInLagos } from '../../../../shared/dates';
import { addMonths, firstDayOf } from '../../../../shared/indicators/months';
import type { Db } from '../../../db/client';
import { selectCollectionTotals } from '../../reports/totals/queries';
import type { IndicatorFigure } from '../compute';

/**
 * Arrears and on-time payment (docs/indicators.md): what was billed and due — issued
 * assessments, MDA demand notices, billed stamp duty — against what the ledger holds as paid
 * on or before a day, by the payments' paid dates, so a past month's figure depends only on
 * records and payments dated by its end (a later correction is a restatement).
 *
 * Bounded reads: a record is read through an index on its status and last change
 * (`*_status_updated_idx`), its due date, or its bill date; what it had been paid by a day
 * is summed from its own payments through payments_subject_idx. Nothing reads the ledger by
 * date: the cost grows with the records open or changed since the day measured to, not with
 * the payments.
 */

/** The Lagos midnight a day starts at, as a timestamp (Lagos keeps UTC+1 all year). */
const lagosMidnight = (day: string) => `${day}T00:00:00+01:00`;

/** The statuses a record may be unpaid in, now: any other must have changed since to count. */
const OPEN = {
  assessment: sql`('issued', 'part_paid', 'objected')`,
  notice: sql`('issued', 'part_paid')`,
};

/**
 * What the ledger held as paid against a record when `end` came: paid before it, and not yet
 * reversed then. An assessment counts the payments of the one it revised (ADR 0028's chain,
 * one step back).
 */
const paidBefore = (subject: SQL, end: SQL, asAt: SQL) => sql`(
  select coalesce(sum(p.amount_kobo), 0) from payments p
   where ${subject}
     and p.paid_at < ${end}
     and (p.status = 'paid' or (p.status = 'reversed' and p.status_changed_at >= ${asAt})))`;

const assessmentSubject = sql`p.subject_kind = 'assessment' and p.subject_id in (a.id::text, a.revision_of::text)`;
const noticeSubject = sql`p.subject_kind = 'demand_notice' and p.subject_id = n.id::text`;
const stampDay = sql`(s.billed_at at time zone 'Africa/Lagos')::date`;

/**
 * The day until which a record due is counted as fallen due: the month's last day once closed;
 * yesterday while the month is open (a record due today may still be paid today).
 */
function dueByOf(asOf: string): string {
  return asOf >= todayInLagos() ? addDays(asOf, -1) : asOf;
}

type Owed = { kind: string; amount: string; paid: string; age: number };

/**
 * Every record due by `dueBy` and unpaid, in part or whole, when `asOf` ended: its amount, what
 * had been paid on it by then, and its days past due on `asOf`. A record counts only if it was
 * issued (or billed) by then and not cancelled nor superseded by a revision by then.
 */
async function selectOwed(db: Db, asOf: string): Promise<Owed[]> {
  const dueBy = dueByOf(asOf);
  const end = sql`${lagosMidnight(addDays(asOf, 1))}::timestamptz`;
  const result = (await db.execute(sql`
    with owed as (
      select 'assessment' as kind, a.tax_kobo as amount, a.due_date as due_on,
             ${paidBefore(assessmentSubject, end, end)} as paid
        from assessments a
       where a.due_date <= ${dueBy}::date
         and coalesce(a.issued_at, a.created_at) < ${end}
         and (a.status in ${OPEN.assessment}
              or (a.status in ('paid', 'cancelled', 'revised') and a.updated_at >= ${end}))
         and (a.cancelled_at is null or a.cancelled_at >= ${end})
         and not exists (select 1 from assessments r
                          where r.revision_of = a.id and coalesce(r.issued_at, r.created_at) < ${end})
      union all
      select 'demand_notice', n.total_kobo, n.due_on, ${paidBefore(noticeSubject, end, end)}
        from demand_notices n
       where n.due_on <= ${dueBy}::date
         and n.issued_on <= ${asOf}::date
         and (n.status in ${OPEN.notice}
              or (n.status in ('paid', 'cancelled') and n.updated_at >= ${end}))
         and (n.cancelled_at is null or n.cancelled_at >= ${end})
      union all
      -- A stamp duty bill is due the day it is billed: its late penalty runs to that day.
      select 'stamp_duty', s.duty_kobo + s.penalty_kobo, ${stampDay},
             case when s.paid_at < ${end} then s.duty_kobo + s.penalty_kobo else 0 end
        from stamp_instruments s
       where s.billed_at < ${end}
         and ${stampDay} <= ${dueBy}::date
         and (s.status = 'billed'
              or (s.status in ('paid', 'stamped', 'cancelled') and s.updated_at >= ${end}))
         and (s.cancelled_at is null or s.cancelled_at >= ${end}))
    select kind, amount::text as amount, paid::text as paid, (${asOf}::date - due_on) as age
      from owed
     where paid < amount`)) as unknown as { rows: Owed[] };
  return result.rows;
}

/** Days past due that end each age bucket (docs/indicators.md): 0–90, 91–365, over a year. */
const BUCKETS = [90, 365] as const;

type Stock = {
  total: number;
  count: number;
  byAge: [number, number, number];
  countOverAYear: number;
};

async function stockAsAt(db: Db, asOf: string): Promise<Stock> {
  const stock: Stock = { total: 0, count: 0, byAge: [0, 0, 0], countOverAYear: 0 };
  for (const row of await selectOwed(db, asOf)) {
    const unpaid = Number(row.amount) - Number(row.paid);
    const age = Number(row.age);
    const bucket = age <= BUCKETS[0] ? 0 : age <= BUCKETS[1] ? 1 : 2;
    stock.total += unpaid;
    stock.count += 1;
    stock.byAge[bucket] += unpaid;
    if (bucket === 2) stock.countOverAYear += 1;
  }
  return stock;
}

type DueInMonth = { amount: string; paid: string };

/**
 * The assessments and demand notices that fell due in the month (to `dueBy`): each one's amount
 * and what had been paid on it by the end of its due date. Stamp duty is left out: a bill is
 * due the day it is raised (docs/indicators.md).
 */
async function selectDueInMonth(db: Db, month: string, asOf: string): Promise<DueInMonth[]> {
  const dueBy = dueByOf(asOf);
  const end = sql`${lagosMidnight(addDays(asOf, 1))}::timestamptz`;
  const endOfDue = (due: SQL) => sql`((${due} + 1)::timestamp at time zone 'Africa/Lagos')`;
  const result = (await db.execute(sql`
    select a.tax_kobo::text as amount,
           ${paidBefore(assessmentSubject, endOfDue(sql`a.due_date`), end)}::text as paid
      from assessments a
     where a.due_date between ${firstDayOf(month)}::date and ${dueBy}::date
       and coalesce(a.issued_at, a.created_at) < ${end}
       and a.status <> 'draft'
       and (a.cancelled_at is null or a.cancelled_at >= ${end})
       and not exists (select 1 from assessments r
                        where r.revision_of = a.id and coalesce(r.issued_at, r.created_at) < ${end})
    union all
    select n.total_kobo::text, ${paidBefore(noticeSubject, endOfDue(sql`n.due_on`), end)}::text
      from demand_notices n
     where n.due_on between ${firstDayOf(month)}::date and ${dueBy}::date
       and n.issued_on <= ${asOf}::date
       and (n.cancelled_at is null or n.cancelled_at >= ${end})`)) as unknown as {
    rows: DueInMonth[];
  };
  return result.rows;
}

/**
 * The month's flow of arrears: what became arrears (the part of a record due in the month left
 * unpaid at the end of its due date, or a stamp duty bill raised in the month and not paid that
 * day) and what was collected of arrears (paid in the month after the due date, no more than
 * was owed). Records read: those that fell due in the month, and those open or changed since
 * the month began (a payment settles its record, changing it).
 */
async function flowInMonth(
  db: Db,
  month: string,
  asOf: string,
  due: readonly DueInMonth[],
): Promise<{ newArrears: number; collected: number }> {
  const dueBy = dueByOf(asOf);
  const start = sql`${lagosMidnight(firstDayOf(month))}::timestamptz`;
  const end = sql`${lagosMidnight(addDays(asOf, 1))}::timestamptz`;
  const lateIn = (subject: SQL, due: SQL) => sql`(
    select coalesce(sum(p.amount_kobo), 0) from payments p
     where ${subject}
       and p.paid_at >= greatest(${start}, ((${due} + 1)::timestamp at time zone 'Africa/Lagos'))
       and p.paid_at < ${end}
       and (p.status = 'paid' or (p.status = 'reversed' and p.status_changed_at >= ${end})))`;
  const result = (await db.execute(sql`
    with late as (
      select a.tax_kobo as amount,
             ${paidBefore(assessmentSubject, start, end)} as before,
             ${lateIn(assessmentSubject, sql`a.due_date`)} as paid
        from assessments a
       where a.due_date < ${asOf}::date
         and a.status in ('issued', 'part_paid', 'objected', 'paid')
         and a.updated_at >= ${start}
      union all
      select n.total_kobo, ${paidBefore(noticeSubject, start, end)}, ${lateIn(noticeSubject, sql`n.due_on`)}
        from demand_notices n
       where n.due_on < ${asOf}::date
         and n.status in ('issued', 'part_paid', 'paid')
         and n.updated_at >= ${start}
      union all
      select s.duty_kobo + s.penalty_kobo, 0, s.duty_kobo + s.penalty_kobo
        from stamp_instruments s
       where s.status in ('paid', 'stamped')
         and s.updated_at >= ${start}
         and s.paid_at >= greatest(${start}, ((${stampDay} + 1)::timestamp at time zone 'Africa/Lagos'))
         and s.paid_at < ${end})
    select
      (select coalesce(sum(least(paid, greatest(amount - before, 0))), 0) from late)::text as collected,
      (select coalesce(sum(s.duty_kobo + s.penalty_kobo), 0)
         from stamp_instruments s
        where s.billed_at >= ${start}
          and ${stampDay} <= ${dueBy}::date
          and (s.cancelled_at is null or s.cancelled_at >= ${end})
          and (s.status = 'billed'
               or (s.status in ('paid', 'stamped', 'cancelled')
                   and (s.paid_at is null
                        or s.paid_at >= ((${stampDay} + 1)::timestamp at time zone 'Africa/Lagos')))))::text
        as stamp_new`)) as unknown as { rows: { collected: string; stamp_new: string }[] };
  const row = result.rows[0];
  const unpaidAtDue = due.reduce(
    (sum, d) => sum + Math.max(Number(d.amount) - Number(d.paid), 0),
    0,
  );
  return {
    newArrears: unpaidAtDue + Number(row?.stamp_new ?? 0),
    collected: Number(row?.collected ?? 0),
  };
}

/** The share of one figure in another; none when there is nothing to share. */
const shareOf = (part: number, whole: number) => (whole > 0 ? part / whole : null);

type ArrearsKey = 'arrears-stock' | 'arrears-over-a-year' | 'on-time-payment';

/** The arrears indicators built from the reads each one needs, and only those. */
type Parts = { stock?: Stock; due?: readonly DueInMonth[]; collected?: number };

/**
 * Arrears at the month's end as a share of the 12 months' collections ending with it (TADAT
 * P5-15's first dimension), with their age and the month's flow.
 */
async function stockFigure(
  db: Db,
  month: string,
  asOf: string,
  parts: Required<Parts>,
): Promise<IndicatorFigure> {
  const { stock, collected, due } = parts;
  const flow = await flowInMonth(db, month, asOf, due);
  return {
    value: shareOf(stock.total, collected),
    facts: [
      { label: 'Arrears at the month’s end', value: stock.total, unit: 'naira' },
      { label: 'Records in arrears', value: stock.count, unit: 'count' },
      { label: 'Collected in the 12 months', value: collected, unit: 'naira' },
      { label: 'Due 0–90 days ago', value: stock.byAge[0], unit: 'naira' },
      { label: 'Due 91–365 days ago', value: stock.byAge[1], unit: 'naira' },
      { label: 'Due over a year ago', value: stock.byAge[2], unit: 'naira' },
      { label: 'New arrears in the month', value: flow.newArrears, unit: 'naira' },
      { label: 'Arrears collected in the month', value: flow.collected, unit: 'naira' },
    ],
  };
}

/** The share of the arrears at the month's end due over a year before (TADAT P5-15's second). */
function overAYearFigure(stock: Stock): IndicatorFigure {
  return {
    value: shareOf(stock.byAge[2], stock.total),
    facts: [
      { label: 'Due over a year ago', value: stock.byAge[2], unit: 'naira' },
      { label: 'Records over a year in arrears', value: stock.countOverAYear, unit: 'count' },
      { label: 'All arrears at the month’s end', value: stock.total, unit: 'naira' },
    ],
  };
}

/**
 * Of the assessments and demand notices that fell due in the month, the share paid in full by
 * the end of their due date, by count (the figure) and by value (TADAT P5-14).
 */
function onTimeFigure(due: readonly DueInMonth[]): IndicatorFigure {
  let value = 0;
  let onTime = 0;
  let valueOnTime = 0;
  for (const d of due) {
    const amount = Number(d.amount);
    value += amount;
    if (Number(d.paid) >= amount) {
      onTime += 1;
      valueOnTime += amount;
    }
  }
  return {
    value: shareOf(onTime, due.length),
    facts: [
      { label: 'Fell due in the month', value: due.length, unit: 'count' },
      { label: 'Paid in full by the due date', value: onTime, unit: 'count' },
      { label: 'Value fell due', value, unit: 'naira' },
      { label: 'Value paid in full by the due date', value: valueOnTime, unit: 'naira' },
      { label: 'Share by value', value: shareOf(valueOnTime, value), unit: 'share' },
    ],
  };
}

/**
 * The arrears indicators asked for, of one month: the stock (shared by the first two) and the
 * records due in the month (shared by the first and the third) are each read once, however many
 * of the three are asked for (bench/README.md "Service performance").
 */
export async function arrearsFigures(
  db: Db,
  month: string,
  asOf: string,
  keys: readonly ArrearsKey[],
): Promise<Map<ArrearsKey, IndicatorFigure>> {
  const wants = (k: ArrearsKey) => keys.includes(k);
  const needsStock = wants('arrears-stock') || wants('arrears-over-a-year');
  const needsDue = wants('arrears-stock') || wants('on-time-payment');
  const [stock, due, collected] = await Promise.all([
    needsStock ? stockAsAt(db, asOf) : undefined,
    needsDue ? selectDueInMonth(db, month, asOf) : undefined,
    wants('arrears-stock')
      ? selectCollectionTotals(
          db,
          { from: firstDayOf(addMonths(month, -11)), to: asOf, scope: { all: true } },
          [],
        ).then((rows) => rows.reduce((sum, r) => sum + r.amountKobo, 0))
      : undefined,
  ]);
  const figures = new Map<ArrearsKey, IndicatorFigure>();
  if (stock && due && collected !== undefined) {
    figures.set('arrears-stock', await stockFigure(db, month, asOf, { stock, due, collected }));
  }
  if (stock && wants('arrears-over-a-year'))
    figures.set('arrears-over-a-year', overAYearFigure(stock));
  if (due && wants('on-time-payment')) figures.set('on-time-payment', onTimeFigure(due));
  return figures;
}

const one =
  (key: ArrearsKey) =>
  async (db: Db, month: string, asOf: string): Promise<IndicatorFigure> => {
    const figure = (await arrearsFigures(db, month, asOf, [key])).get(key);
    if (!figure) throw new Error(`${key} was not computed`);
    return figure;
  };

export const arrearsStock = one('arrears-stock');
export const arrearsOverAYear = one('arrears-over-a-year');
export const onTimePayment = one('on-time-payment');

export const ARREARS_KEYS: readonly ArrearsKey[] = [
  'arrears-stock',
  'arrears-over-a-year',
  'on-time-payment',
];
