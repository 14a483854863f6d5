import type { OfficerView } from '../../../shared/auth';
import { passwordProblem } from '../../../shared/auth';
import type { OfficerListQuery } from '../../../shared/officers';
import type { Page } from '../../../shared/pagination';
import type { UserType } from '../../../shared/userTypes';
import type { Actor } from '../../auth/actor';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/service';
import {
  findOfficerById,
  insertOfficer,
  type OfficerRow,
  selectOfficers,
  usernameOrEmailTaken,
} from './queries';

export type OfficerServiceDeps = { db: Db };

export type NewOfficer = {
  username: string;
  email: string;
  firstName: string;
  surname: string;
  phoneNumber: string;
  userType: UserType;
  password: string;
  mdaPrivileges?: readonly string[];
  /** The officer must choose their own password at first sign-in (administration issue). */
  mustChangePassword?: boolean;
};

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

export function createOfficerService({ db }: OfficerServiceDeps) {
  return {
    async getOfficer(_actor: Actor, id: string): Promise<OfficerView> {
      const row = await findOfficerById(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such officer.');
      return toOfficerView(row);
    },

    async findOfficers(_actor: Actor, query: OfficerListQuery): Promise<Page<OfficerView>> {
      const { items, total } = await selectOfficers(db, query);
      return { items: items.map(toOfficerView), page: query.page, pageSize: query.pageSize, total };
    },

    /** Creates an officer and audits it in one transaction. Used by the CLI, the demo seed and (later) the admin screens. */
    async createOfficer(actor: Actor, input: NewOfficer): Promise<OfficerView> {
      const problem = passwordProblem(input.password, input.username);
      if (problem) throw new AppError('WEAK_PASSWORD', problem);
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const taken = await usernameOrEmailTaken(tx, input.username, input.email);
        if (taken) {
          const what =
            taken.username.toLowerCase() === input.username.toLowerCase() ? 'username' : 'e-mail';
          throw new AppError('CONFLICT', `An officer with this ${what} already exists.`);
        }
        const id = await insertOfficer(
          tx,
          {
            username: input.username.trim(),
            email: input.email.trim().toLowerCase(),
            firstName: input.firstName.trim(),
            surname: input.surname.trim(),
            phoneNumber: input.phoneNumber.trim(),
            userType: input.userType,
            passwordHash,
            mustChangePassword: input.mustChangePassword ?? false,
          },
          input.mdaPrivileges ?? [],
        );
        const created = await findOfficerById(tx, id);
        if (!created) throw new Error('officer vanished inside its own transaction');
        const view = toOfficerView(created);
        await recordAudit(tx, actor, {
          action: 'officer.created',
          entityType: 'officer',
          entityId: id,
          after: view,
        });
        return view;
      });
    },
  };
}

export type OfficerService = ReturnType<typeof createOfficerService>;
