import { INDICATORS } from '../../../shared/indicators/definitions';
import { addMonths, firstDayOf, monthOf } from '../../../shared/indicators/months';
import type { Db } from '../../db/client';
import { COMPUTE, computeFigures } from './compute';
import { insertSnapshot, selectFirstMonth, selectSnapshots } from './queries';

/** The months from `first` to `last`, both included. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = first; m <= last; m = addMonths(m, 1)) months.push(m);
  return months;
}

/** Lets the requests queued meanwhile run before the job's next month (PGlite has one connection). */
const breathe = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type SnapshotOptions = {
  /** Aborted: the job stops after the month it is on (the server is closing). */
  signal?: AbortSignal;
  /** Milliseconds between two months computed; 0 by default (tests, benches). */
  pauseMs?: number;
};

/**
 * Stores each closed month's figures once (docs/indicators.md): every month from the first
 * record to the last closed one that has no snapshot yet, newest first, so that the months a
 * page's trend shows are stored before older ones. A month already stored is never computed
 * again here; only a restatement (service.ts) changes it. Month by month, one read at a time,
 * pausing `pauseMs` between months and stopping there when `signal` aborts, so that a page view
 * on a server just started waits for one of the job's reads, not for the whole backlog. Safe to
 * run on several instances at once: the first insert of a month wins. Returns how many figures
 * were stored.
 */
export async function snapshotClosedMonths(
  db: Db,
  today: string,
  options: SnapshotOptions = {},
): Promise<number> {
  const first = await selectFirstMonth(db);
  if (!first) return 0;
  const lastClosed = addMonths(monthOf(today), -1);
  if (lastClosed < first) return 0;
  // Every closed month since the first record, not only the trend's: an earlier month's page
  // then reads its whole trend from snapshots too (bench/README.md "Service performance").
  const months = monthsBetween(first, lastClosed).reverse();
  const keys = INDICATORS.filter((i) => COMPUTE[i.key]).map((i) => i.key);
  const stored = new Set(
    (await selectSnapshots(db, keys, firstDayOf(first), firstDayOf(lastClosed))).map(
      (s) => `${s.key} ${s.month.slice(0, 7)}`,
    ),
  );
  let count = 0;
  let computed = false;
  for (const month of months) {
    const missing = keys.filter((key) => !stored.has(`${key} ${month}`));
    if (missing.length === 0) continue;
    if (options.signal?.aborted) break;
    if (computed && options.pauseMs) await breathe(options.pauseMs);
    computed = true;
    const figures = await computeFigures(db, missing, month, today, { serial: true });
    for (const [key, figure] of figures) {
      if (await insertSnapshot(db, { month: firstDayOf(month), key, ...figure })) count++;
    }
  }
  return count;
}
