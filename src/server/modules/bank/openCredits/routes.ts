import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OpenCreditListQuery, OpenCreditPage } from '../../../../shared/bank/openCredits';
import { ErrorBody } from '../../../../shared/errors';
import type { Db } from '../../../db/client';
import { sendExport } from '../../../export/exportList';
import { createOpenCreditService } from './service';

/** The credits waiting across accounts (docs/bank-matching.md "Credits waiting"). */
export const bankOpenCreditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const credits = createOpenCreditService(deps);

  app.get(
    '/bank/open-credits',
    {
      schema: {
        tags: ['bank'],
        operationId: 'listBankOpenCredits',
        summary: 'List the credits waiting for an officer, across accounts',
        description:
          'The statement credits still unmatched or ambiguous, of every collection account or of one (`accountNumber`), of one `state` or both, the oldest value date first, a page at a time; `totals` is the filter’s count and sum. Each names its account; the officer decides it on that account’s statement (`/bank/statement-lines`). An account not configured is a 404. With `format=csv` or `format=xlsx` the same filter comes back as a file, every row in the same order (at most 50,000; amounts in naira under a header naming NGN, value dates as dates in XLSX), audited `bank_open_credits.exported`.',
        querystring: OpenCreditListQuery,
        response: {
          200: OpenCreditPage,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          422: ErrorBody,
        },
      },
      config: { permission: 'bank:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return credits.findOpenCredits(req.actor, req.query);
      return sendExport(
        reply,
        await credits.exportOpenCredits(req.actor, { ...req.query, format }),
      );
    },
  );
};
