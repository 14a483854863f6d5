import { addDays } from './dates';

/**
 * A date range cut at month boundaries, for the totals' two rollup levels (ADR 0019): the
 * whole months inside it are read from payment_monthly_totals, the part-months at its ends day
 * by day from payment_daily_totals. Days are Lagos days (payments.payment_date), so months are
 * Lagos months; the arithmetic is on calendar dates alone, with no time zone.
 */
export type MonthSplit = {
  /** Whole months `from` ≤ month < `before` (first days of months; absent: unbounded); null: none. */
  months: { from?: string; before?: string } | null;
  /** Day ranges, both ends included, outside the whole months. */
  days: { from: string; to: string }[];
};

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

function firstOfNextMonth(day: string): string {
  const date = toDate(firstOfMonth(day));
  date.setUTCMonth(date.getUTCMonth() + 1);
  return toDay(date);
}

/** Splits [startDate, endDate] (either may be open) into whole months and the days around them. */
export function splitIntoMonths(startDate?: string, endDate?: string): MonthSplit {
  const firstWhole = startDate
    ? startDate === firstOfMonth(startDate)
      ? startDate
      : firstOfNextMonth(startDate)
    : undefined;
  // The first day past the last whole month: the day after endDate when it ends its month.
  const afterLastWhole = endDate
    ? firstOfNextMonth(endDate) === addDays(endDate, 1)
      ? addDays(endDate, 1)
      : firstOfMonth(endDate)
    : undefined;
  if (startDate && endDate && firstWhole && afterLastWhole && firstWhole >= afterLastWhole) {
    return { months: null, days: [{ from: startDate, to: endDate }] };
  }
  const days: MonthSplit['days'] = [];
  if (startDate && firstWhole && startDate < firstWhole) {
    days.push({ from: startDate, to: addDays(firstWhole, -1) });
  }
  if (endDate && afterLastWhole && afterLastWhole <= endDate) {
    days.push({ from: afterLastWhole, to: endDate });
  }
  return {
    months: {
      ...(firstWhole ? { from: firstWhole } : {}),
      ...(afterLastWhole ? { before: afterLastWhole } : {}),
    },
    days,
  };
}
