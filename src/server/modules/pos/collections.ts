import type { FastifyInstance } from 'fastify';
import type { JobKinds } from '../../jobs/kinds';
import type { PosDeps } from './deps';
import { heldPosRoutes } from './held/routes';
import { posPushRoutes } from './push/routes';
import { posTerminalRoutes } from './terminals/routes';

/**
 * POS collections taken from the provider (docs/pos.md): the push, agents and terminals, held
 * transactions, and the pull (a job kind, run daily and on demand). One call from app.ts.
 */
export async function registerPosCollections(
  app: FastifyInstance,
  deps: PosDeps,
  _jobKinds: JobKinds,
): Promise<void> {
  await app.register(posPushRoutes, { prefix: '/api/v1', ...deps });
  await app.register(posTerminalRoutes, { prefix: '/api/v1', ...deps });
  await app.register(heldPosRoutes, { prefix: '/api/v1', ...deps });
}
