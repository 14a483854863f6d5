import { formatKoboAsNaira } from '../../../shared/money';

/** How a chart's values read: naira from kobo, a count, or a share (0–1). */
export type ChartFormat = 'naira' | 'count' | 'percent';

const compact = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-NG');

/** A value in full, as the tooltip and the figures table show it. */
export function formatChartValue(value: number, format: ChartFormat): string {
  if (format === 'naira') return formatKoboAsNaira(Math.round(value));
  if (format === 'percent') return `${(value * 100).toFixed(1)} %`;
  return whole.format(value);
}

/** A value on an axis, short enough for a phone: ₦1.2M, 3.4K, 85 %. */
export function formatAxisValue(value: number, format: ChartFormat): string {
  if (format === 'naira') return `₦${compact.format(value / 100)}`;
  if (format === 'percent') return `${Math.round(value * 100)} %`;
  return compact.format(value);
}

/**
 * Series told apart without colour (docs/reports.md "Charts"): each series a different
 * lightness of the service's blue, so a grey print keeps them apart, and lines a different dash.
 */
export const SERIES_COLOURS = ['blue.9', 'blue.4', 'gray.6', 'teal.8', 'orange.5', 'gray.9'];
export const SERIES_DASHES = [undefined, '8 4', '2 3', '12 4 2 4', '4 4', '1 6'];
