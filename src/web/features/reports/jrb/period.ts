import { todayInLagos } from '../../../../shared/dates';
import { jrbPeriodDays } from '../../../../shared/reports/jrb';

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

export type PeriodParts = { kind: 'month' | 'quarter'; year: string; part: string };

/** `2026-03` → month 03 of 2026; `2026-Q1` → quarter 1 of 2026. */
export function partsOf(period: string): PeriodParts {
  const [year = '', part = ''] = period.split('-');
  return part.startsWith('Q')
    ? { kind: 'quarter', year, part: part.slice(1) }
    : { kind: 'month', year, part };
}

export function periodOfParts(parts: PeriodParts): string {
  return parts.kind === 'quarter' ? `${parts.year}-Q${parts.part}` : `${parts.year}-${parts.part}`;
}
