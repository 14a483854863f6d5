/**
 * The periods the reports' one picker offers (PeriodPicker.tsx beside this file): a month, a
 * quarter, the year to date, or any days. Pure, so the arithmetic is tested without a browser;
 * days are YYYY-MM-DD Lagos days, as the reports take them (docs/reports.md "Periods").
 */

export type Period = { from: string; to: string };

export const PERIOD_MODES = ['month', 'quarter', 'ytd', 'custom'] as const;
export type PeriodMode = (typeof PERIOD_MODES)[number];

export const PERIOD_MODE_LABELS: Record<PeriodMode, string> = {
  month: 'Month',
  quarter: 'Quarter',
  ytd: 'Year to date',
  custom: 'Custom dates',
};

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function monthPeriod(year: number, month: number): Period {
  return {
    from: `${year}-${pad(month)}-01`,
    to: `${year}-${pad(month)}-${pad(lastDay(year, month))}`,
  };
}

export function quarterPeriod(year: number, quarter: number): Period {
  const first = (quarter - 1) * 3 + 1;
  return { from: monthPeriod(year, first).from, to: monthPeriod(year, first + 2).to };
}

/** 1 January to today in the current year; a past year's whole year. */
export function yearToDatePeriod(year: number, today: string): Period {
  const thisYear = Number(today.slice(0, 4));
  return { from: `${year}-01-01`, to: year === thisYear ? today : `${year}-12-31` };
}

/** Which choice a period reads as, to show it selected: the narrowest that fits, else custom. */
export function modeOf(period: Period, today: string): PeriodMode {
  const year = Number(period.from.slice(0, 4));
  const month = Number(period.from.slice(5, 7));
  const same = (p: Period) => p.from === period.from && p.to === period.to;
  if (same(monthPeriod(year, month))) return 'month';
  if ((month - 1) % 3 === 0 && same(quarterPeriod(year, (month + 2) / 3))) return 'quarter';
  if (same(yearToDatePeriod(year, today))) return 'ytd';
  return 'custom';
}

/**
 * The period a mode starts on when chosen, near the period shown before: a quarter's first
 * month (a return for Q1 becomes one for January), else the month the period ends in.
 */
export function periodForMode(mode: PeriodMode, current: Period, today: string): Period {
  const year = Number(current.to.slice(0, 4));
  const month = Number(current.to.slice(5, 7));
  switch (mode) {
    case 'month':
      return modeOf(current, today) === 'quarter'
        ? monthPeriod(year, Number(current.from.slice(5, 7)))
        : monthPeriod(year, month);
    case 'quarter':
      return quarterPeriod(year, Math.ceil(month / 3));
    case 'ytd':
      return yearToDatePeriod(year, today);
    case 'custom':
      return current;
  }
}

/** "1 Jan 2026 – 31 Mar 2026", for a heading or a caption. */
export function periodText(period: Period): string {
  const day = (d: string) =>
    new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  return `${day(period.from)} – ${day(period.to)}`;
}
