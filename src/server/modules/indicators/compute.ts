import { sql } from 'drizzle-orm';
import { ELECTRONIC_CHANNELS, type IndicatorKey } from '../../../shared/indicators/definitions';
import { firstDayOf, lastDayOf } from '../../../shared/indicators/months';
import type { IndicatorFact } from '../../../shared/indicators/schemas';

import type { Db } from '../../db/client';
import { selectCollectionTotals } from '../reports/totals/queries';
import {
  ARREARS_KEYS,
  arrearsFigures,
  arrearsOverAYear,
  arrearsStock,
  onTimePayment,
} from './figures/arrears';
import { registryDuplicates } from './figures/registry';
import { tccWithin14Days } from './figures/turnaround';

/**
 * Each indicator's figure for a month (docs/indicators.md), read from the collection totals
 * (ADR 0034) or indexed counts, never the payments table. `asOf` is the month's last day, or
 * today while the month is open: the figure is the month so far.
 */
export type IndicatorFigure = { value: number | null; facts: IndicatorFact[] };

type Compute = (db: Db, month: string, asOf: string) => Promise<IndicatorFigure>;

/** The Lagos midnight a day starts at, as a timestamp (Lagos keeps UTC+1 all year). */
const lagosMidnight = (day: string) => `${day}T00:00:00+01:00`;

async function electronicPayment(db: Db, month: string, _asOf: string): Promise<IndicatorFigure> {
  // The whole month, even while it is open: nothing is paid after today, and the monthly
  // totals move with each payment (ADR 0034), so the month so far is its one monthly row per
  // key rather than each of its days (bench/README.md "Service performance").
  const rows = await selectCollectionTotals(
    db,
    { from: firstDayOf(month), to: lastDayOf(month), scope: { all: true } },
    ['channel'],
  );
  let electronic = 0;
  let total = 0;
  for (const row of rows) {
    total += row.amountKobo;
    if (row.channel && ELECTRONIC_CHANNELS.includes(row.channel)) electronic += row.amountKobo;
  }
  return {
    value: total > 0 ? electronic / total : null,
    facts: [
      { label: 'Collected in the month', value: total, unit: 'naira' },
      { label: 'Of it electronically', value: electronic, unit: 'naira' },
      { label: 'Of it by hand', value: total - electronic, unit: 'naira' },
    ],
  };
}

async function suspenseValue(db: Db, _month: string, asOf: string): Promise<IndicatorFigure> {
  // The partial index bank_statement_lines_suspense_idx holds exactly these credits.
  const result = (await db.execute(sql`
    select count(*)::text as n,
           coalesce(sum(amount_kobo), 0)::text as total,
           coalesce(sum(amount_kobo) filter (where ${asOf}::date - value_date <= 30), 0)::text as young,
           coalesce(sum(amount_kobo) filter (where ${asOf}::date - value_date between 31 and 90), 0)::text as middle,
           coalesce(sum(amount_kobo) filter (where ${asOf}::date - value_date > 90), 0)::text as old
      from bank_statement_lines
     where state in ('unmatched', 'ambiguous') and value_date <= ${asOf}::date`)) as unknown as {
    rows: {
      n: string;
      total: string;
      young: string;
      middle: string;
      old: string;
    }[];
  };
  const row = result.rows[0];
  const n = Number(row?.n ?? 0);
  return {
    value: Number(row?.total ?? 0),
    facts: [
      { label: 'Credits waiting', value: n, unit: 'count' },
      { label: 'Waiting up to 30 days', value: Number(row?.young ?? 0), unit: 'naira' },
      { label: 'Waiting 31–90 days', value: Number(row?.middle ?? 0), unit: 'naira' },
      { label: 'Waiting over 90 days', value: Number(row?.old ?? 0), unit: 'naira' },
    ],
  };
}

