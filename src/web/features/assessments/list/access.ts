import { useQuery } from '@tanstack/react-query';
import { type AssessmentKind, assessmentKindsOf } from '../../../../shared/assessments/enums';
import type { Permission } from '../../../../shared/permissions';
import type { UserType } from '../../../../shared/userTypes';
import { meQuery } from '../../../lib/api/queries';

type Officer = { userType: UserType | null; permissions: readonly string[] } | undefined;

/**
 * Whether the officer may start this kind's work (a new assessment, a backlog entry): they hold
 * the permission AND work with the kind (ASSESSMENT_KINDS_OF). The server checks both anyway
 * (docs/architecture.md §10); the screens only hide what would be refused.
 */
export function mayWorkOnKind(
  officer: Officer,
  permission: Permission,
  kind: AssessmentKind,
): boolean {
  if (!officer?.permissions.includes(permission)) return false;
  return assessmentKindsOf(officer.userType).includes(kind);
}

/** mayWorkOnKind for the signed-in officer. */
export function useMayWorkOnKind(permission: Permission, kind: AssessmentKind): boolean {
  const { data: me } = useQuery(meQuery());
  return mayWorkOnKind(
    me ? { userType: me.user.userType, permissions: me.permissions } : undefined,
    permission,
    kind,
  );
}
