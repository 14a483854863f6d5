import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  MdaRevenueQuery,
  MdaRevenueReport,
  MdaSummaryQuery,
  MdaSummaryReport,
} from '../../../../shared/reports/collections';
import type { Db } from '../../../db/client';
import { sendExport } from '../../../export/exportList';
import { posReportRoutes } from '../pos/routes';
import { createMdaReports } from './mdaReports';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;
const tags = ['reports'];

/**
 * An MDA's collection reports (docs/reports.md): revenue by head and month, and the one-page
 * summary; the POS takings reports are registered with them.
 */
export const collectionReportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const reports = createMdaReports(deps);

  app.get(
    '/reports/mda-revenue',
    {
      schema: {
        tags,
        operationId: 'getMdaRevenue',
        summary: 'MDA revenue by revenue head and month',
        description:
          'Net collections in the period (Lagos days, both ends included; either left out: the year to date) per revenue head and Lagos month, of one MDA or every MDA the officer may see (MDA staff: theirs; another MDA: 404), from the collection totals. With format=csv|xlsx, the same as a file.',
        querystring: MdaRevenueQuery,
        response: { 200: MdaRevenueReport, ...errors },
      },
      config: { permission: 'report:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return reports.mdaRevenue(req.actor, req.query);
      return sendExport(reply, await reports.exportMdaRevenue(req.actor, { ...req.query, format }));
    },
  );

  app.get(
    '/reports/mda-summary',
    {
      schema: {
        tags,
        operationId: 'getMdaSummary',
        summary: "One MDA's summary",
        description:
          "One MDA's period on a page: net collections by channel and revenue head, the demand notices issued, POS takings, the arrears (notices past due and not fully paid, today) and, when recorded, the budget. MDA staff: their MDAs only (another MDA: 404). With format=csv|xlsx, the same as a file.",
        querystring: MdaSummaryQuery,
        response: { 200: MdaSummaryReport, ...errors },
      },
      config: { permission: 'report:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return reports.mdaSummary(req.actor, req.query);
      return sendExport(reply, await reports.exportMdaSummary(req.actor, { ...req.query, format }));
    },
  );

  await app.register(posReportRoutes, { db: deps.db });
};
