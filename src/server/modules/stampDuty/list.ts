import {
  INSTRUMENT_STATUS_LABELS,
  INSTRUMENT_TYPE_LABELS,
  STAMP_LAW_LABELS,
} from '../../../shared/stampDuty/enums';
import type {
  StampInstrumentDetail,
  StampInstrumentListQuery,
  StampInstrumentPage,
} from '../../../shared/stampDuty/schemas';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { amount, type Column, date, reference, text } from '../../export/columns';
import { type ExportAnswer, exportList } from '../../export/exportList';
import { countInstruments, selectInstrumentPage } from './queries';
import { instrumentDetails } from './view';

/** The most rows one export holds, as for assessments. */
export const STAMP_EXPORT_LIMIT = 50_000;

export const STAMP_INSTRUMENT_COLUMNS: readonly Column<StampInstrumentDetail>[] = [
  reference('Certificate number', (i) => i.certificateNumber, 18),
  text('Instrument', (i) => INSTRUMENT_TYPE_LABELS[i.instrumentType], 26),
  date('Executed', (i) => i.executedOn, 12),
  text('Parties', (i) => i.partyNames, 40),
  text('Status', (i) => INSTRUMENT_STATUS_LABELS[i.status], 10),
  amount('Consideration', (i) => i.considerationKobo, 16),
  amount('Duty', (i) => i.dutyKobo, 14),
  amount('Penalty', (i) => i.penaltyKobo, 12),
  text('Law', (i) => STAMP_LAW_LABELS[i.law], 30),
  reference('RRR', (i) => i.rrr, 14),
  date('Stamped', (i) => i.stampedAt, 12),
];

/** The instruments list (stamp-duty/all, taxs/stamp-duty): filters, pages, CSV/XLSX (ADR 0029). */
export function createStampListService({ db }: { db: Db }) {
  return {
    async findInstruments(
      _actor: Actor,
      query: StampInstrumentListQuery,
    ): Promise<StampInstrumentPage> {
      const [rows, total] = await Promise.all([
        selectInstrumentPage(db, query, {
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        countInstruments(db, query),
      ]);
      return {
        items: await instrumentDetails(db, rows),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    exportInstruments(
      actor: Actor,
      query: StampInstrumentListQuery & { format: 'csv' | 'xlsx' },
    ): Promise<ExportAnswer> {
      const { format, page: _page, pageSize: _pageSize, ...filter } = query;
      return exportList(db, actor, {
        format,
        fileName: 'stamp-duty-instruments',
        sheet: 'Stamp duty',
        columns: STAMP_INSTRUMENT_COLUMNS,
        count: () => countInstruments(db, query),
        page: async ({ limit, offset }) =>
          instrumentDetails(db, await selectInstrumentPage(db, query, { limit, offset })),
        rowLimit: {
          max: STAMP_EXPORT_LIMIT,
          message: (n) =>
            `This filter matches ${n.toLocaleString('en-NG')} instruments; an export holds at most ${STAMP_EXPORT_LIMIT.toLocaleString('en-NG')}. Narrow it and export again.`,
        },
        audit: { action: 'stamp_duty.exported', entityType: 'stamp_instrument', filter },
      });
    },
  };
}
