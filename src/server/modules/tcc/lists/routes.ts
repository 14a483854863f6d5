import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  TccIdParams,
  TccListQuery,
  TccNext,
  TccNextQuery,
  TccPage,
  TccView,
} from '../../../../shared/tcc/views';
import { sendExport } from '../../../export/exportList';
import type { PaymentDeps } from '../../payments/deps';
import { createTccListService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['tcc'];

/** Every TCC list of docs/product.md §2 (a view by kind and statuses), one certificate, export. */
export const tccListRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const lists = createTccListService(deps);

  app.get(
    '/tcc',
    {
      schema: {
        tags,
        operationId: 'listTccs',
        summary: 'List tax clearance certificates',
        description:
          'Certificates of the kinds the officer reads, by filter (statuses comma-separated, purpose, generated dates in Lagos, mine, BTIN; search by number, BTIN or words of the holder’s name), each with its days waiting and what the caller may do; -waiting sorts the longest waiting first. A kind the caller does not read is 403. With format=csv|xlsx, the same filter as a file (at most 50,000 rows)',
        querystring: TccListQuery,
        response: { 200: TccPage, ...errors },
      },
      config: { permission: 'tcc:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return lists.findTccs(req.actor, req.query);
      return sendExport(reply, await lists.exportTccs(req.actor, { ...req.query, format }));
    },
  );

  app.get(
    '/tcc/next',
    {
      schema: {
        tags,
        operationId: 'nextTccInQueue',
        summary: 'The next certificate of a queue',
        description:
          'What the caller decides next, read now: in a stage’s queue (`queue=director_assessment|director_collection|chairman`) the pending certificate of the kind that has waited longest, in the printing queue (`queue=print`) the approved one approved longest ago; one the caller may not act on (separation of duties) and `after` (the one just decided) are passed over. `{ next: null }` when nothing waits. 403 for a queue whose permission the caller lacks or a kind they do not read',
        querystring: TccNextQuery,
        response: { 200: TccNext, ...errors },
      },
      config: { permission: 'tcc:read' },
    },
    (req) => lists.nextInQueue(req.actor, req.query),
  );

  app.get(
    '/tcc/:id',
    {
      schema: {
        tags,
        operationId: 'getTcc',
        summary: 'Get a tax clearance certificate',
        description:
          'One certificate: holder, three-year table, fee, issue and expiry, prints, revocation, its history with who acted, and what the caller may do. 404 for a kind the caller does not read',
        params: TccIdParams,
        response: { 200: TccView, 404: ErrorBody, ...errors },
      },
      config: { permission: 'tcc:read' },
    },
    (req) => lists.getTcc(req.actor, req.params.id),
  );
};

/** Sends a file's bytes as they are (see payments/history/routes.ts). */
