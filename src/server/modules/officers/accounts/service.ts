import type { OfficerView } from '../../../../shared/auth';
import { passwordProblem } from '../../../../shared/auth';
import type {
  CreateOfficerBody,
  OfficerDetail,
  ThrottledSignInList,
  UpdateOfficerBody,
} from '../../../../shared/officers';
import type { UserType } from '../../../../shared/userTypes';
import type { Actor } from '../../../auth/actor';
import { hashPassword } from '../../../auth/passwords';
import { revokeOfficerSessions } from '../../../auth/sessions';
import {
  clearOfficerThrottles,
  findOfficerThrottles,
  findThrottledSignIns,
} from '../../../auth/signInThrottle';
import type { Db } from '../../../db/client';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import {
  findOfficerById,
  lockOfficerById,
  type OfficerChange,
  type OfficerRow,
  updateOfficerRow,
} from '../queries';
import { toOfficerDetail, toOfficerView } from '../view';
import { insertOfficer, lockActiveAdminIds, replaceMdaPrivileges } from './queries';
import {
  refuseLosingLastAdmin,
  refuseSelfDeactivation,
  refuseTakenUsernameOrEmail,
  refuseUnknownMdas,
  storedPhone,
} from './rules';

/** What one administrative change did, for its audit row; null when nothing changed. */
type Outcome = {
  action: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Why the officer's sessions end now, when they must. */
  revokeSessionsBecause?: string;
} | null;

/** A list for a glance: more throttled accounts than this at once is an incident, not a list. */
const THROTTLED_LIST_LIMIT = 200;

const EDITABLE = ['firstName', 'surname', 'email', 'phoneNumber', 'userType'] as const;

export type NewOfficer = {
  username: string;
  email: string;
  firstName: string;
  surname: string;
  phoneNumber: string;
  userType: UserType;
  password: string;
  mdaPrivileges?: readonly string[];
  /** The officer must choose their own password at first sign-in. */
  mustChangePassword?: boolean;
};

/**
 * An officer's account from its creation on: created (by an administrator, the CLI or the demo
 * seed), then what an administrator does to it: edit, MDA privileges, password reset, clearing
 * a sign-in throttle, deactivate, reactivate. Each change runs in one transaction with the
 * officer's row locked, revokes sessions where the change calls for it, and writes its audit row.
 */
