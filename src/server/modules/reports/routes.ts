import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../shared/errors';
import { CollectionsByMdaQuery, CollectionsByMdaReport } from '../../../shared/reports/collections';
import type { Db } from '../../db/client';
import { sendExport } from '../../export/exportList';
import { collectionReportRoutes } from './collections/routes';
import { createCollectionReports } from './collections/service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['reports'];

/** Reports read from the collection totals (ADR 0034), never from the payments table. */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const collections = createCollectionReports(deps);
  await app.register(collectionReportRoutes, { db: deps.db });

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
};
