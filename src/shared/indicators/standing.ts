import { MONTH_NAMES } from '../dates';

/**
 * Whether a figure meets its target: at or above it when a higher figure is better, at or
 * below it otherwise; null when there is no figure or no target. The page's badge and the
 * board's PDF say the same.
 */
export function targetMet(item: {
  value: number | null;
  target: number | null;
  higherIsBetter: boolean;
}): boolean | null {
  if (item.target === null || item.value === null) return null;
  return item.higherIsBetter ? item.value >= item.target : item.value <= item.target;
}

/** "March 2026" for 2026-03. */
export function monthInWords(month: string): string {
  const [year, m] = month.split('-');
  return `${MONTH_NAMES[Number(m) - 1]} ${year}`;
}
