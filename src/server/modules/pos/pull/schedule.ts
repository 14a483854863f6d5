import type { FastifyInstance } from 'fastify';
import { addDays, todayInLagos } from '../../../../shared/dates';
import { systemActor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { queueScheduledPull } from './service';

/**
 * The daily pull (docs/pos.md "The pull"): every hour, each instance queues the pull of
 * yesterday and the day before (Lagos days) unless it is queued already — the unique index
 * pos_pulls_scheduled_day_key lets one instance win — so a day is caught up once, even after
 * a server was down over midnight.
 */

const LOOK_EVERY_MS = 60 * 60_000;
const DAYS_CAUGHT_UP = 2;

export async function queueDuePulls(db: Db, now: Date = new Date()): Promise<string[]> {
  const today = todayInLagos(now);
  const queued: string[] = [];
  for (let back = DAYS_CAUGHT_UP; back >= 1; back -= 1) {
    const day = addDays(today, -back);
    if (await queueScheduledPull(db, systemActor('system'), day)) queued.push(day);
  }
  return queued;
}

export function startPosPullSchedule(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const look = () => {
    if (running) return;
    running = queueDuePulls(db)
      .then((days) => {
        if (days.length > 0) app.log.info({ days }, 'queued the daily POS pull');
      })
      .catch((err: unknown) => app.log.error({ err }, 'the daily POS pull could not be queued'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onListen', async () => {
    look();
    timer = setInterval(look, LOOK_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
