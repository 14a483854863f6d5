import { INDICATORS } from '../../../shared/indicators/definitions';
import { addMonths, firstDayOf, monthOf } from '../../../shared/indicators/months';
import type { Db } from '../../db/client';
import { COMPUTE } from './compute';
import { insertSnapshot, selectFirstMonth, selectSnapshots } from './queries';
import { computeFigure } from './service';

/**
 * Stores each closed month's figures once (docs/indicators.md): every month from the first
 * record to the last closed one that has no snapshot yet. A month already stored is never computed again
 * here; only a restatement (service.ts) changes it. Safe to run on several instances at once:
 * the first insert of a month wins. Returns how many figures were stored.
 */
/** The months from `first` to `last`, both included. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = first; m <= last; m = addMonths(m, 1)) months.push(m);
  return months;
}

export async function snapshotClosedMonths(db: Db, today: string): Promise<number> {
  const first = await selectFirstMonth(db);
  if (!first) return 0;
  const lastClosed = addMonths(monthOf(today), -1);
  if (lastClosed < first) return 0;
  // Every closed month since the first record, not only the trend's: an earlier month's page
  // then reads its whole trend from snapshots too (bench/README.md "Service performance").
  const months = monthsBetween(first, lastClosed);
  const keys = INDICATORS.filter((i) => COMPUTE[i.key]).map((i) => i.key);
  const stored = new Set(
    (
      await selectSnapshots(db, keys, firstDayOf(months[0] ?? lastClosed), firstDayOf(lastClosed))
    ).map((s) => `${s.key} ${s.month.slice(0, 7)}`),
  );
  let count = 0;
  for (const month of months) {
    for (const key of keys) {
      if (stored.has(`${key} ${month}`)) continue;
      const figure = await computeFigure(db, key, month, today);
      if (await insertSnapshot(db, { month: firstDayOf(month), key, ...figure })) count++;
    }
  }
  return count;
}
