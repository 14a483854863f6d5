import { PERMISSIONS, type Permission } from '../../../shared/permissions';
import { USER_TYPES, type UserType } from '../../../shared/userTypes';
import { acceptedPermissions, isLetIn, type RouteAccess } from '../routeAccess';

/** What the gate asks of the caller of one operation (src/server/auth/gate.ts). */
export type Access = RouteAccess;

/**
 * A pinned route: its one permission, the permissions of which a caller needs one (a route
 * declaring `anyPermission`, ADR 0005 amended), or `public`.
 */
export type PinnedAccess = Permission | readonly Permission[] | 'public';

export type PinnedMatrix = {
  routes: Readonly<Record<string, PinnedAccess>>;
  holders: Readonly<Record<Permission, readonly UserType[]>>;
};

/** A pinned route's access in the gate's terms. */
export function accessOfPinned(pinned: PinnedAccess): Access {
  if (pinned === 'public') return { public: true };
  return typeof pinned === 'string' ? { permission: pinned } : { anyPermission: pinned };
}

/** `'tcc:read'`, `any of 'a', 'b'` or `public`: how a change names what a route requires. */
function describeAccess(access: Access): string {
  const accepted = acceptedPermissions(access);
  if (accepted === null) return 'public';
  // Sorted: the order a route lists them in does not change who it lets in.
  const quoted = [...accepted].sort().map((permission) => `'${permission}'`);
  return quoted.length === 1 ? (quoted[0] as string) : `any of ${quoted.join(', ')}`;
}

/** Whether the pinned matrix lets this user type call this operation. */
export function pinnedAllows(pinned: PinnedMatrix, key: string, userType: UserType): boolean {
  const access = pinned.routes[key];
  if (access === undefined) return false;
  return isLetIn(accessOfPinned(access), (permission) =>
    pinned.holders[permission].includes(userType),
  );
}

/**
 * Every difference between the live app (its operations and who holds each permission) and the
 * pinned matrix, one sentence per route × user type, so a failure says exactly what changed.
 */
export function matrixChanges(
  live: ReadonlyMap<string, Access>,
  holds: (userType: UserType, permission: Permission) => boolean,
  pinned: PinnedMatrix,
): string[] {
  const changes: string[] = [];
  const letIn = (access: Access) =>
    USER_TYPES.filter((userType) => isLetIn(access, (p) => holds(userType, p))).join(', ');

  for (const [key, access] of live) {
    const liveAccess = describeAccess(access);
    const pinnedRoute = pinned.routes[key];
    if (pinnedRoute === undefined) {
      const who = 'public' in access ? '' : ` (${letIn(access)})`;
      changes.push(`${key} is new: it requires ${liveAccess}${who}; add it to pinned.ts`);
      continue;
    }
    const pinnedAccess = describeAccess(accessOfPinned(pinnedRoute));
    if (pinnedAccess !== liveAccess) {
      changes.push(`${key} now requires ${liveAccess}; pinned.ts says ${pinnedAccess}`);
    }
    for (const userType of USER_TYPES) {
      const isNowLetIn = isLetIn(access, (permission) => holds(userType, permission));
      const wasLetIn = pinnedAllows(pinned, key, userType);
      if (isNowLetIn && !wasLetIn) changes.push(`${key}: WIDENED, ${userType} is now let in`);
      if (!isNowLetIn && wasLetIn) changes.push(`${key}: narrowed, ${userType} is now refused`);
    }
  }
  for (const key of Object.keys(pinned.routes)) {
    if (!live.has(key)) changes.push(`${key} is in pinned.ts but no longer served`);
  }
  // Permissions no route requires yet are pinned too: a route may start using one tomorrow.
  for (const permission of PERMISSIONS) {
    for (const userType of USER_TYPES) {
      const isHeld = holds(userType, permission);
      const wasHeld = pinned.holders[permission].includes(userType);
      if (isHeld && !wasHeld) changes.push(`'${permission}': WIDENED, ${userType} now holds it`);
      if (!isHeld && wasHeld) changes.push(`'${permission}': narrowed, ${userType} lost it`);
    }
  }
  return changes;
}
