import type { PaymentChannel } from '../payments/enums';

/** What the dashboard pages and the server share without zod (the pages' chunks carry none). */

/** How many MDAs the top and bottom lists of the executive dashboard hold. */
export const RANKED_MDAS_SHOWN = 5;
/** Months the trend covers, the current one included. */
export const TREND_MONTHS = 24;

export const DASHBOARD_PERIODS = ['today', 'month', 'year'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_PERIOD_LABELS = {
  today: 'Today',
  month: 'This month',
  year: 'This year',
} as const satisfies Record<DashboardPeriod, string>;

export const CHANNEL_LABELS = {
  remita: 'Remita',
  card: 'Card',
  pos: 'POS',
  bank: 'Bank',
  manual: 'By hand',
} as const satisfies Record<PaymentChannel, string>;
