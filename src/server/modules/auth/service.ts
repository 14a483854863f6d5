import type { LoginBody, LoginResponse, MeResponse } from '../../../shared/auth';
import { passwordProblem } from '../../../shared/auth';
import { filterMenu, MENU } from '../../../shared/menu';
import type { FirstPasswordBody } from '../../../shared/officers';
import { permissionsOf } from '../../../shared/permissions';
import { POS_AGENT_USER_TYPES } from '../../../shared/pos/terminals';
import type { Actor } from '../../auth/actor';
import {
  hashPassword,
  type PasswordCheckLog,
  verifyAgainstDummy,
  verifyPassword,
} from '../../auth/passwords';
import { limitPerMinute } from '../../auth/rateLimit';
import { createSession, revokeOfficerSessions, revokeSession } from '../../auth/sessions';
import {
  clearSignInFailuresFrom,
  findSignInBlock,
  recordSignInFailure,
  throttleSubject,
} from '../../auth/signInThrottle';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/service';
import { createOfficerService } from '../officers/service';
import { findTerminalIdOfOfficer } from '../pos/agents/queries';
import { findCredentialsById, findCredentialsByLogin, setPasswordHash } from './queries';

const WRONG_CREDENTIALS = 'Incorrect username or password.';

/** A decayed count, as an audit row shows it. */
function round(failures: number): number {
  return Math.round(failures * 10) / 10;
}

