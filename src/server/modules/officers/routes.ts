import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../shared/errors';
import {
  CreateOfficerBody,
  MdaPrivilegesBody,
  OfficerDetail,
  OfficerIdParams,
  OfficerListQuery,
  PasswordResetBody,
  UpdateOfficerBody,
} from '../../../shared/officers';
import { pageOf } from '../../../shared/pagination';
import type { Db } from '../../db/client';
import { createOfficerService } from './service';

const OfficerPage = pageOf(OfficerDetail).meta({ id: 'OfficerPage' });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const oneOfficer = { 200: OfficerDetail, 404: ErrorBody, 409: ErrorBody, ...errors } as const;
const tags = ['officers'];

/**
 * Officers administration (SPEC.md §7 officer/, admin/get/user, first-fifty,
 * get-user, re-assign/mda). ADMIN only, through officer:read and officer:write.
 */
export const officerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const officers = createOfficerService({ db });

  app.get(
    '/officers',
    {
      schema: {
        tags,
        summary:
          'List officers (first page holds fifty); with format=csv|xlsx, the same filter as a file',
        querystring: OfficerListQuery,
        response: { 200: OfficerPage, ...errors },
      },
      config: { permission: 'officer:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return officers.findOfficers(req.actor, req.query);
      const file = await officers.exportOfficers(req.actor, { ...req.query, format });
      return sendBytes(reply, file.body, {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'no-store',
      });
    },
  );

  app.post(
    '/officers',
    {
      schema: {
        tags,
        summary:
          'Create an officer with a temporary password, to be replaced at first sign-in (SPEC.md §7 officer/)',
        body: CreateOfficerBody,
        response: { 201: OfficerDetail, 409: ErrorBody, ...errors },
      },
      config: { permission: 'officer:write' },
    },
    async (req, reply) =>
      reply.code(201).send(await officers.createOfficerByAdmin(req.actor, req.body)),
  );

  app.get(
    '/officers/:id',
    {
      schema: {
        tags,
        summary: 'One officer (SPEC.md §7 get-user)',
        params: OfficerIdParams,
        response: { 200: OfficerDetail, 404: ErrorBody, ...errors },
      },
      config: { permission: 'officer:read' },
    },
    (req) => officers.getOfficerDetail(req.actor, req.params.id),
  );

  app.patch(
    '/officers/:id',
    {
      schema: {
        tags,
        summary:
          'Edit names, e-mail, phone or user type; a new user type signs the officer out everywhere',
        params: OfficerIdParams,
        body: UpdateOfficerBody,
        response: oneOfficer,
      },
      config: { permission: 'officer:write' },
    },
    (req) => officers.updateOfficer(req.actor, req.params.id, req.body),
  );

  app.put(
    '/officers/:id/mda-privileges',
    {
      schema: {
        tags,
        summary:
          "Replace the officer's MDA privileges (SPEC.md §7 re-assign/mda); signs them out everywhere",
        params: OfficerIdParams,
        body: MdaPrivilegesBody,
        response: oneOfficer,
      },
      config: { permission: 'officer:write' },
    },
    (req) => officers.setMdaPrivileges(req.actor, req.params.id, req.body.mdaIds),
  );

  app.post(
    '/officers/:id/password-reset',
    {
      schema: {
        tags,
        summary:
          'Set a new temporary password (to be replaced at next sign-in); lifts a lock, signs the officer out everywhere',
        params: OfficerIdParams,
        body: PasswordResetBody,
        response: oneOfficer,
      },
      config: { permission: 'officer:write' },
    },
    (req) => officers.resetPassword(req.actor, req.params.id, req.body.temporaryPassword),
  );

  const stateChanges = [
    ['unlock', 'Lift the lock of too many failed sign-ins', 'unlockOfficer'],
    [
      'deactivate',
      'Deactivate: sign-in refused and every session ended at once (never yourself, never the last administrator)',
      'deactivateOfficer',
    ],
    ['reactivate', 'Let a deactivated officer sign in again', 'reactivateOfficer'],
  ] as const;
  for (const [path, summary, method] of stateChanges) {
    app.post(
      `/officers/:id/${path}`,
      {
        schema: { tags, summary, params: OfficerIdParams, response: oneOfficer },
        config: { permission: 'officer:write' },
      },
      (req) => officers[method](req.actor, req.params.id),
    );
  }
};

/**
 * Sends a file's bytes as they are. Fastify never runs the response serializer on a Buffer;
 * the typed reply of the zod provider does not know that, hence the plain FastifyReply.
 */
function sendBytes(reply: FastifyReply, bytes: Buffer, headers: Record<string, string>) {
  return reply.headers(headers).send(bytes);
}
