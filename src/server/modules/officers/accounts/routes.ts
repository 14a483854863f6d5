import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  CreateOfficerBody,
  MdaPrivilegesBody,
  OfficerDetail,
  OfficerIdParams,
  PasswordResetBody,
  ThrottledSignInList,
  UpdateOfficerBody,
} from '../../../../shared/officers';
import type { Db } from '../../../db/client';
import { createOfficerAccountService } from './service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const oneOfficer = { 200: OfficerDetail, 404: ErrorBody, 409: ErrorBody, ...errors } as const;
const tags = ['officers'];

/**
 * Officers' accounts (docs/product.md §7 officer/, re-assign/mda): creation, edits, MDA privileges,
 * password resets, sign-in throttles, deactivation. ADMIN only, through officer:read and
 * officer:write; the list and one officer are list/routes.ts.
 */
export const officerAccountRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const officers = createOfficerAccountService({ db });

  app.post(
    '/officers',
    {
      schema: {
        tags,
        operationId: 'createOfficer',
        summary: 'Create an officer',
        description:
          'Creates an officer account with a temporary password, which the officer must replace at first sign-in. 409 when the username or e-mail is taken.',
        body: CreateOfficerBody,
        response: { 201: OfficerDetail, 409: ErrorBody, ...errors },
      },
      config: { permission: 'officer:write' },
    },
    async (req, reply) =>
      reply.code(201).send(await officers.createOfficerByAdmin(req.actor, req.body)),
  );

  app.patch(
    '/officers/:id',
    {
      schema: {
        tags,
        operationId: 'updateOfficer',
        summary: 'Update an officer',
        description:
          "Changes an officer's names, e-mail, phone or user type. A new user type signs the officer out everywhere.",
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
        operationId: 'setOfficerMdaPrivileges',
        summary: "Replace an officer's MDA privileges",
        description:
          'Sets the MDAs whose data the officer may see, replacing the previous list, and signs the officer out everywhere.',
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
        operationId: 'resetOfficerPassword',
        summary: "Reset an officer's password",
        description:
          'Sets a new temporary password, which the officer must replace at the next sign-in. Lifts a sign-in lock and signs the officer out everywhere.',
        params: OfficerIdParams,
        body: PasswordResetBody,
        response: oneOfficer,
      },
      config: { permission: 'officer:write' },
    },
    (req) => officers.resetPassword(req.actor, req.params.id, req.body.temporaryPassword),
  );

  app.get(
    '/officers/sign-in-throttles',
    {
      schema: {
        tags,
        operationId: 'findThrottledSignIns',
        summary: 'List throttled sign-ins',
        description:
          "The officers whose sign-ins some address (or, `address` null, every address) must wait for after failed attempts, with the failures counted and when the wait ends. Clear one officer's with `unlockOfficer`.",
        response: { 200: ThrottledSignInList, ...errors },
      },
      config: { permission: 'officer:read' },
    },
    (req) => officers.findThrottledSignIns(req.actor),
  );

  // The service method's name is the operation's id: unlockOfficer, deactivateOfficer…
  const stateChanges = [
    [
      'unlock',
      'unlockOfficer',
      "Clear an officer's sign-in throttle",
      'Forgets every failed sign-in counted against the officer, from every address, so the next attempt is checked at once. Audited; 409 when no throttle runs.',
    ],
    [
      'deactivate',
      'deactivateOfficer',
      'Deactivate an officer',
      'Refuses the officer sign-in from now on and ends every session of theirs at once. Never yourself, never the last administrator.',
    ],
    [
      'reactivate',
      'reactivateOfficer',
      'Reactivate an officer',
      'Lets a deactivated officer sign in again.',
    ],
  ] as const;
  for (const [path, method, summary, description] of stateChanges) {
    app.post(
      `/officers/:id/${path}`,
      {
        schema: {
          tags,
          operationId: method,
          summary,
          description,
          params: OfficerIdParams,
          response: oneOfficer,
        },
        config: { permission: 'officer:write' },
      },
      (req) => officers[method](req.actor, req.params.id),
    );
  }
};
