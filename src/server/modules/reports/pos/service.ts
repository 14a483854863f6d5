import { addDays, daysSpanned, todayInLagos } from '../../../../shared/dates';
import { periodOf } from '../../../../shared/reports/period';
import type {
  PosTakingsQuery,
  PosTakingsReport,
  PosTerminalRow,
} from '../../../../shared/reports/pos';
import type { Actor } from '../../../auth/actor';
import { mdaScopeOf } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { amount, type Column, count, text } from '../../../export/columns';
import { exportList } from '../../../export/exportList';
import { mdaAskedFor } from '../collections/mdaAsked';
import {
  type PosFilter,
  selectPosByAgent,
  selectPosByDay,
  selectPosByMda,
  selectPosByTerminal,
} from './queries';

/** The longest period charted day by day; longer ones are charted by month. */
export const DAILY_SERIES_DAYS = 92;

export const POS_TERMINAL_COLUMNS: readonly Column<PosTerminalRow>[] = [
  text('Terminal', (r) => r.terminalId, 14),
  text('Agent', (r) => r.agentName, 28),
  text('MDA', (r) => r.mdaName, 32),
  count('Transactions', (r) => r.count, 12),
  amount('Takings', (r) => r.amountKobo, 16),
];

type Figures = { count: number; amountKobo: number };

/** Every day (or month) of the period, those with no takings as zero. */
function seriesOf(from: string, to: string, days: readonly ({ day: string } & Figures)[]) {
  const byMonth = daysSpanned(from, to) > DAILY_SERIES_DAYS;
  const keyOf = (day: string) => (byMonth ? `${day.slice(0, 7)}-01` : day);
  const sums = new Map<string, Figures>();
  for (const d of days) {
    const s = sums.get(keyOf(d.day)) ?? { count: 0, amountKobo: 0 };
    s.count += d.count;
    s.amountKobo += d.amountKobo;
    sums.set(keyOf(d.day), s);
  }
  const series: ({ period: string } & Figures)[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const period = keyOf(day);
    if (series.at(-1)?.period === period) continue;
    series.push({ period, ...(sums.get(period) ?? { count: 0, amountKobo: 0 }) });
  }
  return { seriesBy: byMonth ? ('month' as const) : ('day' as const), series };
}

/**
 * POS takings (docs/reports.md "POS reports"): the MDA POS transaction report and the POS
 * report dashboard. MDA staff read their MDAs' terminals only; an MDA asked for that they may
 * not see is a 404.
 */
export function createPosReports({ db }: { db: Db }) {
  async function posTakings(actor: Actor, query: PosTakingsQuery): Promise<PosTakingsReport> {
    const { from, to } = periodOf(query, todayInLagos());
    const mda = query.mdaId ? await mdaAskedFor(db, actor, query.mdaId) : null;
    const filter: PosFilter = { from, to, scope: mdaScopeOf(actor), mdaId: query.mdaId };
    const [days, byTerminal, byAgent, byMda] = await Promise.all([
      selectPosByDay(db, filter),
      selectPosByTerminal(db, filter),
      selectPosByAgent(db, filter),
      selectPosByMda(db, filter),
    ]);
    const totals = { count: 0, amountKobo: 0 };
    for (const d of days) {
      totals.count += d.count;
      totals.amountKobo += d.amountKobo;
    }
    return {
      from,
      to,
      mda: mda ? { mdaId: mda.id, mdaName: mda.name } : null,
      ...seriesOf(from, to, days),
      byTerminal,
      byAgent,
      byMda,
      totals,
    };
  }

  return {
    posTakings,

    /** The takings per terminal, with its agent and MDA, as a file (ADR 0029); audited. */
    async exportPosTakings(actor: Actor, query: PosTakingsQuery & { format: 'csv' | 'xlsx' }) {
      const report = await posTakings(actor, query);
      return exportList(db, actor, {
        format: query.format,
        fileName: `pos-takings-${report.from}-to-${report.to}`,
        sheet: 'POS takings by terminal',
        columns: POS_TERMINAL_COLUMNS,
        count: async () => report.byTerminal.length,
        page: async ({ limit, offset }) => report.byTerminal.slice(offset, offset + limit),
        audit: {
          action: 'pos_takings.exported',
          entityType: 'report',
          filter: { from: report.from, to: report.to, mdaId: query.mdaId ?? null },
        },
      });
    },
  };
}
