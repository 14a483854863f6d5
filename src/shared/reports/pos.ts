import { z } from 'zod';
import { reportPeriodFields, withPeriodChecks } from './period';

/**
 * POS takings for a period (docs/reports.md "POS reports"): recorded takings from the POS daily
 * totals (docs/pos.md), by day, terminal, agent and MDA, of one MDA or every MDA the officer may
 * see. The MDA POS transaction report and the POS report dashboard read it.
 */
export const PosTakingsQuery = withPeriodChecks(
  z.object({
    ...reportPeriodFields,
    mdaId: z.uuid({ error: 'Not an MDA id' }).optional(),
    format: z.enum(['csv', 'xlsx']).optional(),
  }),
);
export type PosTakingsQuery = z.infer<typeof PosTakingsQuery>;

const figures = { count: z.number().int(), amountKobo: z.number().int() };

export const PosTerminalRow = z.object({
  terminalId: z.string(),
  agentName: z.string(),
  mdaName: z.string(),
  ...figures,
});
export type PosTerminalRow = z.infer<typeof PosTerminalRow>;

export const PosTakingsReport = z.object({
  from: z.string(),
  to: z.string(),
  /** The MDA asked for; null: every MDA the officer may see. */
  mda: z.object({ mdaId: z.uuid(), mdaName: z.string() }).nullable(),
  /**
   * The takings over time, for the chart: every day of a period of up to 92 days, else every
   * month (its first day), none left out.
   */
  seriesBy: z.enum(['day', 'month']),
  series: z.array(z.object({ period: z.string(), ...figures })),
  byTerminal: z.array(PosTerminalRow),
  byAgent: z.array(z.object({ agentId: z.string(), agentName: z.string(), ...figures })),
  byMda: z.array(z.object({ mdaId: z.string(), mdaName: z.string(), ...figures })),
  totals: z.object(figures),
});
export type PosTakingsReport = z.infer<typeof PosTakingsReport>;
