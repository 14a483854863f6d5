import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import { OfficerDetail, OfficerIdParams, OfficerListQuery } from '../../../../shared/officers';
import { pageOf } from '../../../../shared/pagination';
import type { Db } from '../../../db/client';
import { sendExport } from '../../../export/exportList';
import { createOfficerListService } from './service';

const OfficerPage = pageOf(OfficerDetail).meta({ id: 'OfficerPage' });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['officers'];

/**
 * The officers' list, its export and one officer (docs/product.md §7 admin/get/user, first-fifty,
 * get-user). ADMIN only, through officer:read; what changes an account is accounts/routes.ts.
 */
export const officerListRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const officers = createOfficerListService({ db });

  app.get(
    '/officers',
    {
      schema: {
        tags,
        operationId: 'listOfficers',
        summary: 'List officers',
        description:
          'Officers by the filters given, a page at a time (the first page holds fifty). With `format=csv` or `format=xlsx` the same filter comes back as a file instead of JSON.',
        querystring: OfficerListQuery,
        response: { 200: OfficerPage, ...errors },
      },
      config: { permission: 'officer:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return officers.findOfficers(req.actor, req.query);
      return sendExport(reply, await officers.exportOfficers(req.actor, { ...req.query, format }));
    },
  );

  app.get(
    '/officers/:id',
    {
      schema: {
        tags,
        operationId: 'getOfficer',
        summary: 'Get an officer',
        description: 'One officer account, with its user type, MDA privileges and state.',
        params: OfficerIdParams,
        response: { 200: OfficerDetail, 404: ErrorBody, ...errors },
      },
      config: { permission: 'officer:read' },
    },
    (req) => officers.getOfficerDetail(req.actor, req.params.id),
  );
};
