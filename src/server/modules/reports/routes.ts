import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../shared/errors';
import { BudgetPerformanceQuery, BudgetPerformanceReport } from '../../../shared/reports/budget';
import { CollectionsByMdaQuery, CollectionsByMdaReport } from '../../../shared/reports/collections';
import type { Db } from '../../db/client';
import { sendExport } from '../../export/exportList';
import { createBudgetReports } from './budget/service';
import { collectionReportRoutes } from './collections/routes';
import { createCollectionReports } from './collections/service';
import { jrbReturnRoutes } from './jrb/routes';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const withNotFound = { ...errors, 404: ErrorBody } as const;
const tags = ['reports'];

/** Reports read from the collection totals (ADR 0034), never from the payments table. */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const collections = createCollectionReports(deps);
  await app.register(collectionReportRoutes, { db: deps.db });
  const budget = createBudgetReports(deps);
  await app.register(jrbReturnRoutes, { db: deps.db });

  app.get(
    '/reports/collections-by-mda',
    {
      schema: {
        tags,
        operationId: 'getCollectionsByMda',
        summary: 'Collections by MDA',
        description:
          "Money paid in the period (Lagos days, both ends included; either left out: the year to date), net of reversals on the day they were made, per MDA the officer may see (MDA staff: their MDAs') and channel, largest first, with each MDA's share of the total. With format=csv|xlsx, the same as a file.",
        querystring: CollectionsByMdaQuery,
        response: { 200: CollectionsByMdaReport, ...errors },
      },
      config: { permission: 'report:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return collections.collectionsByMda(req.actor, req.query);
      return sendExport(
        reply,
        await collections.exportCollectionsByMda(req.actor, { ...req.query, format }),
      );
    },
  );

  app.get(
    '/reports/budget-performance',
    {
      schema: {
        tags,
        operationId: 'getBudgetPerformance',
        summary: 'Budget performance',
        description:
          "The period's budget (the newest version of the year unless `version` is given; part months prorated by days, docs/reports.md) beside the money collected (the collection totals, ADR 0034), grouped by MDA, MDA category (with category subtotals), economic code (with subtotals at 2, 4 and 6 digits), revenue head or month, with variance (collected − budget) and the percentage collected (null when nothing was budgeted). MDA staff see their MDAs only; another MDA's id is not found. With format=csv|xlsx the same as a file; format=pdf, an A4 landscape PDF under the letterhead with the period and budget version printed.",
        querystring: BudgetPerformanceQuery,
        response: { 200: BudgetPerformanceReport, ...withNotFound },
      },
      config: { permission: 'budget:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return budget.budgetPerformance(req.actor, req.query);
      if (format === 'pdf')
        return sendPdf(reply, await budget.budgetPerformancePdf(req.actor, req.query));
      return sendExport(
        reply,
        await budget.exportBudgetPerformance(req.actor, { ...req.query, format }),
      );
    },
  );
};

/** A PDF's bytes as they are (Fastify never serialises a Buffer). */
function sendPdf(reply: FastifyReply, file: { body: Buffer; fileName: string }) {
  return reply
    .headers({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${file.fileName}"`,
    })
    .send(file.body);
}
