import { addDays, todayInLagos } from '../../../../shared/dates';
import {
  monthStartOf,
  POS_CHART_DAYS,
  type PosDashboard,
  type PosDashboardQuery,
  weekStartOf,
} from '../../../../shared/pos/dashboard';
import type { Actor } from '../../../auth/actor';
import { mdaScopeOf } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import {
  selectByAgent,
  selectByMda,
  selectByRevenueHead,
  selectByTerminal,
  selectDaily,
  selectHeld,
  selectSilentTerminals,
  selectTakings,
} from './queries';

/**
 * The Benjis POS dashboard (docs/product.md §2 transactions/benjis-dashboard): today's, this
 * week's and this month's takings, the chosen period by agent, terminal, MDA and revenue head,
 * a chart of daily takings, the active terminals that sent nothing today and the transactions
 * held for review. Read from the daily totals (queries.ts), so a view costs the same at a
 * million transactions as at a hundred (bench/README.md "POS dashboard").
 */
export function createPosDashboardService({ db }: { db: Db }) {
  return {
    async getDashboard(actor: Actor, query: PosDashboardQuery): Promise<PosDashboard> {
      const scope = mdaScopeOf(actor);
      const day = query.day ?? todayInLagos();
      const starts = { today: day, week: weekStartOf(day), month: monthStartOf(day) };
      const range = { from: starts[query.period], to: day, scope };
      const chartFrom = addDays(day, -(POS_CHART_DAYS - 1));
      const [today, week, month, byAgent, byTerminal, byMda, byRevenueHead, daily, silent, held] =
        await Promise.all([
          selectTakings(db, { from: starts.today, to: day, scope }),
          selectTakings(db, { from: starts.week, to: day, scope }),
          selectTakings(db, { from: starts.month, to: day, scope }),
          selectByAgent(db, range),
          selectByTerminal(db, range),
          selectByMda(db, range),
          selectByRevenueHead(db, range),
          selectDaily(db, { from: chartFrom, to: day, scope }),
          selectSilentTerminals(db, day, scope),
          selectHeld(db),
        ]);
      const byDay = new Map(daily.map((d) => [d.day, d]));
      return {
        day,
        period: query.period,
        from: range.from,
        to: day,
        periods: {
          today: { ...today, from: starts.today },
          week: { ...week, from: starts.week },
          month: { ...month, from: starts.month },
        },
        byAgent,
        byTerminal,
        byMda,
        byRevenueHead,
        daily: Array.from({ length: POS_CHART_DAYS }, (_, i) => {
          const d = addDays(chartFrom, i);
          return {
            day: d,
            amountKobo: byDay.get(d)?.amountKobo ?? 0,
            count: byDay.get(d)?.count ?? 0,
          };
        }),
        silentTerminals: silent,
        held,
      };
    },
  };
}
