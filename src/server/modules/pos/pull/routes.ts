import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  PosPullIdParams,
  PosPullStarted,
  PosPullView,
  StartPosPullBody,
} from '../../../../shared/pos/pull';
import type { PosDeps } from '../deps';
import { createPosPullService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['pos'];

/** Pulling a day's transactions from the provider on demand (docs/pos.md "The pull"). */
export const posPullRoutes: FastifyPluginAsyncZod<PosDeps> = async (app, deps) => {
  const pulls = createPosPullService(deps);

  app.post(
    '/pos/pulls',
    {
      schema: {
        tags,
        operationId: 'startPosPull',
        summary: 'Pull a day’s transactions from the POS provider',
        description:
          'Queues a job that asks the provider (Benjis) for every transaction of the Lagos day, page by page, and records each as a push would (once: those already in RevDesk are duplicates). Today or up to 92 days back. Audited. Poll GET /pos/pulls/{jobId}.',
        body: StartPosPullBody,
        response: { 202: PosPullStarted, ...errors },
      },
      config: { permission: 'pos:settle' },
    },
    async (req, reply) => reply.code(202).send(await pulls.startPull(req.actor, req.body.day)),
  );

  app.get(
    '/pos/pulls/:jobId',
    {
      schema: {
        tags,
        operationId: 'getPosPull',
        summary: 'A pull’s progress',
        description:
          'Its status, the transactions processed of the day’s total, how many came out each way, and why it failed when it did (the provider down, slow, or refusing the signature).',
        params: PosPullIdParams,
        response: { 200: PosPullView, 404: ErrorBody, ...errors },
      },
      config: { permission: 'pos:settle' },
    },
    (req) => pulls.getPull(req.actor, req.params.jobId),
  );
};
