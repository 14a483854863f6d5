import type { FastifyInstance } from 'fastify';
import { todayInLagos } from '../../shared/dates';
import type { Db } from '../db/client';
import { snapshotClosedMonths } from '../modules/indicators/snapshots';

/**
 * Every hour, each closed month's performance indicators are stored once (docs/indicators.md),
 * so a month's figures stop moving when it closes. A month already stored costs one indexed
 * read; the first hour of a month stores the month before. Any number of instances may run it.
 */
const SNAPSHOT_EVERY_MS = 60 * 60_000;

export function startIndicatorSnapshots(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  function snapshot() {
    if (running) return;
    running = snapshotClosedMonths(db, todayInLagos())
      .then((stored) => {
        if (stored > 0) app.log.info({ stored }, 'indicator snapshots stored');
      })
      .catch((err: unknown) => app.log.error({ err }, 'storing the indicator snapshots failed'))
      .finally(() => {
        running = null;
      });
  }

  app.addHook('onListen', async () => {
    snapshot();
    timer = setInterval(snapshot, SNAPSHOT_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
