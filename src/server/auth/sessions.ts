import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  findSessionByTokenHash,
  insertSession,
  revokeOfficerSessionRows,
  revokeSessionRow,
  touchSession,
} from './sessions.queries';

/** docs/architecture.md §4: idle timeout 30 min, absolute 12 h. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Write last-seen at most once a minute: a page load makes many calls, one write is enough. */
const TOUCH_EVERY_MS = 60 * 1000;

/** The session cookie's name in development and tests, which run over plain http. */
export const SESSION_COOKIE = 'revdesk_session';
/**
 * Its name in production: a browser keeps a `__Host-` cookie only when it came over HTTPS with
 * Secure, Path=/ and no Domain, so no subdomain or plain-http page can set or shadow it (RFC 6265bis
 * §4.1.3.2, ADR 0022).
 */
export const PRODUCTION_SESSION_COOKIE = '__Host-revdesk_session';

/** The one name every reader and writer of the session cookie uses (gate, sign-in, OpenAPI). */
export function sessionCookieName(config: Pick<Config, 'env'>): string {
  return config.env === 'production' ? PRODUCTION_SESSION_COOKIE : SESSION_COOKIE;
}

/** How the session cookie is set and cleared: the `__Host-` rules in production (docs/architecture.md §4). */
export function sessionCookieOptions(config: Pick<Config, 'env'>) {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.env === 'production',
    path: '/',
  } as const;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, base64url: the token the client holds. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  db: Db,
  officerId: string,
  from: { ip: string | null; userAgent: string | null },
) {
  const token = newSessionToken();
  const now = new Date();
  const session = await insertSession(db, {
    tokenHash: hashToken(token),
    officerId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: from.ip,
    userAgent: from.userAgent?.slice(0, 512) ?? null,
  });
  return { token, session };
}

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findSessionByTokenHash>>>;

/**
 * The session a token opens, or null when it is unknown, revoked, idle for too long, past its
 * absolute end, or its officer was deactivated. A live session's last-seen time moves on.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<LiveSession | null> {
  if (token.length === 0 || token.length > 128) return null;
  const found = await findSessionByTokenHash(db, hashToken(token));
  if (!found?.isActive) return null;
  if (found.expiresAt.getTime() <= now.getTime()) return null;
  if (now.getTime() - found.lastSeenAt.getTime() >= SESSION_IDLE_MS) return null;
  if (now.getTime() - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await touchSession(db, found.sessionId, now);
  }
  return found;
}

export function revokeSession(db: Db, sessionId: string, reason: string) {
  return revokeSessionRow(db, sessionId, reason);
}

export function revokeOfficerSessions(
  db: Db,
  officerId: string,
  reason: string,
  exceptSessionId: string | null = null,
) {
  return revokeOfficerSessionRows(db, officerId, reason, exceptSessionId);
}
