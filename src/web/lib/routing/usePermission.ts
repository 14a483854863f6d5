import { useQuery } from '@tanstack/react-query';
import type { Permission } from '../../../shared/permissions';
import { meQuery } from '../api/queries';

/**
 * True when the signed-in officer holds the permission. The web uses it only to hide what the
 * officer cannot do; the server refuses it anyway (docs/architecture.md §10).
 */
export function usePermission(permission: Permission): boolean {
  const { data: me } = useQuery(meQuery());
  return me?.permissions.includes(permission) ?? false;
}
