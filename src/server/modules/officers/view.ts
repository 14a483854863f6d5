import { createHash } from 'node:crypto';
import type { OfficerView } from '../../../shared/auth';
import type { OfficerDetail, ProfileView } from '../../../shared/officers';
import { isoTimestamp } from '../../db/driverRows';
import type { OfficerDriverRow, OfficerRow } from './queries';

/** The user record of docs/product.md §3 (sign-in, /auth/me): nothing about the account's state. */
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
  return officerDetailOf(row, now, isoOfDate);
}

/** The same from the driver's row (ADR 0024): the officer list's page in one pass. */
export function toOfficerDetailFromDriver(row: OfficerDriverRow, now = new Date()): OfficerDetail {
  return officerDetailOf(row, now, isoTimestamp);
}

const isoOfDate = (at: Date) => at.toISOString();

/** The detail of an officer row whose times are `Time` (a Date, or the driver's text). */
function officerDetailOf<Time>(
  row: Omit<OfficerRow, 'signInThrottledUntil' | 'createdAt'> & {
    signInThrottledUntil: Time | null;
    createdAt: Time;
  },
  now: Date,
  iso: (time: Time) => string,
): OfficerDetail {
  const until = row.signInThrottledUntil === null ? null : iso(row.signInThrottledUntil);
  const isSignInThrottled = until !== null && Date.parse(until) > now.getTime();
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
    isSignInThrottled,
    signInThrottledUntil: isSignInThrottled ? until : null,
    mustChangePassword: row.mustChangePassword,
    hasPhoto: row.photoKey !== null,
    createdAt: iso(row.createdAt),
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
