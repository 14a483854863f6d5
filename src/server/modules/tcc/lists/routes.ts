import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import { TccIdParams, TccListQuery, TccPage, TccView } from '../../../../shared/tcc/views';
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
