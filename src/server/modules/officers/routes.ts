import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OfficerView } from '../../../shared/auth';
import { ErrorBody } from '../../../shared/errors';
import { OfficerListQuery } from '../../../shared/officers';
import { pageOf } from '../../../shared/pagination';
import type { Db } from '../../db/client';
import { createOfficerService } from './service';

const OfficerPage = pageOf(OfficerView).meta({ id: 'OfficerPage' });

export const officerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const officers = createOfficerService({ db });

  app.get(
    '/officers',
    {
      schema: {
        tags: ['officers'],
        summary: 'List officers (paginated; first page holds fifty)',
        querystring: OfficerListQuery,
        response: { 200: OfficerPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { permission: 'officer:read' },
    },
    (req) => officers.findOfficers(req.actor, req.query),
  );
};