export function createOfficerAccountService({ db }: { db: Db }) {
  /** Creates an officer and audits it in one transaction. Used by the API, the CLI and the demo seed. */
  async function createOfficer(actor: Actor, input: NewOfficer): Promise<OfficerView> {
    const problem = passwordProblem(input.password, input.username);
    if (problem) throw new AppError('WEAK_PASSWORD', problem);
    const passwordHash = await hashPassword(input.password);
    const username = input.username.trim();
    const email = input.email.trim().toLowerCase();
    const mdaIds = input.mdaPrivileges ?? [];
    return db.transaction(async (tx) => {
      await refuseTakenUsernameOrEmail(tx, { username, email });
      await refuseUnknownMdas(tx, 'mdaPrivileges', mdaIds);
      const id = await insertOfficer(
        tx,
        {
          username,
          email,
          firstName: input.firstName.trim(),
          surname: input.surname.trim(),
          phoneNumber: input.phoneNumber.trim(),
          userType: input.userType,
          passwordHash,
          mustChangePassword: input.mustChangePassword ?? false,
        },
        mdaIds,
      );
      const created = await findOfficerById(tx, id);
      if (!created) throw new Error('officer vanished inside its own transaction');
      const view = toOfficerView(created);
      await recordAudit(tx, actor, {
        action: 'officer.created',
        entityType: 'officer',
        entityId: id,
        after: { ...view, mustChangePassword: input.mustChangePassword ?? false },
      });
      return view;
    });
  }

  async function change(
    actor: Actor,
    id: string,
    options: { locksAdmins: boolean },
    work: (tx: Db, row: OfficerRow) => Promise<Outcome>,
  ): Promise<OfficerDetail> {
    return db.transaction(async (tx) => {
      // Always the ADMIN rows before the officer's own: one lock order, so no deadlock.
      if (options.locksAdmins) await lockActiveAdminIds(tx);
      const row = await lockOfficerById(tx, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such officer.');
      const outcome = await work(tx, row);
      if (outcome) {
        const revoked = outcome.revokeSessionsBecause
          ? await revokeOfficerSessions(tx, id, outcome.revokeSessionsBecause)
          : null;
        await recordAudit(tx, actor, {
          action: outcome.action,
          entityType: 'officer',
          entityId: id,
          before: outcome.before,
          after: revoked === null ? outcome.after : { ...outcome.after, sessionsRevoked: revoked },
        });
      }
      const updated = await findOfficerById(tx, id);
      if (!updated) throw new Error('officer vanished inside its own transaction');
      return toOfficerDetail(updated);
    });
  }

  return {
    createOfficer,

    /** An administrator's new officer (POST /officers): the temporary password must be replaced at first sign-in. */
    async createOfficerByAdmin(actor: Actor, body: CreateOfficerBody): Promise<OfficerDetail> {
      const view = await createOfficer(actor, {
        username: body.username,
        email: body.email,
        firstName: body.firstName,
        surname: body.surname,
        phoneNumber: storedPhone(body.phoneNumber),
        userType: body.userType,
        password: body.temporaryPassword,
        mdaPrivileges: body.mdaPrivileges ?? [],
        mustChangePassword: true,
      });
      const created = await findOfficerById(db, view.id);
      if (!created) throw new AppError('NOT_FOUND', 'No such officer.');
      return toOfficerDetail(created);
    },

    async updateOfficer(actor: Actor, id: string, patch: UpdateOfficerBody) {
      const wanted: OfficerChange = {
        firstName: patch.firstName?.trim(),
        surname: patch.surname?.trim(),
        email: patch.email?.trim().toLowerCase(),
        phoneNumber: patch.phoneNumber === undefined ? undefined : storedPhone(patch.phoneNumber),
        userType: patch.userType,
      };
      return change(actor, id, { locksAdmins: patch.userType !== undefined }, async (tx, row) => {
        const changed = EDITABLE.filter(
          (key) => wanted[key] !== undefined && wanted[key] !== row[key],
        );
        if (changed.length === 0) return null;
        if (changed.includes('email')) {
          await refuseTakenUsernameOrEmail(tx, { email: wanted.email }, id);
        }
        const typeChanged = changed.includes('userType');
        if (typeChanged && row.userType === 'ADMIN') {
          await refuseLosingLastAdmin(tx, id, 'demote');
        }
        const set = Object.fromEntries(changed.map((key) => [key, wanted[key]]));
        await updateOfficerRow(tx, id, set);
        return {
          action: 'officer.updated',
          before: Object.fromEntries(changed.map((key) => [key, row[key]])),
          after: set,
          // A new user type is a new set of permissions: the old sessions must not keep theirs.
          ...(typeChanged ? { revokeSessionsBecause: 'user_type_changed' } : {}),
        };
      });
    },

    /** docs/product.md §7 re-assign/mda: the officer's MDA privileges become exactly these. */
    async setMdaPrivileges(actor: Actor, id: string, mdaIds: readonly string[]) {
      return change(actor, id, { locksAdmins: false }, async (tx, row) => {
        await refuseUnknownMdas(tx, 'mdaIds', mdaIds);
        const next = [...mdaIds].sort();
        const current = [...row.mdaPrivileges].sort();
        if (next.join() === current.join()) return null;
        await replaceMdaPrivileges(tx, id, next);
        return {
          action: 'officer.mda_privileges_changed',
          before: { mdaPrivileges: current },
          after: { mdaPrivileges: next },
          revokeSessionsBecause: 'mda_privileges_changed',
        };
      });
    },

    /** A new temporary password, to be replaced at the next sign-in; sign-in throttles are cleared with it. */
    async resetPassword(actor: Actor, id: string, temporaryPassword: string) {
      const row = await findOfficerById(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such officer.');
      const problem = passwordProblem(temporaryPassword, row.username);
      if (problem) throw fieldError('temporaryPassword', problem);
      const passwordHash = await hashPassword(temporaryPassword);
      return change(actor, id, { locksAdmins: false }, async (tx) => {
        await updateOfficerRow(tx, id, { passwordHash, mustChangePassword: true });
        await clearOfficerThrottles(tx, id);
        return {
          action: 'officer.password_reset',
          after: { mustChangePassword: true },
          revokeSessionsBecause: 'password_reset',
        };
      });
    },

    /**
     * The sign-in throttles still running on the account, every address's (ADR 0023), for an
     * administrator to look at before clearing them.
     */
    async findThrottledSignIns(_actor: Actor): Promise<ThrottledSignInList> {
      const rows = await findThrottledSignIns(db, THROTTLED_LIST_LIMIT);
      return {
        items: rows.map((row) => ({
          officer: { id: row.officerId, ...row.officer },
          address: row.address,
          failures: row.failures,
          until: row.throttledUntil.toISOString(),
        })),
      };
    },

    /**
     * Clears every count of failed sign-ins on the account, from every address: the officer may
     * try again at once. 409 when no throttle runs (nothing an administrator needs to clear).
     */
    async unlockOfficer(actor: Actor, id: string) {
      return change(actor, id, { locksAdmins: false }, async (tx) => {
        const running = await findOfficerThrottles(tx, id);
        if (running.length === 0) {
          throw new AppError('CONFLICT', "This officer's sign-ins are not throttled.");
        }
        await clearOfficerThrottles(tx, id);
        return {
          action: 'officer.sign_in_throttle_cleared',
          before: {
            throttles: running.map((t) => ({
              address: t.address ?? 'every address',
              failures: t.failures,
              until: t.throttledUntil.toISOString(),
            })),
          },
          after: { throttles: [] },
        };
      });
    },

    async deactivateOfficer(actor: Actor, id: string) {
      refuseSelfDeactivation(actor, id);
      return change(actor, id, { locksAdmins: true }, async (tx, row) => {
        if (!row.isActive) throw new AppError('CONFLICT', 'This account is already deactivated.');
        if (row.userType === 'ADMIN') await refuseLosingLastAdmin(tx, id, 'deactivate');
        await updateOfficerRow(tx, id, { isActive: false });
        return {
          action: 'officer.deactivated',
          before: { isActive: true },
          after: { isActive: false },
          revokeSessionsBecause: 'deactivated',
        };
      });
    },

    async reactivateOfficer(actor: Actor, id: string) {
      return change(actor, id, { locksAdmins: false }, async (tx, row) => {
        if (row.isActive) throw new AppError('CONFLICT', 'This account is already active.');
        await updateOfficerRow(tx, id, { isActive: true });
        return {
          action: 'officer.reactivated',
          before: { isActive: false },
          after: { isActive: true },
        };
      });
    },
  };
}
