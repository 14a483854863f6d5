import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssessmentIdParams,
  DecideObjectionInput,
  ObjectionIdParams,
  ObjectionInput,
  ObjectionListQuery,
  ObjectionPage,
  ObjectionView,
} from '../../../../shared/assessments';
import { ErrorBody } from '../../../../shared/errors';
import type { PaymentDeps } from '../../payments/deps';
import { createObjectionService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['objections'];

/** Objections to an assessment: file, list the open ones, decide. */
export const objectionRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const objections = createObjectionService(deps);

  app.post(
    '/assessments/:id/objections',
    {
      schema: {
        tags,
        operationId: 'recordObjection',
        summary: 'Record an objection',
        description:
          'Record a taxpayer’s objection to an issued assessment: within 30 days of the notice, later only with the reason it is accepted late; one open at a time. The assessment becomes objected',
        params: AssessmentIdParams,
        body: ObjectionInput,
        response: { 201: ObjectionView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'objection:record' },
    },
    async (req, reply) =>
      reply.code(201).send(await objections.fileObjection(req.actor, req.params.id, req.body)),
  );

  app.get(
    '/objections',
    {
      schema: {
        tags,
        operationId: 'listObjections',
        summary: 'List objections',
        description:
          'Objections by status, the answer due soonest first, with the days left to answer',
        querystring: ObjectionListQuery,
        response: { 200: ObjectionPage, ...errors },
      },
      config: { permission: 'assessment:read' },
    },
    (req) => objections.findObjections(req.actor, req.query),
  );

  app.post(
    '/objections/:id/decide',
    {
      schema: {
        tags,
        operationId: 'decideObjection',
        summary: 'Decide an objection',
        description:
          'Decide an open objection: refused (the assessment stands again) or upheld / partly upheld with the revised figures (a new assessment replaces it; what was paid counts toward the new one)',
        params: ObjectionIdParams,
        body: DecideObjectionInput,
        response: { 200: ObjectionView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'objection:decide' },
    },
    (req) => objections.decide(req.actor, req.params.id, req.body),
  );
};
