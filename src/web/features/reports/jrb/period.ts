import { todayInLagos } from '../../../../shared/dates';
import { jrbPeriodDays } from '../../../../shared/reports/jrbPeriod';
import { modeOf, type Period, type PeriodMode } from '../../../lib/dates/period';

/** The page's search: the period shown, `2026-03` or `2026-Q1`; anything else is left out. */
export const JrbSearch = {
  parse(search: Record<string, unknown>): { period?: string } {
    const period = typeof search.period === 'string' ? search.period : undefined;
    return period && jrbPeriodDays(period) ? { period } : {};
  },
};

/** The last whole month before today (Lagos): what a return is usually sent for. */
export function lastMonth(today: string = todayInLagos()): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** A return is sent for a month or a quarter: the choices its period picker offers. */
export const RETURN_PERIOD_MODES = ['month', 'quarter'] as const satisfies readonly PeriodMode[];

/** `2026-03` → 1–31 March 2026; `2026-Q1` → 1 January–31 March 2026. */
export function daysOfReturnPeriod(period: string): Period {
  return jrbPeriodDays(period) ?? jrbPeriodDays(lastMonth()) ?? { from: '', to: '' };
}

/** The days the picker chose, as the return's period (`2026-03`, `2026-Q1`); none if neither. */
export function returnPeriodOf(days: Period, today: string): string | null {
  const year = days.from.slice(0, 4);
  const month = Number(days.from.slice(5, 7));
  switch (modeOf(days, today)) {
    case 'month':
      return days.from.slice(0, 7);
    case 'quarter':
      return `${year}-Q${Math.ceil(month / 3)}`;
    default:
      return null;
  }
}
