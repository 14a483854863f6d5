import type { Permission } from '../../shared/permissions';

/**
 * What the gate (gate.ts, ADR 0005) asks of the caller of one route: one permission, one of
 * several (`anyPermission`), or nothing. Apart from the gate, so the access tests read a route's
 * access as the gate does without loading sessions.
 */
export type RouteAccess =
  | { permission: Permission }
  | { anyPermission: readonly Permission[] }
  | { public: true };

/** The permissions of which a caller needs one to pass `access`; null for a public route. */
export function acceptedPermissions(access: RouteAccess): readonly Permission[] | null {
  if ('public' in access) return null;
  return 'permission' in access ? [access.permission] : access.anyPermission;
}

/** Whether a caller holding what `holds` says passes the gate of a route with `access`. */
export function isLetIn(access: RouteAccess, holds: (permission: Permission) => boolean): boolean {
  const accepted = acceptedPermissions(access);
  return accepted === null || accepted.some(holds);
}
