import type { FastifyPluginAsync } from 'fastify';
import type { JobKinds } from '../../jobs/kinds';
import type { PaymentDeps } from '../payments/deps';
import { posDashboardRoutes } from './dashboard/routes';
import { posTransactionRoutes } from './transactions/routes';

/**
 * What officers read of POS collections and the provider's settlement files (docs/pos.md,
 * docs/pos-settlement.md): the transactions, the dashboard, the settlement upload and its job.
 */
export const posReadRoutes: FastifyPluginAsync<PaymentDeps & { jobKinds: JobKinds }> = async (
  app,
  deps,
) => {
  await app.register(posTransactionRoutes, { db: deps.db });
  await app.register(posDashboardRoutes, { db: deps.db });
};
