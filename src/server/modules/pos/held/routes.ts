import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  AssignHeldPosBody,
  HeldPosDecision,
  HeldPosListQuery,
  HeldPosTransactionPage,
  PosTransactionIdParams,
  RejectHeldPosBody,
} from '../../../../shared/pos/held';
import type { PosDeps } from '../deps';
import { createHeldPosService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['pos'];

/** POS transactions held for review (docs/pos.md "Held transactions"): `pos:review`. */
export const heldPosRoutes: FastifyPluginAsyncZod<PosDeps> = async (app, deps) => {
  const held = createHeldPosService(deps);

  app.get(
    '/pos/held',
    {
      schema: {
        tags,
        operationId: 'listHeldPosTransactions',
        summary: 'List POS transactions held for review',
        description:
          'Transactions from a terminal RevDesk does not know or has deactivated, and reversals naming nothing RevDesk has: not revenue until an officer decides. Newest first, with their count and total.',
        querystring: HeldPosListQuery,
        response: { 200: HeldPosTransactionPage, ...errors },
      },
      config: { permission: 'pos:review' },
    },
    (req) => held.listHeld(req.actor, req.query),
  );

  app.post(
    '/pos/transactions/:id/assign',
    {
      schema: {
        tags,
        operationId: 'assignHeldPosTransaction',
        summary: 'Record a held POS transaction as revenue',
        description:
          'Assigns a held approved transaction to a registered terminal (`terminalId`: its MDA, agent and default revenue head) or to an MDA and revenue head, with a reason: it becomes a `pos` payment with a receipt number. Audited. 409 when it was decided already (two officers at once: one wins).',
        params: PosTransactionIdParams,
        body: AssignHeldPosBody,
        response: { 200: HeldPosDecision, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'pos:review' },
    },
    (req) => held.assign(req.actor, req.params.id, req.body),
  );

  app.post(
    '/pos/transactions/:id/reject',
    {
      schema: {
        tags,
        operationId: 'rejectHeldPosTransaction',
        summary: 'Reject a held POS transaction',
        description:
          'Never revenue: kept as rejected with the reason. Audited. 409 when it was decided already.',
        params: PosTransactionIdParams,
        body: RejectHeldPosBody,
        response: { 200: HeldPosDecision, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'pos:review' },
    },
    (req) => held.reject(req.actor, req.params.id, req.body),
  );
};
