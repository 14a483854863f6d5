import { z } from 'zod';
import { OfficerView, PASSWORD_MAX, passwordProblem } from './auth';
import { PageQuery } from './pagination';
import { EmailInput, PhoneInput } from './taxpayers/input';
import { USER_TYPES, UserTypeSchema } from './userTypes';

/**
 * Officers administration: what an administrator sends and sees. The same schemas
 * check the forms in the browser and the bodies on the server.
 */

export const OFFICER_SORTS = [
  'surname',
  '-surname',
  'username',
  '-username',
  'createdAt',
  '-createdAt',
] as const;

/** The two admin screens: admin/admin-list holds ADMIN, admin/tax-officer-list everyone else. */
export const USER_TYPE_GROUPS = ['admin', 'staff'] as const;
export type UserTypeGroup = (typeof USER_TYPE_GROUPS)[number];

/**
 * Throttled: some address (or every address) has failed to sign in to the account so often that
 * each further failure makes it wait before its next attempt is checked; it lasts until the
 * failures decay under the threshold (ADR 0023).
 */
export const OFFICER_STATES = ['active', 'inactive', 'throttled'] as const;
export type OfficerState = (typeof OFFICER_STATES)[number];

export const OfficerListQuery = PageQuery.extend({
  /** Part of a name, username, e-mail or Officer ID. */
  search: z.string().trim().max(100).optional(),
  userType: UserTypeSchema.optional(),
  userTypeGroup: z.enum(USER_TYPE_GROUPS).optional(),
  /** Officers holding this MDA privilege. */
  mdaId: z.uuid().optional(),
  state: z.enum(OFFICER_STATES).optional(),
  sort: z.enum(OFFICER_SORTS).default('surname'),
  /** The same filter as a file instead of a page. */
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type OfficerListQuery = z.infer<typeof OfficerListQuery>;

/** An officer as the admin screens see them: the user record and its account state. */
export const OfficerDetail = OfficerView.extend({
  /** Some address (or every address) is throttled for the account's sign-ins (ADR 0023). */
  isSignInThrottled: z.boolean(),
  /** When the last of those throttles ends (its failures decayed under the threshold). */
  signInThrottledUntil: z.iso.datetime().nullable(),
  /** Signed in with a temporary password that has not been replaced yet. */
  mustChangePassword: z.boolean(),
  hasPhoto: z.boolean(),
  createdAt: z.iso.datetime(),
}).meta({ id: 'OfficerDetail' });
export type OfficerDetail = z.infer<typeof OfficerDetail>;

export const OfficerIdParams = z.object({ id: z.uuid({ error: 'No such officer' }) });

/** Letters, digits and . _ - : what fits in an e-mail's local part and reads aloud on a phone. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;

const personName = (label: string) =>
  z.string().trim().min(1, `Enter the ${label}`).max(100, `The ${label} is at most 100 characters`);

const officerEmail = EmailInput.max(254, 'The e-mail address is at most 254 characters');

const chosenUserType = z.enum(USER_TYPES, { error: 'Choose a user type' });

const mdaIds = z
  .array(z.uuid({ error: 'Choose MDAs from the list' }))
  .max(500, 'At most 500 MDAs')
  .refine((ids) => new Set(ids).size === ids.length, 'Each MDA only once');

/** A password the policy of src/shared/auth.ts accepts, checked against the username beside it. */
function refineTemporaryPassword(
  value: { temporaryPassword: string; username: string },
  ctx: z.RefinementCtx,
) {
  const problem = passwordProblem(value.temporaryPassword, value.username);
  if (problem) ctx.addIssue({ code: 'custom', path: ['temporaryPassword'], message: problem });
}

export const CreateOfficerBody = z
  .object({
    firstName: personName('first name'),
    surname: personName('surname'),
    username: z
      .string()
      .trim()
      .regex(USERNAME_PATTERN, '3 to 50 letters, digits, dots, hyphens or underscores'),
    email: officerEmail,
    phoneNumber: PhoneInput,
    userType: chosenUserType,
    mdaPrivileges: mdaIds.default([]),
    /** Given to the officer by hand; they must replace it at first sign-in. */
    temporaryPassword: z.string().max(PASSWORD_MAX),
  })
  .superRefine(refineTemporaryPassword)
  .meta({ id: 'CreateOfficerBody' });
export type CreateOfficerBody = z.input<typeof CreateOfficerBody>;

/** Edit an officer: any of names, e-mail, phone, user type. */
export const UpdateOfficerBody = z
  .object({
    firstName: personName('first name'),
    surname: personName('surname'),
    email: officerEmail,
    phoneNumber: PhoneInput,
    userType: chosenUserType,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field')
  .meta({ id: 'UpdateOfficerBody' });
export type UpdateOfficerBody = z.infer<typeof UpdateOfficerBody>;

/** docs/product.md §7 updatePrivileges. */
export const MdaPrivilegesBody = z.object({ mdaIds }).meta({
  id: 'MdaPrivilegesBody',
  description: 'The MDAs whose data the officer may see; the list replaces the previous one.',
});
export type MdaPrivilegesBody = z.infer<typeof MdaPrivilegesBody>;

/** The reset needs the username for the policy's "not the username" rule: the server fills it. */
export const PasswordResetBody = z
  .object({ temporaryPassword: z.string().min(1, 'Enter a temporary password').max(PASSWORD_MAX) })
  .meta({ id: 'PasswordResetBody' });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/** The officer's own profile: what they may change themselves. */
export const ProfilePatch = z
  .object({ email: officerEmail, phoneNumber: PhoneInput })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field')
  .meta({ id: 'ProfilePatch' });
export type ProfilePatch = z.infer<typeof ProfilePatch>;

export const ProfileView = OfficerView.extend({
  hasPhoto: z.boolean(),
  /** Changes with each new photo, so the web can ask for it afresh. */
  photoVersion: z.string().nullable(),
}).meta({ id: 'Profile' });
export type ProfileView = z.infer<typeof ProfileView>;

export const OwnSession = z
  .object({
    id: z.uuid(),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    ip: z.string().nullable(),
    /** "Chrome on Windows", read from the user agent; null when it says nothing useful. */
    browser: z.string().nullable(),
    isCurrent: z.boolean(),
  })
  .meta({ id: 'OwnSession' });
export type OwnSession = z.infer<typeof OwnSession>;

export const OwnSessionList = z
  .object({ items: z.array(OwnSession) })
  .meta({ id: 'OwnSessionList' });

export const RevokedSessions = z
  .object({ revoked: z.number().int() })
  .meta({ id: 'RevokedSessions' });

/** The forced change at first sign-in: the temporary password again, and the new one. */
export const FirstPasswordBody = z
  .object({
    username: z.string().trim().min(1).max(254),
    temporaryPassword: z.string().min(1, 'Enter the temporary password').max(PASSWORD_MAX),
    newPassword: z.string().min(1, 'Enter a new password').max(PASSWORD_MAX),
  })
  .meta({ id: 'FirstPasswordBody' });
export type FirstPasswordBody = z.infer<typeof FirstPasswordBody>;

/**
 * The chairman's signature image printed on Tax Clearance Certificates (POST/GET
 * /api/v1/profile/signature): whether one is uploaded, and a version that changes with each.
 */
export const ProfileSignature = z
  .object({ hasSignature: z.boolean(), signatureVersion: z.string().nullable() })
  .meta({ id: 'ProfileSignature' });
export type ProfileSignature = z.infer<typeof ProfileSignature>;

/**
 * A throttle on an officer's sign-ins still running (ADR 0023): an address, or every address
 * (`address` null) once the whole account saw too many failures, waits before each attempt
 * after a failure, growing, until `until`, when its failures have decayed under the threshold.
 */
export const ThrottledSignIn = z
  .object({
    officer: z.object({
      id: z.uuid(),
      officerId: z.string(),
      username: z.string(),
      firstName: z.string(),
      surname: z.string(),
      userType: UserTypeSchema,
    }),
    address: z.string().nullable(),
    /** Failed sign-ins counted, each weighing half as much an hour later. */
    failures: z.number(),
    until: z.iso.datetime(),
  })
  .meta({ id: 'ThrottledSignIn' });
export type ThrottledSignIn = z.infer<typeof ThrottledSignIn>;

export const ThrottledSignInList = z
  .object({ items: z.array(ThrottledSignIn) })
  .meta({ id: 'ThrottledSignInList' });
export type ThrottledSignInList = z.infer<typeof ThrottledSignInList>;
