import { z } from 'zod';
import { MenuItemSchema } from './menu/schema';
import { PASSWORD_MAX, USERNAME_MAX } from './passwordPolicy';
import { PERMISSIONS } from './permissions';
import { UserTypeSchema } from './userTypes';

// The policy is zod-free, for the forms that check it at first draw (the profile page's).
export { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, USERNAME_MAX } from './passwordPolicy';

export const LoginBody = z
  .object({
    /** Username or e-mail address. */
    username: z.string().trim().min(1, 'Enter your username or e-mail').max(USERNAME_MAX),
    password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof LoginBody>;

/** An officer as the API shows them (docs/product.md §3 "Logged-in user", the API's officer contract). */
export const OfficerView = z
  .object({
    id: z.string(),
    officerId: z.string(),
    username: z.string(),
    email: z.string(),
    firstName: z.string(),
    surname: z.string(),
    phoneNumber: z.string(),
    userType: UserTypeSchema,
    /** Ids of the MDAs whose data this officer may see. */
    mdaPrivileges: z.array(z.string()),
    isActive: z.boolean(),
  })
  .meta({ id: 'Officer' });
export type OfficerView = z.infer<typeof OfficerView>;

export const LoginResponse = z
  .object({
    user: OfficerView,
    /** The session token, for API clients that send `Authorization: Bearer`. Browsers use the cookie. */
    token: z.string(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const MeResponse = z
  .object({
    user: OfficerView,
    permissions: z.array(z.enum(PERMISSIONS)),
    menu: z.array(MenuItemSchema),
    /**
     * SPEC §3: a POS agent's terminal (the provider's terminal id; their active one, the latest
     * assigned when several), null when none is assigned. Absent for other user types.
     */
    terminalId: z.string().nullable().optional(),
  })
  .meta({ id: 'Me' });
export type MeResponse = z.infer<typeof MeResponse>;

/**
 * Whether this browser holds a live session, asked by the sign-in page and the shells' guard
 * before anyone has signed in: `me` is what GET /auth/me answers, or null, never a 401.
 */
export const SessionResponse = z.object({ me: MeResponse.nullable() }).meta({ id: 'Session' });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const ChangePasswordBody = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
    newPassword: z.string().min(1, 'Enter a new password').max(PASSWORD_MAX),
  })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const SystemInfo = z
  .object({
    serviceName: z.string(),
    /** True when the server runs with demo data: the web shows a "Demo data" badge. */
    demoMode: z.boolean(),
    /** Demo sign-ins are listed on the sign-in page only in demo mode. */
    demoUsernames: z.array(z.string()),
    /** The Remita and EVAS simulators answer under /_sim: the RRR check offers "Simulate payment". */
    simulators: z.boolean(),
    version: z.string(),
  })
  .meta({ id: 'SystemInfo' });
export type SystemInfo = z.infer<typeof SystemInfo>;

export const OkResponse = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });
