import { TREND_MONTHS } from '../../../../shared/dashboards/executive';
import { addDays } from '../../../../shared/dates';

/** The days each figure of a dashboard covers, all ending on `day` (docs/dashboards.md). */
export type DashboardDays = {
  day: string;
  monthFrom: string;
  yearFrom: string;
  yearTo: string;
  /** First day of the trend's first month, and last day of its last (`day`'s month). */
  trendFrom: string;
  trendTo: string;
  /** The trend's months, oldest first, each the first day of its month. */
  trendMonths: string[];
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day of the month `back` months before `day`'s. */
function monthStart(day: string, back: number): string {
  const total = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - back;
  return `${Math.floor(total / 12)}-${pad((total % 12) + 1)}-01`;
}

export function dashboardDays(day: string): DashboardDays {
  const trendMonths = Array.from({ length: TREND_MONTHS }, (_, i) =>
    monthStart(day, TREND_MONTHS - 1 - i),
  );
  return {
    day,
    monthFrom: monthStart(day, 0),
    yearFrom: `${day.slice(0, 4)}-01-01`,
    yearTo: `${day.slice(0, 4)}-12-31`,
    trendFrom: trendMonths[0] as string,
    trendTo: addDays(monthStart(day, -1), -1),
    trendMonths,
  };
}
