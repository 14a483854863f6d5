import type { OfficerDetail, OfficerListQuery } from '../../../../shared/officers';
import type { Page } from '../../../../shared/pagination';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { selectMdaNames } from '../../mdas/service';
import { findOfficerById } from '../queries';
import { toOfficerDetail, toOfficerDetailFromDriver } from '../view';
import {
  OFFICER_EXPORT_LIMIT,
  officerExportFileName,
  officersToCsv,
  officersToXlsx,
} from './exporter';
import { selectOfficers, selectOfficersForExport } from './queries';

export type ExportFile = { body: Buffer; contentType: string; fileName: string };

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
  };
}
