import type { FastifyInstance } from 'fastify';
import type { JobKinds } from '../../jobs/kinds';
import type { PosDeps } from './deps';
import { heldPosRoutes } from './held/routes';
import { registerPosPullJob } from './pull/job';
import { posPullRoutes } from './pull/routes';
import { startPosPullSchedule } from './pull/schedule';
import { posPushRoutes } from './push/routes';
import { posTerminalRoutes } from './terminals/routes';

/**
 * POS collections taken from the provider (docs/pos.md): the push, agents and terminals, held
 * transactions, and the pull (a job kind, run daily and on demand). One call from app.ts.
 */
export async function registerPosCollections(
  app: FastifyInstance,
  deps: PosDeps,
  jobKinds: JobKinds,
  options: { runJobs: boolean },
): Promise<void> {
  await app.register(posPushRoutes, { prefix: '/api/v1', ...deps });
  await app.register(posTerminalRoutes, { prefix: '/api/v1', ...deps });
  await app.register(heldPosRoutes, { prefix: '/api/v1', ...deps });
  await app.register(posPullRoutes, { prefix: '/api/v1', ...deps });
  registerPosPullJob(jobKinds, deps);
  // Not in tests: a pull queued by every test app would show in their jobs and audit trails;
  // the schedule's own test calls queueDuePulls.
  if (options.runJobs && deps.config.env !== 'test') startPosPullSchedule(app, deps.db);
}
