import { formatKoboAsNaira } from '../../../../shared/money';

/** "42.1 %" of a 0–1 share; "—" when there is nothing to set it against. */
export function formatShare(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return '—';
  return `${(share * 100).toLocaleString('en-NG', { maximumFractionDigits: 1 })} %`;
}

/** collected ÷ budget, or null with no budget. */
export function shareOf(collectedKobo: number, budgetKobo: number): number | null {
  return budgetKobo > 0 ? collectedKobo / budgetKobo : null;
}

/** "Mar 2029" for a month's first day. */
export function formatMonth(month: string): string {
  return new Date(`${month}T12:00:00Z`).toLocaleDateString('en-NG', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const naira = formatKoboAsNaira;
