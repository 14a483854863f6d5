import type { FastifyPluginAsync } from 'fastify';
import type { JobKinds } from '../../jobs/kinds';
import type { PaymentDeps } from '../payments/deps';
import { posDashboardRoutes } from './dashboard/routes';
import { registerPosSettlementJob } from './settlement/job';
import { posSettlementRoutes } from './settlement/routes';
import { posTransactionRoutes } from './transactions/routes';

/**
 * What officers read of POS collections and the provider's settlement files (docs/pos.md,
 * docs/pos-settlement.md): the transactions, the dashboard, the settlement upload and its job.
 */
export const posReadRoutes: FastifyPluginAsync<PaymentDeps & { jobKinds: JobKinds }> = async (
  app,
  { jobKinds, ...options },
) => {
  // Fastify's own options (the prefix) stay with this plugin; the children get the deps only.
  const { prefix: _prefix, ...deps } = options as PaymentDeps & { prefix?: string };
  await app.register(posTransactionRoutes, { db: deps.db });
  await app.register(posDashboardRoutes, { db: deps.db });
  // The settlement check is a background job kind of the app's worker (ADR 0030).
  registerPosSettlementJob(jobKinds, deps);
  await app.register(posSettlementRoutes, deps);
};
