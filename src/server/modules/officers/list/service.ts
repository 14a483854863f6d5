import type { OfficerDetail, OfficerListQuery } from '../../../../shared/officers';
import type { Page } from '../../../../shared/pagination';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { type ExportAnswer, exportList } from '../../../export/exportList';
import { selectMdaNames } from '../../mdas/service';
import { findOfficerById } from '../queries';
import { toOfficerDetail, toOfficerDetailFromDriver } from '../view';
import { OFFICER_COLUMNS, OFFICER_EXPORT_LIMIT, officerExportFileName, stateOf } from './exporter';
import { countOfficers, selectOfficers, selectOfficersForExport } from './queries';

/** The officers as the administration screens list them: a page, one officer, an export. */
export function createOfficerListService({ db }: { db: Db }) {
  return {
    async getOfficerDetail(_actor: Actor, id: string): Promise<OfficerDetail> {
      const row = await findOfficerById(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such officer.');
      return toOfficerDetail(row);
    },

    async findOfficers(_actor: Actor, query: OfficerListQuery): Promise<Page<OfficerDetail>> {
      const { items, total } = await selectOfficers(db, query);
      return {
        items: items.map((row) => toOfficerDetailFromDriver(row)),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    /** The list's filter as a file; the export itself is audited (who took which officers away). */
    async exportOfficers(
      actor: Actor,
      query: OfficerListQuery & { format: 'csv' | 'xlsx' },
    ): Promise<ExportAnswer> {
      const { format, page: _page, pageSize: _pageSize, ...filter } = query;
      const now = new Date();
      return exportList(db, actor, {
        format,
        fileName: officerExportFileName(query),
        sheet: 'Officers',
        columns: OFFICER_COLUMNS,
        count: () => countOfficers(db, query),
        page: async (window) => {
          const rows = await selectOfficersForExport(db, query, window);
          const mdaNames = await selectMdaNames(db, [
            ...new Set(rows.flatMap((row) => row.mdaPrivileges)),
          ]);
          return rows.map((row) => ({
            ...row,
            mdaNames: row.mdaPrivileges.map((id) => mdaNames.get(id) ?? id).join('; '),
            state: stateOf(row, now),
          }));
        },
        rowLimit: {
          max: OFFICER_EXPORT_LIMIT,
          message: (total) =>
            `This filter matches ${total.toLocaleString('en-NG')} officers; an export holds at most ${OFFICER_EXPORT_LIMIT.toLocaleString('en-NG')}. Narrow it and export again.`,
        },
        audit: { action: 'officer.exported', entityType: 'officer', filter },
      });
    },
  };
}
