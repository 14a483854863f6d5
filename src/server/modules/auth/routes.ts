import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordBody,
  LoginBody,
  LoginResponse,
  MeResponse,
  OkResponse,
  SessionResponse,
} from '../../../shared/auth';
import { ErrorBody } from '../../../shared/errors';
import { FirstPasswordBody } from '../../../shared/officers';
import { isAllowedOrigin, signedInActor } from '../../auth/gate';
import { SESSION_ABSOLUTE_MS, sessionCookieName, sessionCookieOptions } from '../../auth/sessions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { createAuthService } from './service';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  const auth = createAuthService({ db, config, log: app.log });
  const cookieName = sessionCookieName(config);
  const cookieOptions = sessionCookieOptions(config);

  /** Login CSRF: a browser on another site must not sign a victim into an account of its choosing. */
  function refuseCrossSiteSignIn(req: FastifyRequest) {
    if (req.headers.origin && !isAllowedOrigin(req, config)) {
      throw new AppError(
        'ORIGIN_MISMATCH',
        'This request did not come from a RevDesk page and was refused.',
      );
    }
  }

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        operationId: 'login',
        summary: 'Sign in',
        description:
          'Signs in with a username (or e-mail) and password. Answers the officer and a session `token`, also set as the session cookie (`revdesk_session`, `__Host-revdesk_session` in production); API clients send it as `Authorization: Bearer <token>`. An officer with a temporary password gets 403 `PASSWORD_CHANGE_REQUIRED` and must call `changeTemporaryPassword`. After repeated failures an address must wait (1 s, 2 s, 4 s … at most 15 minutes) before its next attempt for that account is checked; meanwhile it gets the same 401 `INVALID_CREDENTIALS` as a wrong password or an unknown username, so the answer never tells which usernames exist or are throttled. 429 when one address asks too often.',
        body: LoginBody,
        response: {
          200: LoginResponse,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          429: ErrorBody,
        },
      },
      config: { public: true },
    },
    async (req, reply) => {
      refuseCrossSiteSignIn(req);
      const result = await auth.signIn(req.actor, req.body, req.headers['user-agent'] ?? null);
      reply.setCookie(cookieName, result.token, {
        ...cookieOptions,
        maxAge: SESSION_ABSOLUTE_MS / 1000,
      });
      return result;
    },
  );

  app.post(
    '/auth/change-temporary-password',
    {
      schema: {
        tags,
        operationId: 'changeTemporaryPassword',
        summary: 'Replace a temporary password and sign in',
        description:
          'After a sign-in answered `PASSWORD_CHANGE_REQUIRED`: sends the temporary password again with a new one. On success the officer is signed in, as with `login`.',
        body: FirstPasswordBody,
        response: {
          200: LoginResponse,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
      // Public like the sign-in it completes: the officer has no session until this succeeds.
      config: { public: true },
    },
    async (req, reply) => {
      refuseCrossSiteSignIn(req);
      const result = await auth.changeTemporaryPassword(
        req.actor,
        req.body,
        req.headers['user-agent'] ?? null,
      );
      reply.setCookie(cookieName, result.token, {
        ...cookieOptions,
        maxAge: SESSION_ABSOLUTE_MS / 1000,
      });
      return result;
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        operationId: 'logout',
        summary: 'Sign out',
        description: 'Ends the session that made the request and clears its cookie.',
        response: { 200: OkResponse, 401: ErrorBody, 403: ErrorBody },
      },
      config: { permission: 'account:self' },
    },
    async (req, reply) => {
      await auth.signOut(req.actor);
      reply.clearCookie(cookieName, cookieOptions);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags,
        operationId: 'getCurrentOfficer',
        summary: 'Get the signed-in officer',
        description:
          'The officer behind the session or token, their permissions, and the menu they may see.',
        response: { 200: MeResponse, 401: ErrorBody },
      },
      config: { permission: 'account:self' },
    },
    (req) => auth.me(req.actor),
  );

  app.get(
    '/auth/session',
    {
      schema: {
        tags,
        operationId: 'getSession',
        summary: 'Whether the caller is signed in',
        description:
          'The same answer as GET /auth/me for a signed-in caller, or `{ "me": null }`; never 401, so a sign-in page can ask without an error.',
        response: { 200: SessionResponse },
      },
      // Public so that a visitor who is not signed in gets a 200, not a 401 the browser logs
      // as an error on the sign-in page. It shows only the caller's own session.
      config: { public: true },
    },
    async (req, reply) => {
      // Per browser and changes on sign-in and sign-out: no cache may keep it.
      reply.header('cache-control', 'no-store');
      const actor = await signedInActor(req, db, config);
      return { me: actor?.permissions.includes('account:self') ? await auth.me(actor) : null };
    },
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags,
        operationId: 'changePassword',
        summary: 'Change your password',
        description:
          'Changes the password of the signed-in officer, given the current one. Every other session of theirs is signed out.',
        body: ChangePasswordBody,
        response: {
          200: OkResponse,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          422: ErrorBody,
        },
      },
      config: { permission: 'account:self' },
    },
    async (req) => {
      await auth.changePassword(req.actor, req.body);
      return { ok: true as const };
    },
  );
};
