import { INDICATORS } from '../../../shared/indicators/definitions';
import {
  addMonths,
  firstDayOf,
  monthOf,
  monthsEndingWith,
} from '../../../shared/indicators/months';
import type { Db } from '../../db/client';
import { COMPUTE } from './compute';
import { insertSnapshot, selectFirstMonth, selectSnapshots } from './queries';
import { computeFigure, TREND_MONTHS } from './service';

/**
 * Stores each closed month's figures once (docs/indicators.md): the months of the trend before
 * the current one that have no snapshot yet. A month already stored is never computed again
 * here; only a restatement (service.ts) changes it. Safe to run on several instances at once:
 * the first insert of a month wins. Returns how many figures were stored.
 */
export async function snapshotClosedMonths(db: Db, today: string): Promise<number> {
  const first = await selectFirstMonth(db);
  if (!first) return 0;
  const lastClosed = addMonths(monthOf(today), -1);
  if (lastClosed < first) return 0;
  const months = monthsEndingWith(lastClosed, TREND_MONTHS, first);
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
