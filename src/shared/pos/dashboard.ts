import { z } from 'zod';
import { addDays } from '../dates';
import { isoDay } from '../isoDay';

/** The Benjis POS dashboard (docs/product.md §2 transactions/benjis-dashboard; docs/api.md). */

export const POS_DASHBOARD_PERIODS = ['today', 'week', 'month'] as const;
export type PosDashboardPeriod = (typeof POS_DASHBOARD_PERIODS)[number];

export const POS_PERIOD_LABELS = {
  today: 'Today',
  week: 'This week',
  month: 'This month',
} as const satisfies Record<PosDashboardPeriod, string>;

/** Days the chart of daily takings covers, today included. */
export const POS_CHART_DAYS = 30;

export const PosDashboardQuery = z.object({
  /** Which period the breakdowns by agent, terminal, MDA and revenue head cover. */
  period: z.enum(POS_DASHBOARD_PERIODS).default('today'),
  /** The day taken as "today" (a past day's view); today in Lagos when absent. */
  day: isoDay('Give the day as YYYY-MM-DD').optional(),
});
export type PosDashboardQuery = z.output<typeof PosDashboardQuery>;

const Figure = z.object({ amountKobo: z.number().int(), count: z.number().int() });
const Group = Figure.extend({ key: z.string(), name: z.string(), detail: z.string().nullable() });
export type PosDashboardGroup = z.infer<typeof Group>;

export const PosDashboard = z
  .object({
    day: z.string(),
    period: z.enum(POS_DASHBOARD_PERIODS),
    from: z.string(),
    to: z.string(),
    /** Recorded takings (revenue in the ledger) of each period, ending on `day`. */
    periods: z.object({
      today: Figure.extend({ from: z.string() }),
      week: Figure.extend({ from: z.string() }),
      month: Figure.extend({ from: z.string() }),
    }),
    byAgent: z.array(Group),
    byTerminal: z.array(Group),
    byMda: z.array(Group),
    byRevenueHead: z.array(Group),
    /** Each of the POS_CHART_DAYS days up to `day`, zero where nothing was taken. */
    daily: z.array(Figure.extend({ day: z.string() })),
    /** Active terminals that sent no transaction at all on `day`. */
    silentTerminals: z.object({
      count: z.number().int(),
      items: z.array(
        z.object({
          terminalId: z.string(),
          agentName: z.string().nullable(),
          mdaName: z.string(),
          lastDay: z.string().nullable(),
        }),
      ),
    }),
    held: z.object({ count: z.number().int(), oldestAt: z.string().nullable() }),
  })
  .meta({ id: 'PosDashboard' });
export type PosDashboard = z.infer<typeof PosDashboard>;

/** Monday of the day's week (a Lagos week runs Monday to Sunday). */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export function monthStartOf(day: string): string {
  return `${day.slice(0, 8)}01`;
}
