import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BankAggregates,
  StatementFetchParams,
  StatementFetchQueued,
  StatementFetchView,
  StatementRangeInput,
} from '../../../../shared/bank/accounts';
import { ErrorBody } from '../../../../shared/errors';
import type { Db } from '../../../db/client';
import type { FidelityClient } from '../../../integrations/fidelity/types';
import { createStatementService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody } as const;
const tags = ['bank'];

/**
 * Bank statements fetched from the bank (docs/bank.md "The bank's protocol"; docs/product.md §7's
 * five `api/fidelity` calls): ADMIN fetches (`bank:fetch`); ADMIN and EXECUTIVE read the
 * bank's totals (`bank:read`).
 */
export const bankStatementRoutes: FastifyPluginAsyncZod<{
  db: Db;
  fidelity: FidelityClient;
}> = async (app, deps) => {
  const statements = createStatementService(deps);

  app.post(
    '/bank/statements/fetch',
    {
      schema: {
        tags,
        operationId: 'fetchBankStatement',
        summary: 'Fetch an account’s statement',
        description:
          'Queues a job that reads the account’s statement from the bank day by day (`from`, `to`: YYYY-MM-DD, at most 92 days, days not begun yet left out), stores each line once (fetching a day twice adds nothing) and matches the credits to the ledger. Follow it with `GET /bank/statements/fetch/{jobId}`. A reversed or longer range is a 422; an account that is not a collection account a 404.',
        body: StatementRangeInput,
        response: { 202: StatementFetchQueued, 404: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'bank:fetch' },
    },
    async (req, reply) => reply.code(202).send(await statements.requestFetch(req.actor, req.body)),
  );

  app.get(
    '/bank/statements/fetch/:jobId',
    {
      schema: {
        tags,
        operationId: 'getBankStatementFetch',
        summary: 'Follow a statement fetch',
        description:
          'Its status, days fetched (`processed` of `total`), lines stored, and when it failed, why (`error`, in words: the day it stopped at and the bank’s reason). Seen by the officer who asked for it and by administrators.',
        params: StatementFetchParams,
        response: { 200: StatementFetchView, 404: ErrorBody, ...errors },
      },
      config: { permission: 'bank:fetch' },
    },
    (req) => statements.getFetch(req.actor, req.params.jobId),
  );

  app.get(
    '/bank/aggregates',
    {
      schema: {
        tags,
        operationId: 'getBankAggregates',
        summary: 'The bank’s credit and debit totals for a range',
        description:
          'Asked of the bank itself (its credit and debit aggregate calls), whatever RevDesk has stored: `accountNumber`, `from`, `to` (at most 92 days). Beside them the stored lines’ sums (`stored`) and, when those differ, the bank’s lines RevDesk lacks and their days (`notStored`, from its credits and debits by date range). A 502 when the bank cannot be reached.',
        querystring: StatementRangeInput,
        response: {
          200: BankAggregates,
          404: ErrorBody,
          422: ErrorBody,
          502: ErrorBody,
          ...errors,
        },
      },
      config: { permission: 'bank:read' },
    },
    (req) => statements.getAggregates(req.actor, req.query),
  );
};
