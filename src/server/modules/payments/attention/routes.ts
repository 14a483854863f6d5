import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import { AttentionList, AttentionQuery } from '../../../../shared/payments';
import type { PaymentDeps } from '../deps';
import { createAttentionService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['payments'];

/** "Payments needing attention" (ADR 0031): what RevDesk could not settle on its own. */
export const attentionRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, { db }) => {
  const attention = createAttentionService({ db });

  app.get(
    '/payments/needing-attention',
    {
      schema: {
        tags,
        operationId: 'listPaymentsNeedingAttention',
        summary: 'List payments needing attention',
        description:
          "What RevDesk could not settle on its own, each with `what` is wrong and `whatToDo`, in an administrator's words: MDAs whose Remita settings Remita refuses (`mda-remita-fault`), bills still waiting for their RRR and since when (`pending-confirmation`), and Remita notifications answered OK but not recorded in the last 7 days (`refused-notification`). In that order, a page at a time; `kind` keeps one of them.",
        querystring: AttentionQuery,
        response: { 200: AttentionList, ...errors },
      },
      config: { permission: 'payment:attention' },
    },
    (req) => attention.listNeedingAttention(req.actor, req.query),
  );
};