export function createAuthService({
  db,
  config,
  log,
}: {
  db: Db;
  config: Config;
  /** Where a password check that failed inside argon2 is said (auth/passwords.ts). */
  log: PasswordCheckLog;
}) {
  const officers = createOfficerService({ db });

  async function refuseIfRateLimited(actor: Actor) {
    await limitPerMinute(db, {
      bucket: 'sign-in',
      ip: actor.ip,
      perMinute: config.loginRateLimitPerMinute,
      what: 'sign-in attempts',
    });
  }

  /**
   * The sign-in's checks, in order: rate limit, throttle, known login, password, active. A
   * throttled attempt, an unknown login and a wrong password answer the very same 401 (ADR 0023):
   * nothing tells an account that exists, or one under attack, from any other. Each refusal is
   * audited. Answers the officer the password opens.
   */
  async function checkCredentials(actor: Actor, input: LoginBody) {
    await refuseIfRateLimited(actor);
    const found = await findCredentialsByLogin(db, input.username);
    const subject = throttleSubject(found?.id ?? null, input.username);
    const who: Actor = found ? { ...actor, officerId: found.id, username: found.username } : actor;
    const unknownLogin = found ? {} : { login: input.username };
    const blockedUntil = await findSignInBlock(db, subject, actor.ip);
    if (blockedUntil || !found) {
      // The same work as a checked password, so the answer's timing tells nothing either.
      await verifyAgainstDummy(input.password, log);
    }
    if (blockedUntil) {
      await recordAudit(db, who, {
        action: 'auth.sign_in_refused_throttled',
        entityType: 'officer',
        entityId: found?.id,
        after: { ...unknownLogin, throttledUntil: blockedUntil.toISOString() },
      });
      throw new AppError('INVALID_CREDENTIALS', WRONG_CREDENTIALS);
    }
    if (!found || !(await verifyPassword(found.passwordHash, input.password, log, found.id))) {
      await db.transaction(async (tx) => {
        const count = await recordSignInFailure(tx, {
          subject,
          officerId: found?.id ?? null,
          ip: actor.ip,
        });
        await recordAudit(tx, who, {
          action: 'auth.sign_in_failed',
          entityType: 'officer',
          entityId: found?.id,
          after: {
            ...unknownLogin,
            reason: found ? 'wrong_password' : 'unknown_login',
            failuresFromAddress: round(count.fromAddress),
            failuresOnAccount: round(count.onAccount),
            throttledUntil: count.blockedUntil?.toISOString() ?? null,
          },
        });
      });
      throw new AppError('INVALID_CREDENTIALS', WRONG_CREDENTIALS);
    }
    if (!found.isActive) {
      await recordAudit(db, who, {
        action: 'auth.sign_in_refused_inactive',
        entityType: 'officer',
        entityId: found.id,
      });
      throw new AppError(
        'ACCOUNT_INACTIVE',
        'This account has been deactivated. Ask an administrator to reactivate it.',
      );
    }
    return { found, who, subject };
  }

  async function openSession(
    actor: Actor,
    who: Actor,
    { officerId, subject }: { officerId: string; subject: string },
    userAgent: string | null,
  ): Promise<LoginResponse> {
    const { token, session } = await db.transaction(async (tx) => {
      await clearSignInFailuresFrom(tx, subject, actor.ip);
      const created = await createSession(tx, officerId, { ip: actor.ip, userAgent });
      await recordAudit(
        tx,
        { ...who, sessionId: created.session.id },
        {
          action: 'auth.signed_in',
          entityType: 'session',
          entityId: created.session.id,
        },
      );
      return created;
    });
    const user = await officers.getOfficer(who, officerId);
    return { user, token, expiresAt: session.expiresAt.toISOString() };
  }

  return {
    async signIn(actor: Actor, input: LoginBody, userAgent: string | null): Promise<LoginResponse> {
      const { found, who, subject } = await checkCredentials(actor, input);
      if (found.mustChangePassword) {
        // No session yet: the temporary password opens only POST /auth/change-temporary-password,
        // which takes it again with the new one and then signs the officer in.
        await db.transaction(async (tx) => {
          await clearSignInFailuresFrom(tx, subject, actor.ip);
          await recordAudit(tx, who, {
            action: 'auth.sign_in_needs_password_change',
            entityType: 'officer',
            entityId: found.id,
          });
        });
        throw new AppError(
          'PASSWORD_CHANGE_REQUIRED',
          'Your password is a temporary one. Choose a new password to finish signing in.',
        );
      }
      return openSession(actor, who, { officerId: found.id, subject }, userAgent);
    },

    /**
     * The forced password change: the officer proves the temporary password again (all the
     * sign-in's checks apply), chooses a different one, and is signed in. Every older session
     * ends with the old password.
     */
    async changeTemporaryPassword(
      actor: Actor,
      input: FirstPasswordBody,
      userAgent: string | null,
    ): Promise<LoginResponse> {
      const { found, who, subject } = await checkCredentials(actor, {
        username: input.username,
        password: input.temporaryPassword,
      });
      if (!found.mustChangePassword) {
        throw new AppError(
          'CONFLICT',
          'This account has no temporary password to replace. Sign in as usual.',
        );
      }
      const problem = passwordProblem(input.newPassword, found.username);
      if (problem) throw new AppError('WEAK_PASSWORD', problem);
      if (input.newPassword === input.temporaryPassword) {
        throw new AppError(
          'WEAK_PASSWORD',
          'Choose a password different from the temporary one you were given.',
        );
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, found.id, passwordHash);
        const revoked = await revokeOfficerSessions(tx, found.id, 'password_changed');
        await recordAudit(tx, who, {
          action: 'auth.password_changed',
          entityType: 'officer',
          entityId: found.id,
          after: { temporaryPasswordReplaced: true, otherSessionsRevoked: revoked },
        });
      });
      return openSession(actor, who, { officerId: found.id, subject }, userAgent);
    },

    async signOut(actor: Actor): Promise<void> {
      if (!actor.sessionId) return;
      const sessionId = actor.sessionId;
      await db.transaction(async (tx) => {
        await revokeSession(tx, sessionId, 'signed_out');
        await recordAudit(tx, actor, {
          action: 'auth.signed_out',
          entityType: 'session',
          entityId: sessionId,
        });
      });
    },

    async me(actor: Actor): Promise<MeResponse> {
      if (!actor.officerId || !actor.userType) throw new AppError('UNAUTHENTICATED');
      const user = await officers.getOfficer(actor, actor.officerId);
      return {
        user,
        permissions: [...permissionsOf(user.userType)],
        menu: filterMenu(MENU, user.userType),
        // SPEC §3: a POS agent's answer carries their terminal (docs/pos.md "Agents and terminals").
        ...((POS_AGENT_USER_TYPES as readonly string[]).includes(user.userType)
          ? { terminalId: await findTerminalIdOfOfficer(db, user.id) }
          : {}),
      };
    },

    /** Changes the caller's own password and signs out their other sessions. */
    async changePassword(
      actor: Actor,
      input: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      if (!actor.officerId) throw new AppError('UNAUTHENTICATED');
      const officerId = actor.officerId;
      const current = await findCredentialsById(db, officerId);
      if (!current) throw new AppError('UNAUTHENTICATED');
      if (!(await verifyPassword(current.passwordHash, input.currentPassword, log, officerId))) {
        throw new AppError('WRONG_PASSWORD', 'Your current password is not correct.');
      }
      const problem = passwordProblem(input.newPassword, current.username);
      if (problem) throw new AppError('WEAK_PASSWORD', problem);
      if (input.newPassword === input.currentPassword) {
        throw new AppError('WEAK_PASSWORD', 'Choose a password different from your current one.');
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, officerId, passwordHash);
        const revoked = await revokeOfficerSessions(
          tx,
          officerId,
          'password_changed',
          actor.sessionId,
        );
        await recordAudit(tx, actor, {
          action: 'auth.password_changed',
          entityType: 'officer',
          entityId: officerId,
          after: { otherSessionsRevoked: revoked },
        });
      });
    },
  };
}
