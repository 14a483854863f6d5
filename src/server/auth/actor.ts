import type { FastifyRequest } from 'fastify';
import type { Permission } from '../../shared/permissions';
import type { UserType } from '../../shared/userTypes';

/**
 * Who is acting, and from where: the first argument of every service function. An officer
 * signed in through a session, or the system itself (seeds, CLI, jobs), or an anonymous caller
 * of a public route (sign-in).
 */
export type Actor = {
  officerId: string | null;
  /** The officer's username; for the system its name (`system`, `cli`, `seed`); anonymous: `anonymous`. */
  username: string;
  userType: UserType | null;
  mdaPrivileges: readonly string[];
  permissions: readonly Permission[];
  sessionId: string | null;
  requestId: string | null;
  ip: string | null;
};

/** `remita`: what Remita's payment notifications record, so the audit trail says who told us. */
export function systemActor(name: 'system' | 'cli' | 'seed' | 'remita'): Actor {
  return {
    officerId: null,
    username: name,
    userType: null,
    mdaPrivileges: [],
    permissions: [],
    sessionId: null,
    requestId: null,
    ip: null,
  };
}

export function anonymousActor(request: FastifyRequest): Actor {
  return {
    officerId: null,
    username: 'anonymous',
    userType: null,
    mdaPrivileges: [],
    permissions: [],
    sessionId: null,
    requestId: request.id,
    ip: request.ip,
  };
}
