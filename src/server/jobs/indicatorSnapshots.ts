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

/**
 * The pause between two months the job computes: on a server just started with a backlog of
 * months, the page views (and every other request, on PGlite's one connection) get the
 * database between them (bench/README.md "Service performance": 100 ms against 25 ms took a
 * fresh server's median view while the job ran from 337 to 200 ms on the demo; the job then
 * takes ~15 s for 33 months).
 */
const PAUSE_BETWEEN_MONTHS_MS = 100;

export function startIndicatorSnapshots(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const closing = new AbortController();

  function snapshot() {
    if (running || closing.signal.aborted) return;
    running = snapshotClosedMonths(db, todayInLagos(), {
      signal: closing.signal,
      pauseMs: PAUSE_BETWEEN_MONTHS_MS,
    })
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
    // The month under way finishes (its figures are stored whole); the rest wait for the next
    // start, which begins where this one stopped.
    closing.abort();
    await running;
  });
}
