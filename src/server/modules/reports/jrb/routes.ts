import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import { JrbReturn, JrbReturnQuery } from '../../../../shared/reports/jrb';
import type { Db } from '../../../db/client';
import { sendExport } from '../../../export/exportList';
import { createJrbReturnService } from './service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;

/** The Joint Revenue Board return (docs/jrb-return.md). */
export const jrbReturnRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const jrb = createJrbReturnService(deps);

  app.get(
    '/reports/jrb-return',
    {
      schema: {
        tags: ['reports'],
        operationId: 'getJrbReturn',
        summary: 'The Joint Revenue Board return',
        description:
          "The periodic return to the Joint Revenue Board for a month (`period=2026-03`) or a quarter (`period=2026-Q1`), Lagos days: collections by tax type (from the collection totals, net of reversals on the day they were made), taxpayers registered (individuals, companies) and tax clearance certificates issued, by kind. With format=xlsx, the return as a workbook in RevDesk's layout v1 (docs/jrb-return.md), audited as an export. A malformed period is 422.",
        querystring: JrbReturnQuery,
        response: { 200: JrbReturn, ...errors },
      },
      config: { permission: 'report:jrb' },
    },
    async (req, reply) => {
      const { period, format } = req.query;
      if (!format) return jrb.jrbReturn(req.actor, period);
      return sendExport(reply, await jrb.exportJrbReturn(req.actor, period));
    },
  );
};
