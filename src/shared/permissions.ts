import type { UserType } from './userTypes';

/**
 * Every permission a route may require. The server checks them on every route (deny by
 * default, src/server/auth/gate.ts); the web uses the same map only to hide what a user cannot do.
 * Add a permission here when a route needs it; one string per capability, not per screen.
 */
export const PERMISSIONS = [
  /** See and change one's own account: session, profile, password. Every signed-in officer. */
  'account:self',
  /** List and read officers. */
  'officer:read',
  /** Create officers, change their type, privileges and state. */
  'officer:write',
  /** The top bar search for a taxpayer by BTIN, e-mail or phone. */
  'taxpayer:lookup',
  /** Check one RRR's status with Remita (sidebar "Check RRR"). */
  'rrr:check',
  /** Check a CSV of RRRs (sidebar "Check RRR (Multiple)"). SPEC.md §6: ADMIN only. */
  'rrr:check:batch',
  /** Check an RRR's auto-registration status in EVAS. SPEC.md §6: ADMIN only. */
  'evas:check',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** What every officer may do, whatever their type. */
const EVERY_OFFICER = [
  'account:self',
  'taxpayer:lookup',
  'rrr:check',
] as const satisfies readonly Permission[];

export const ROLE_PERMISSIONS = {
  ADMIN: [...EVERY_OFFICER, 'officer:read', 'officer:write', 'rrr:check:batch', 'evas:check'],
  EXECUTIVE: EVERY_OFFICER,
  OFFICER_DA: EVERY_OFFICER,
  OFFICER_PAYEE: EVERY_OFFICER,
  OFFICER_PA: EVERY_OFFICER,
  OFFICER_MDA: EVERY_OFFICER,
  OFFICER_MDA_ADMIN: EVERY_OFFICER,
  DG_BUDGET: EVERY_OFFICER,
  DIRECTOR_ASSESSMENT: EVERY_OFFICER,
  DIRECTOR_COLLECTION: EVERY_OFFICER,
  ASSESSMENT_OFFICER: EVERY_OFFICER,
  PRINTING_OFFICER: EVERY_OFFICER,
  TCC_CHAIRMAN: EVERY_OFFICER,
  OFFICER_BENJIS: EVERY_OFFICER,
  OFFICER_BENJIS_READ: EVERY_OFFICER,
  OFFICER_STAMP_DUTY: EVERY_OFFICER,
  INFORMAL_SECTOR_ADMIN: EVERY_OFFICER,
} as const satisfies Record<UserType, readonly Permission[]>;

export function hasPermission(userType: UserType, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[userType] as readonly Permission[]).includes(permission);
}

export function permissionsOf(userType: UserType): readonly Permission[] {
  return ROLE_PERMISSIONS[userType];
}
