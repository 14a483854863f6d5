import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import { PosDashboard, PosDashboardQuery } from '../../../../shared/pos/dashboard';
import type { Db } from '../../../db/client';
import { createPosDashboardService } from './service';

/** The Benjis POS dashboard (docs/product.md §2 transactions/benjis-dashboard). */
export const posDashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const dashboard = createPosDashboardService({ db });
  app.get(
    '/pos/dashboard',
    {
      schema: {
        tags: ['pos'],
        operationId: 'getPosDashboard',
        summary: 'Get the POS dashboard',
        description:
          'Recorded POS takings today, this week (from Monday) and this month, up to `day` (today in Lagos when absent); the `period` chosen by agent, terminal, MDA and revenue head (the 50 largest of each); the takings of each of the last 30 days; active terminals that sent nothing on `day`; and how many transactions are held for review.',
        querystring: PosDashboardQuery,
        response: { 200: PosDashboard, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody },
      },
      config: { permission: 'pos:read' },
    },
    (req) => dashboard.getDashboard(req.actor, req.query),
  );
};
