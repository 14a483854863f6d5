import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WorkQueues } from '../../../../shared/dashboards/queues';
import { ErrorBody } from '../../../../shared/errors';
import type { PaymentDeps } from '../../payments/deps';
import { createWorkQueueService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody } as const;

/** The signed-in officer's work queue on /birs/dashboard (docs/work-queues.md). */
export const workQueueRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const queues = createWorkQueueService(deps);

  app.get(
    '/dashboards/me',
    {
      schema: {
        tags: ['dashboards'],
        operationId: 'getMyWorkQueues',
        summary: 'My work queue',
        description:
          "What waits for the signed-in officer, one entry per list their role works from (TCCs at their approval stage, certificates to print, their draft assessments, open objections, payers to match, payments needing attention, held POS transactions, stamp duty awaiting payment, overdue demand notices — MDA staff their MDAs' only): each `count` is the total `list` answers with the same filter, `link` opens that list's page, and `oldestWaitingSince` says since when the one waiting longest has waited where the list shows it.",
        response: { 200: WorkQueues, ...errors },
      },
      config: { permission: 'account:self' },
    },
    (req) => queues.queuesOf(req.actor),
  );
};
