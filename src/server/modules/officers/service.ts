import type { OfficerView } from '../../../shared/auth';
import { passwordProblem } from '../../../shared/auth';
import type { CreateOfficerBody, OfficerDetail, OfficerListQuery } from '../../../shared/officers';
import type { Page } from '../../../shared/pagination';
import type { UserType } from '../../../shared/userTypes';
import type { Actor } from '../../auth/actor';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/service';
import { selectMdaNames } from '../mdas/service';
import { createOfficerAccountService } from './accounts';
import {
  OFFICER_EXPORT_LIMIT,
  officerExportFileName,
  officersToCsv,
  officersToXlsx,
} from './exporter';
import { createOfficerProfileService } from './profile';
import {
  findOfficerById,
  insertOfficer,
  type OfficerRow,
  selectOfficers,
  selectOfficersForExport,
} from './queries';
import { refuseTakenUsernameOrEmail, refuseUnknownMdas, storedPhone } from './rules';
import { toOfficerDetail, toOfficerView } from './view';

export { officerUsernames } from './usernames';
export { toOfficerView } from './view';

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
  /** The officer must choose their own password at first sign-in. */
  mustChangePassword?: boolean;
};

export type ExportFile = { body: Buffer; contentType: string; fileName: string };

export function createOfficerService({ db }: OfficerServiceDeps) {
  const accounts = createOfficerAccountService({ db });
  const profiles = createOfficerProfileService({ db });

  async function getRow(id: string): Promise<OfficerRow> {
    const row = await findOfficerById(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such officer.');
    return row;
  }

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

  return {
    ...accounts,
    ...profiles,
    createOfficer,

    async getOfficer(_actor: Actor, id: string): Promise<OfficerView> {
      return toOfficerView(await getRow(id));
    },

    async getOfficerDetail(_actor: Actor, id: string): Promise<OfficerDetail> {
      return toOfficerDetail(await getRow(id));
    },

    async findOfficers(_actor: Actor, query: OfficerListQuery): Promise<Page<OfficerDetail>> {
      const { items, total } = await selectOfficers(db, query);
      return {
        items: items.map((row) => toOfficerDetail(row)),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    /** The list's filter as a file; the export itself is audited (who took which officers away). */
    async exportOfficers(
      actor: Actor,
      query: OfficerListQuery & { format: 'csv' | 'xlsx' },
    ): Promise<ExportFile> {
      const rows = await selectOfficersForExport(db, query, OFFICER_EXPORT_LIMIT);
      const mdaNames = await selectMdaNames(db, [...new Set(rows.flatMap((r) => r.mdaPrivileges))]);
      const { format, page: _page, pageSize: _pageSize, ...filter } = query;
      await recordAudit(db, actor, {
        action: 'officer.exported',
        entityType: 'officer',
        after: { filter, format, rows: rows.length },
      });
      return format === 'csv'
        ? {
            body: officersToCsv(rows, mdaNames),
            contentType: 'text/csv; charset=utf-8',
            fileName: officerExportFileName(query, 'csv'),
          }
        : {
            body: await officersToXlsx(rows, mdaNames),
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            fileName: officerExportFileName(query, 'xlsx'),
          };
    },

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
      return toOfficerDetail(await getRow(view.id));
    },
  };
}

export type OfficerService = ReturnType<typeof createOfficerService>;
