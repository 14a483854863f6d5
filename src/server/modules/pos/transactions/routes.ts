import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  PosTransactionListQuery,
  PosTransactionPage,
} from '../../../../shared/pos/transactionList';
import type { Db } from '../../../db/client';
import { sendExport } from '../../../export/exportList';
import { createPosTransactionService } from './service';

const tags = ['pos'];

/**
 * The POS transactions list (docs/product.md §2 transactions/benjis; §7 `GET
 * pos/officer/benjis-report/keyword`, whose page, keyword, startDate and endDate are `page`,
 * `keyword`, `from` and `to` here).
 */
export const posTransactionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const transactions = createPosTransactionService({ db });

  app.get(
    '/pos/transactions',
    {
      schema: {
        tags,
        operationId: 'listPosTransactions',
        summary: 'List POS transactions',
        description:
          'Transactions pushed, pulled or settled from the POS provider, newest first, by `terminalId`, `agentId`, `mdaId`, `status` (what the provider said), `state` (where RevDesk holds it), the Lagos days `from`–`to`, and `keyword`: an RRN, STAN or terminal id exactly, a payer phone, or words of an agent’s or payer’s name. `totals` add up the whole filter; a keyword is counted only 1,000 past the page (`isTotalCapped`, `totals.isCapped`, the sum then null; the page is exact). With `format=csv` or `format=xlsx` the same filter comes back as a file.',
        querystring: PosTransactionListQuery,
        response: { 200: PosTransactionPage, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody },
      },
      config: { permission: 'pos:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return transactions.findTransactions(req.actor, req.query);
      return sendExport(
        reply,
        await transactions.exportTransactions(req.actor, { ...req.query, format }),
      );
    },
  );
};
