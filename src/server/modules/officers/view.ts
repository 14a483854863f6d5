import { createHash } from 'node:crypto';
import type { OfficerView } from '../../../shared/auth';
import type { OfficerDetail, ProfileView } from '../../../shared/officers';
import type { OfficerRow } from './queries';

/** The user record of SPEC.md §3 (sign-in, /auth/me): nothing about the account's state. */
export function toOfficerView(row: OfficerRow): OfficerView {
  return {
    id: row.id,
    officerId: row.officerId,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    surname: row.surname,
    phoneNumber: row.phoneNumber,
    userType: row.userType,
    mdaPrivileges: row.mdaPrivileges,
    isActive: row.isActive,
  };
}

/** What the admin screens see: the record and the account's state. */
export function toOfficerDetail(row: OfficerRow, now = new Date()): OfficerDetail {
  const until = row.signInThrottledUntil;
  const isSignInThrottled = until !== null && until.getTime() > now.getTime();
  return {
    ...toOfficerView(row),
    isSignInThrottled,
    signInThrottledUntil: isSignInThrottled && until ? until.toISOString() : null,
    mustChangePassword: row.mustChangePassword,
    hasPhoto: row.photoKey !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The officer's own profile; the photo's version changes with each upload (a cache key). */
export function toProfileView(row: OfficerRow): ProfileView {
  return {
    ...toOfficerView(row),
    hasPhoto: row.photoKey !== null,
    photoVersion: row.photoKey
      ? createHash('sha256').update(row.photoKey).digest('hex').slice(0, 12)
      : null,
  };
}
