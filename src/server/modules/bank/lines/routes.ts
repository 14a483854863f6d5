import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NotRevenueInput,
  PickLineInput,
  PostLineInput,
  RematchInput,
  RematchResult,
  StatementLineIdParams,
  StatementLineListQuery,
  StatementLinePage,
  StatementLineView,
  UndoLineInput,
} from '../../../../shared/bank/matching';
import { ErrorBody } from '../../../../shared/errors';
import { PaymentView } from '../../../../shared/payments';
import type { PaymentDeps } from '../../payments/deps';
import { createLineService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody } as const;
const tags = ['bank'];
const decision = {
  200: StatementLineView,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  ...errors,
} as const;

/**
 * Statement lines matched to the ledger (docs/bank-matching.md): ADMIN and EXECUTIVE read them
 * (`bank:read`); ADMIN decides the credits the rules could not (`bank:post`).
 */
export const bankLineRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const lines = createLineService(deps);

  app.get(
    '/bank/statement-lines',
    {
      schema: {
        tags,
        operationId: 'listBankStatementLines',
        summary: 'List an account’s statement lines with their match',
        description:
          'The stored lines of a collection account (`accountNumber`) whose value date is from `from` to `to` (at most 92 days), credits by default (`direction=debit` for the debits), filtered by `state` (`matched`, `ambiguous`, `unmatched`, `not-revenue`), a page at a time in value-date order. Each credit says its state, the rule that matched it and its payment (receipt number), an ambiguous one its candidates. `totals`: the filter’s count and sum, and the range’s credits by state. An account not configured is a 404.',
        querystring: StatementLineListQuery,
        response: { 200: StatementLinePage, 404: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'bank:read' },
    },
    (req) => lines.listLines(req.actor, req.query),
  );

  app.post(
    '/bank/statement-lines/rematch',
    {
      schema: {
        tags,
        operationId: 'rematchBankStatementLines',
        summary: 'Match an account’s open credits again',
        description:
          'Runs the matching rules again over the credits of `accountNumber` whose value date is from `from` to `to` (at most 92 days) that are still unmatched or ambiguous and that no officer decided — a payment recorded after the statement was fetched is then matched to its credit. Synchronous; more than 10,000 open credits in the range is a 422 (a shorter range). Answers how many credits were looked at and how they stand now. Each change is audited (`bank_statement.matched`, and on a day signed off listed with the sign-off), the request too (`bank_statement.rematched`). An account not configured is a 404.',
        body: RematchInput,
        response: { 200: RematchResult, 404: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'bank:post' },
    },
    (req) => lines.rematch(req.actor, req.body),
  );

  app.post(
    '/bank/statement-lines/:id/post',
    {
      schema: {
        tags,
        operationId: 'postBankStatementLine',
        summary: 'Post an unmatched credit as a payment',
        description:
          'Records the credit in the ledger as a payment of channel `bank` (arrival `statement`, source reference `<accountNumber>/<bankReference>`, paid on the value date) for the MDA (the account’s own, for an MDA’s account) and one of its active revenue heads, the payer found by `btin` or named by `payerName`; the credit is then matched to it (rule `posted`). 201 with the payment. A credit already posted or matched, or marked not revenue, is a 409 — two officers posting it at once record one payment, and the second gets the 409. On a day already signed off a `reason` is needed (422) and the change is listed with the sign-off.',
        params: StatementLineIdParams,
        body: PostLineInput,
        response: { 201: PaymentView, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'bank:post' },
    },
    async (req, reply) =>
      reply.code(201).send(await lines.postLine(req.actor, req.params.id, req.body)),
  );

  app.post(
    '/bank/statement-lines/:id/pick',
    {
      schema: {
        tags,
        operationId: 'pickBankStatementLinePayment',
        summary: 'Pick an ambiguous credit’s payment',
        description:
          'Matches an ambiguous credit to one of its candidates (`paymentId`; rule `picked`). 409 when the credit is not ambiguous or another credit holds the payment; 422 for a payment not among its candidates, or without a `reason` on a day signed off.',
        params: StatementLineIdParams,
        body: PickLineInput,
        response: decision,
      },
      config: { permission: 'bank:post' },
    },
    (req) => lines.pickPayment(req.actor, req.params.id, req.body),
  );

  app.post(
    '/bank/statement-lines/:id/not-revenue',
    {
      schema: {
        tags,
        operationId: 'markBankStatementLineNotRevenue',
        summary: 'Mark a credit not revenue',
        description:
          'An unmatched or ambiguous credit that is not revenue (a refund, a transfer between the service’s accounts), with the `reason`; it is left out of the reconciliation’s revenue. 409 when it is matched or marked already.',
        params: StatementLineIdParams,
        body: NotRevenueInput,
        response: decision,
      },
      config: { permission: 'bank:post' },
    },
    (req) => lines.markNotRevenue(req.actor, req.params.id, req.body),
  );

  app.post(
    '/bank/statement-lines/:id/undo',
    {
      schema: {
        tags,
        operationId: 'undoBankStatementLineDecision',
        summary: 'Undo a credit’s match or mark',
        description:
          'Puts a matched credit (by a rule, picked or posted) or one marked not revenue back to unmatched, with the `reason`; the rules leave it alone afterwards. A posted credit’s payment is reversed in the ledger with the same reason; a split credit’s parts are undone together. 409 when there is nothing to undo.',
        params: StatementLineIdParams,
        body: UndoLineInput,
        response: decision,
      },
      config: { permission: 'bank:post' },
    },
    (req) => lines.undoDecision(req.actor, req.params.id, req.body),
  );
};
