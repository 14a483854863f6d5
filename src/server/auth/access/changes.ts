import { PERMISSIONS, type Permission } from '../../../shared/permissions';
import { USER_TYPES, type UserType } from '../../../shared/userTypes';

/** What the gate asks of the caller of one operation (src/server/auth/gate.ts). */
export type Access = { permission: Permission } | { public: true };

export type PinnedMatrix = {
  routes: Readonly<Record<string, Permission | 'public'>>;
  holders: Readonly<Record<Permission, readonly UserType[]>>;
};

/** Whether the pinned matrix lets this user type call this operation. */
export function pinnedAllows(pinned: PinnedMatrix, key: string, userType: UserType): boolean {
  const access = pinned.routes[key];
  if (access === undefined) return false;
  return access === 'public' || pinned.holders[access].includes(userType);
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
  const holdersOf = (permission: Permission) =>
    USER_TYPES.filter((userType) => holds(userType, permission)).join(', ');

  for (const [key, access] of live) {
    const livePermission = 'permission' in access ? access.permission : 'public';
    const pinnedPermission = pinned.routes[key];
    if (pinnedPermission === undefined) {
      const who = 'permission' in access ? ` (${holdersOf(access.permission)})` : '';
      changes.push(`${key} is new: it requires '${livePermission}'${who}; add it to pinned.ts`);
      continue;
    }
    if (pinnedPermission !== livePermission) {
      changes.push(`${key} now requires '${livePermission}'; pinned.ts says '${pinnedPermission}'`);
    }
    for (const userType of USER_TYPES) {
      const isLetIn = 'public' in access || holds(userType, access.permission);
      const wasLetIn = pinnedAllows(pinned, key, userType);
      if (isLetIn && !wasLetIn) changes.push(`${key}: WIDENED, ${userType} is now let in`);
      if (!isLetIn && wasLetIn) changes.push(`${key}: narrowed, ${userType} is now refused`);
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
