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

/**
 * The trend's months whose figures are not stored yet (a server just started stores the closed
 * months in the background, docs/indicators.md), said so beside the chart and under the PDF's
 * table: a blank month there is not a month with nothing to measure. Null when none is pending.
 */
export function pendingTrendNote(
  trend: readonly { month: string; pending?: true }[],
): string | null {
  const pending = trend.filter((t) => t.pending).map((t) => monthInWords(t.month));
  if (pending.length === 0) return null;
  const months =
    pending.length <= 3
      ? pending.join(', ')
      : `${pending.length} months (${pending[0]} to ${pending.at(-1)})`;
  return `Being computed: ${months}. The server stores each closed month’s figures after it starts; ${pending.length === 1 ? 'this month is' : 'these months are'} blank until stored.`;
}
