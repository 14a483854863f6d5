import type { FastifyInstance } from 'fastify';
import { todayInLagos } from '../../shared/dates';
import type { Db } from '../db/client';
import {
  compactCollectionTotals,
  compactDemandNoticeTotals,
  compactPaymentHistoryTotals,
} from '../modules/reports/rollups';

/**
 * Every hour, the shards of the collection totals' closed days and months are folded into one
 * row each (ADR 0034): the shards spread a busy day's writers, and once the day is over they
 * only make reports add up more rows. The demand notice totals' shards (migration 0036) are
 * folded the same way, after, and then the payment history's totals (ADR 0035). Any number of
 * instances may run it at once.
 */
const COMPACT_EVERY_MS = 60 * 60_000;

export function startCollectionTotalsCompaction(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  function compact() {
    if (running) return;
    const today = todayInLagos();
    running = compactCollectionTotals(db, today)
      .then(async (folded) => {
        if (folded.days + folded.months > 0)
          app.log.info({ folded }, 'collection totals compacted');
        const notices = await compactDemandNoticeTotals(db, today);
        if (notices.days + notices.months > 0)
          app.log.info({ folded: notices }, 'demand notice totals compacted');
        const history = await compactPaymentHistoryTotals(db, today);
        if (history.days + history.months > 0)
          app.log.info({ folded: history }, 'payment history totals compacted');
      })
      .catch((err: unknown) => app.log.error({ err }, 'compacting the collection totals failed'))
      .finally(() => {
        running = null;
      });
  }

  app.addHook('onListen', async () => {
    compact();
    timer = setInterval(compact, COMPACT_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
