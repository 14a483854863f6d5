import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ReconciliationDay,
  ReconciliationParams,
  ReconciliationQuery,
  ReconciliationView,
  SignOffInput,
  SignOffParams,
  UnmatchedPaymentList,
} from '../../../../shared/bank/matching';
import { ErrorBody } from '../../../../shared/errors';
import type { Db } from '../../../db/client';
import { createReconciliationService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody } as const;
const tags = ['bank'];

/**
 * Bank against ledger per account and day (docs/bank-matching.md "Reconciliation"): ADMIN and
 * EXECUTIVE read it (`bank:read`), ADMIN signs a day off (`bank:sign-off`).
 */
export const bankReconciliationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const reconciliation = createReconciliationService(deps);

  app.get(
    '/bank/reconciliations/:accountNumber',
    {
      schema: {
        tags,
        operationId: 'getBankReconciliation',
        summary: 'Reconcile an account with the ledger, day by day',
        description:
          'For each day from `from` to `to` (at most 92 days): the bank’s credits (count and sum), those marked not revenue, the ledger payments the day counts for the account (the payments its credits hold, and for an MDA’s account the MDA’s paid payments of that day through Remita, card or bank that no credit holds), matched, unmatched on each side, and the difference (revenue credits minus ledger payments); a signed-off day also its sign-off: who, when, the figures then, and each change since. An account not configured is a 404.',
        params: ReconciliationParams,
        querystring: ReconciliationQuery,
        response: { 200: ReconciliationView, 404: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'bank:read' },
    },
    (req) => reconciliation.getReconciliation(req.actor, req.params.accountNumber, req.query),
  );

  app.get(
    '/bank/reconciliations/:accountNumber/:day/unmatched-payments',
    {
      schema: {
        tags,
        operationId: 'listBankReconciliationUnmatchedPayments',
        summary: 'List a day’s ledger payments no credit holds',
        description:
          'The ledger side of a day’s difference: the paid payments the day counts for an MDA’s account (its MDA’s, through Remita, card or bank) that no credit of any account holds, largest first, at most 200 listed with the `total`. A general account counts none.',
        params: SignOffParams,
        response: { 200: UnmatchedPaymentList, 404: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'bank:read' },
    },
    (req) =>
      reconciliation.listUnmatchedPayments(req.actor, req.params.accountNumber, req.params.day),
  );

  app.post(
    '/bank/reconciliations/:accountNumber/:day/sign-off',
    {
      schema: {
        tags,
        operationId: 'signOffBankReconciliationDay',
        summary: 'Sign off an account’s day',
        description:
          'Signs off a day that is over, keeping its figures as they are now; a `note` is needed when bank and ledger differ (422), to say why. Afterwards any change to the day’s lines needs a reason and is listed with the sign-off. 409 when the day is signed off already.',
        params: SignOffParams,
        body: SignOffInput,
        response: {
          200: ReconciliationDay,
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
          ...errors,
        },
      },
      config: { permission: 'bank:sign-off' },
    },
    (req) =>
      reconciliation.signOff(req.actor, req.params.accountNumber, req.params.day, req.body ?? {}),
  );
};