async function objectionsWithin90Days(
  db: Db,
  month: string,
  asOf: string,
): Promise<IndicatorFigure> {
  // Days from filing to decision in Lagos calendar days (docs/tax-rules.md: answered within 90).
  const result = (await db.execute(sql`
    with decided as (
      select status,
             (decided_at at time zone 'Africa/Lagos')::date
               - (filed_at at time zone 'Africa/Lagos')::date as days
        from objections
       where decided_at is not null
         and decided_at >= ${lagosMidnight(firstDayOf(month))}::timestamptz
         and decided_at < (${asOf}::date + 1)::timestamp at time zone 'Africa/Lagos'
         and status <> 'open')
    select count(*)::text as n,
           count(*) filter (where days <= 30)::text as d30,
           count(*) filter (where days <= 60)::text as d60,
           count(*) filter (where days <= 90)::text as d90,
           (percentile_cont(0.5) within group (order by days))::text as median,
           count(*) filter (where status in ('upheld', 'partly_upheld'))::text as upheld
      from decided`)) as unknown as {
    rows: {
      n: string;
      d30: string;
      d60: string;
      d90: string;
      median: string | null;
      upheld: string;
    }[];
  };
  const row = result.rows[0];
  const n = Number(row?.n ?? 0);
  const share = (k: 'd30' | 'd60' | 'd90' | 'upheld') => (n > 0 ? Number(row?.[k] ?? 0) / n : null);
  return {
    value: share('d90'),
    facts: [
      { label: 'Objections decided', value: n, unit: 'count' },
      { label: 'Within 30 days', value: share('d30'), unit: 'share' },
      { label: 'Within 60 days', value: share('d60'), unit: 'share' },
      {
        label: 'Median days to decide',
        value: row?.median == null ? null : Number(row.median),
        unit: 'days',
      },
      { label: 'Upheld or partly upheld', value: share('upheld'), unit: 'share' },
    ],
  };
}

/** The indicators built, each with its computation. */
export const COMPUTE: Partial<Record<IndicatorKey, Compute>> = {
  'arrears-stock': arrearsStock,
  'arrears-over-a-year': arrearsOverAYear,
  'on-time-payment': onTimePayment,
  'electronic-payment': electronicPayment,
  'suspense-value': suspenseValue,
  'objections-within-90-days': objectionsWithin90Days,
  'tcc-within-14-days': tccWithin14Days,
  'registry-duplicates': registryDuplicates,
};

/** The day a month's figure is measured to: its last day, or today while it is open. */
export function asOfDay(month: string, today: string): string {
  const last = lastDayOf(month);
  return last < today ? last : today;
}

/**
 * The figures of the keys for one month, each as COMPUTE computes it alone, but the arrears
 * indicators sharing their reads (figures/arrears.ts). `serial`: one read at a time, for the snapshot
 * job, so that on PGlite's one connection a page view's reads queue behind one of the job's at
 * most, not a batch of them; otherwise all at once (PostgreSQL runs them on the pool's
 * connections side by side).
 */
export async function computeFigures(
  db: Db,
  keys: readonly IndicatorKey[],
  month: string,
  today: string,
  options: { serial?: boolean } = {},
): Promise<Map<IndicatorKey, IndicatorFigure>> {
  const asOf = asOfDay(month, today);
  const arrears = ARREARS_KEYS.filter((k) => keys.includes(k));
  const rest = keys.filter((k) => !(ARREARS_KEYS as readonly string[]).includes(k));
  const jobs: (() => Promise<[IndicatorKey, IndicatorFigure][]>)[] = [
    ...(arrears.length > 0
      ? [async () => [...(await arrearsFigures(db, month, asOf, arrears))]]
      : []),
    ...rest.map((key) => async (): Promise<[IndicatorKey, IndicatorFigure][]> => {
      const compute = COMPUTE[key];
      return compute ? [[key, await compute(db, month, asOf)]] : [];
    }),
  ];
  const done: [IndicatorKey, IndicatorFigure][][] = [];
  if (options.serial) for (const job of jobs) done.push(await job());
  else done.push(...(await Promise.all(jobs.map((job) => job()))));
  return new Map(done.flat());
}
