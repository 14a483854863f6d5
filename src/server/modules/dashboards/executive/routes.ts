import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ExecutiveDashboard,
  ExecutiveDashboardQuery,
  MdaDashboard,
  MdaDashboardParams,
  MdaDashboardQuery,
  MdaRanking,
  MdaRankingQuery,
} from '../../../../shared/dashboards/executive';
import { ErrorBody } from '../../../../shared/errors';
import type { Db } from '../../../db/client';
import { sendExport } from '../../../export/exportList';
import { createExecutiveDashboards } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['dashboards'];

/**
 * The executive dashboards (docs/dashboards.md): the state against its budget, MDAs ranked
 * against theirs, and one MDA's own. Read from the collection totals (ADR 0034) and the budget.
 */
export const executiveDashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const dashboards = createExecutiveDashboards(deps);

  app.get(
    '/dashboards/executive',
    {
      schema: {
        tags,
        operationId: 'getExecutiveDashboard',
        summary: 'Get the executive dashboard',
        description:
          "What the state collected on `day` (today in Lagos when absent), in its month and in its year, each against the budget for the same days (the newest budget version; a part month pro rata to its days); the 24 months up to `day`'s collected against their whole-month budget; the year to date's five best and five worst MDAs against their budget, the five largest shortfalls, and the collections by channel and by tax type.",
        querystring: ExecutiveDashboardQuery,
        response: { 200: ExecutiveDashboard, ...errors },
      },
      config: { permission: 'report:executive' },
    },
    (req) => dashboards.executive(req.actor, req.query),
  );

  app.get(
    '/dashboards/mdas',
    {
      schema: {
        tags,
        operationId: 'getMdaRanking',
        summary: 'MDAs ranked against their budget',
        description:
          "Each MDA's collections in the period ending on `day` (today, its month or its year to date) against its budget for the same days, the best performance first; MDAs with no budget after those with one. With format=csv|xlsx, the same as a file.",
        querystring: MdaRankingQuery,
        response: { 200: MdaRanking, ...errors },
      },
      config: { permission: 'report:executive' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return dashboards.mdaRanking(req.actor, req.query);
      return sendExport(
        reply,
        await dashboards.exportMdaRanking(req.actor, { ...req.query, format }),
      );
    },
  );

  app.get(
    '/dashboards/mda/:mdaId',
    {
      schema: {
        tags,
        operationId: 'getMdaDashboard',
        summary: "Get one MDA's dashboard",
        description:
          "One MDA's collections today, this month and this year against its budget, its 24-month trend, its channel and tax-type mix, and its recorded POS takings. MDA staff see only their own MDAs: any other is not found (404).",
        params: MdaDashboardParams,
        querystring: MdaDashboardQuery,
        response: { 200: MdaDashboard, 404: ErrorBody, ...errors },
      },
      config: { permission: 'report:read' },
    },
    (req) => dashboards.mda(req.actor, req.params.mdaId, req.query),
  );
};
