import type {} from '@fastify/cookie';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { type Permission, permissionsOf } from '../../shared/permissions';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { type Actor, anonymousActor } from './actor';
import type { RouteAccess } from './routeAccess';
import { type LiveSession, resolveSession, sessionCookieName } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission a caller needs (docs/architecture.md §4). Every /api route declares exactly one of
     * `permission`, `anyPermission` or `public`.
     */
    permission?: Permission;
    /**
     * A caller needs one of these (ADR 0005, amended): for a route whose exact permission depends
     * on the data, such as a TCC decision (the awaited stage's). The service checks which one.
     */
    anyPermission?: readonly Permission[];
    /** Reachable without signing in: sign-in, health, certificate verification… Say it explicitly. */
    public?: true;
  }
  interface FastifyInstance {
    /**
     * Every /api route the gate saw registered, with what it requires: the access matrix test
     * (src/server/auth/access/) checks each against the OpenAPI document and the router.
     */
    guardedRoutes: readonly GuardedRoute[];
  }
  interface FastifyRequest {
    /** Who is calling. Anonymous on public routes; a signed-in officer everywhere else. */
    actor: Actor;
    /** How the caller proved who they are, when they did. */
    authenticatedBy: 'cookie' | 'bearer' | null;
  }
}

/** One method of one /api route and what the gate asks of its caller. */
export type GuardedRoute = {
  method: string;
  url: string;
  access: RouteAccess;
};

/**
 * A route's access as its config declares it, or why the app must not start: exactly one of
 * `permission`, `anyPermission` (two or more, none repeated) or `public: true`.
 */
function declaredAccess(config: FastifyContextConfig, where: string): RouteAccess {
  const declared = [
    config.permission !== undefined && 'a permission',
    config.anyPermission !== undefined && 'anyPermission',
    config.public !== undefined && 'public: true',
  ].filter((what): what is string => what !== false);
  if (declared.length === 0) {
    throw new Error(
      `Route ${where} declares neither a permission nor public: true; refusing to start.`,
    );
  }
  if (declared.length > 1) {
    throw new Error(`Route ${where} declares both ${declared.join(' and ')}; refusing to start.`);
  }
  if (config.permission) return { permission: config.permission };
  if (config.anyPermission) {
    const accepted = config.anyPermission;
    if (accepted.length < 2 || new Set(accepted).size !== accepted.length) {
      throw new Error(
        `Route ${where} declares anyPermission with fewer than two distinct permissions (use permission); refusing to start.`,
      );
    }
    return { anyPermission: [...accepted] };
  }
  if (config.public !== true) {
    throw new Error(`Route ${where} declares public other than true; refusing to start.`);
  }
  return { public: true };
}

/**
 * The docs UI serves its own static files and is public by nature; everything else under /api
 * must say who may call it.
 */
const UNCHECKED_API_PREFIXES = ['/api/docs'];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session token a request carries, and how: a Bearer header wins over the cookie. */
export function readToken(
  request: FastifyRequest,
  config: Pick<Config, 'env'>,
): { token: string; by: 'cookie' | 'bearer' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer '))
    return { token: header.slice('Bearer '.length).trim(), by: 'bearer' };
  const cookie = request.cookies?.[sessionCookieName(config)];
  if (cookie) return { token: cookie, by: 'cookie' };
  return null;
}

/**
 * The origins RevDesk's pages are served from, when configured: PUBLIC_URL's origin and
 * PUBLIC_ORIGINS. Null when neither is set (development, tests): then the request's own Host.
 */
export function configuredOrigins(
  config: Pick<Config, 'publicUrl' | 'publicOrigins'>,
): string[] | null {
  const origins = [
    ...(config.publicUrl ? [new URL(config.publicUrl).origin] : []),
    ...config.publicOrigins,
  ];
  return origins.length > 0 ? origins : null;
}

/**
 * CSRF (docs/architecture.md §4, ADR 0022): a cookie-authenticated write must come from a RevDesk page.
 * Once PUBLIC_URL or PUBLIC_ORIGINS says where those are, the Host header is not trusted: a
 * proxy, a DNS rebinding or a second name pointing at the server would otherwise make any
 * Origin "the server's own".
 */
export function isAllowedOrigin(
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl' | 'publicOrigins'>,
): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  const configured = configuredOrigins(config);
  if (configured) return configured.includes(origin);
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * One gate, deny by default (docs/architecture.md §11.3). At registration a route under /api without a
 * permission or `public: true`, or without a response schema, stops the app from booting.
 * At request time: find the session (cookie or Bearer), refuse cookie-authenticated writes
 * from another origin (CSRF), then check the permission. It throws; it never replies.
 */
export function installGate(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('authenticatedBy', null);
  const guardedRoutes: GuardedRoute[] = [];
  app.decorate('guardedRoutes', guardedRoutes);

  app.addHook('onRoute', (route) => {
    if (
      !route.url.startsWith('/api/') ||
      UNCHECKED_API_PREFIXES.some((p) => route.url.startsWith(p))
    )
      return;
    const where = `${String(route.method)} ${route.url}`;
    const access = declaredAccess(route.config ?? {}, where);
    if (!route.schema?.response) {
      throw new Error(`Route ${where} declares no response schema; refusing to start.`);
    }
    for (const method of [route.method].flat())
      guardedRoutes.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public === true) {
      request.actor = anonymousActor(request);
      return;
    }
    const { permission, anyPermission } = config;
    // Not an API route (static files, the not-found handler): nothing to guard here.
    if (!permission && !anyPermission) return;

    const credential = readToken(request, deps.config);
    if (!credential) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    if (
      credential.by === 'cookie' &&
      !SAFE_METHODS.has(request.method) &&
      !isAllowedOrigin(request, deps.config)
    ) {
      throw new AppError(
        'ORIGIN_MISMATCH',
        'This request did not come from a RevDesk page and was refused.',
      );
    }
    const session = await resolveSession(deps.db, credential.token);
    if (!session) throw new AppError('UNAUTHENTICATED');

    request.authenticatedBy = credential.by;
    request.actor = sessionActor(request, session);
    const held = request.actor.permissions;
    const isLetIn = permission
      ? held.includes(permission)
      : (anyPermission ?? []).some((p) => held.includes(p));
    if (!isLetIn) throw new AppError('FORBIDDEN');
  });
}

function sessionActor(request: FastifyRequest, session: LiveSession): Actor {
  return {
    officerId: session.officerId,
    username: session.username,
    userType: session.userType,
    mdaPrivileges: session.mdaPrivileges,
    permissions: permissionsOf(session.userType),
    sessionId: session.sessionId,
    requestId: request.id,
    ip: request.ip,
  };
}

/**
 * For the one public route that asks "is anyone signed in here?" (GET /api/v1/auth/session):
 * the officer whose live session the request carries, or null, the same test the gate makes,
 * without the 401. Reading only: it never lets a public route act for the officer.
 */
export async function signedInActor(
  request: FastifyRequest,
  db: Db,
  config: Pick<Config, 'env'>,
): Promise<Actor | null> {
  const credential = readToken(request, config);
  if (!credential) return null;
  const session = await resolveSession(db, credential.token);
  return session ? sessionActor(request, session) : null;
}
