import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import { PosTakingsQuery, PosTakingsReport } from '../../../../shared/reports/pos';
import type { Db } from '../../../db/client';
import { sendExport } from '../../../export/exportList';
import { createPosReports } from './service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;

/**
 * POS takings for the report pages (docs/reports.md "POS reports"). 'report:read', not
 * 'pos:read': the MDA staff who read these reports hold the one, not the other, and see their
 * MDAs' terminals only.
 */
export const posReportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const reports = createPosReports(deps);

  app.get(
    '/reports/pos-takings',
    {
      schema: {
        tags: ['reports'],
        operationId: 'getPosTakings',
        summary: 'POS takings',
        description:
          'Recorded POS takings in the period (Lagos days, both ends included; either left out: the year to date), from the POS daily totals: over time (by day up to 92 days, else by month), per terminal, agent and MDA, of one MDA or every MDA the officer may see (MDA staff: theirs; another MDA: 404). With format=csv|xlsx, the takings per terminal as a file.',
        querystring: PosTakingsQuery,
        response: { 200: PosTakingsReport, ...errors },
      },
      config: { permission: 'report:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return reports.posTakings(req.actor, req.query);
      return sendExport(reply, await reports.exportPosTakings(req.actor, { ...req.query, format }));
    },
  );
};
