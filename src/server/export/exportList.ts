import type { FastifyReply } from 'fastify';
import { todayInLagos } from '../../shared/dates';
import type { Actor } from '../auth/actor';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { recordAudit } from '../modules/audit/service';
import type { Column } from './columns';
import { csvStream, type Pages, xlsxStream } from './writers';

export type ExportFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const satisfies Record<ExportFormat, string>;

/** Rows read from the list's own query per statement: memory holds one page, not the file. */
export const EXPORT_PAGE_SIZE = 2_000;

/** An XLSX sheet holds 1,048,576 rows, the header being one. */
const XLSX_MAX_ROWS = 1_048_575;

/** What a list says to be exported; the module does the rest. */
export type ListExport<Row> = {
  format: ExportFormat;
  /** The file's name before its date and extension: "payments" → payments-2026-11-27.csv. */
  fileName: string;
  sheet: string;
  columns: readonly Column<Row>[];
  /** How many rows the filter matches, counted before the first byte goes out. */
  count(): Promise<number>;
  /**
   * One page of the list's own query, in the list's order (a stable one: ties broken by id).
   * A small list reads it by `offset`; a big one by keyset, the rows after `after` (the last
   * row of the page before, null for the first page), so a page costs the same wherever it
   * is (docs/decisions/0029-one-export-path.md).
   */
  page(window: PageWindow<Row>): Promise<readonly Row[]>;
  /** The most rows one export of this list holds, and what to say past it. */
  rowLimit?: { max: number; message(matches: number): string };
  /** The audit row: the list's action and entity, and the filter; format and rows are added. */
  audit: { action: string; entityType: string; filter: unknown };
  pageSize?: number;
};

/** Where a page starts: by offset, and by the last row already sent (keyset). */
export type PageWindow<Row> = { limit: number; offset: number; after: Row | null };

export type ExportAnswer = {
  body: NodeJS.ReadableStream;
  contentType: string;
  fileName: string;
  rows: number;
};

async function* pagesOf<Row>(list: ListExport<Row>, rows: number): Pages<Row> {
  const limit = list.pageSize ?? EXPORT_PAGE_SIZE;
  // The count taken when the export was audited bounds what is sent: the file holds what the
  // audit row says, even if rows are added while it is being read.
  let after: Row | null = null;
  for (let offset = 0; offset < rows; offset += limit) {
    const wanted = Math.min(limit, rows - offset);
    const page = await list.page({ limit: wanted, offset, after });
    if (page.length > 0) yield page;
    if (page.length < wanted) return;
    after = page[page.length - 1] as Row;
  }
}

/**
 * Counts, refuses a filter past the list's bound (422, before anything is sent), writes the
 * audit row — the export is refused if it cannot be recorded — and answers a stream that reads
 * the list a page at a time (docs/decisions/0029-one-export-path.md).
 */
export async function exportList<Row>(
  db: Db,
  actor: Actor,
  list: ListExport<Row>,
): Promise<ExportAnswer> {
  const matches = await list.count();
  const max = Math.min(list.rowLimit?.max ?? XLSX_MAX_ROWS, XLSX_MAX_ROWS);
  if (matches > max) {
    throw new AppError(
      'RULE_VIOLATION',
      list.rowLimit?.message(matches) ??
        `This filter matches ${matches.toLocaleString('en-NG')} rows; an export holds at most ${max.toLocaleString('en-NG')}. Narrow it and export again.`,
    );
  }
  const filter =
    list.audit.filter && typeof list.audit.filter === 'object' ? list.audit.filter : {};
  await recordAudit(db, actor, {
    action: list.audit.action,
    entityType: list.audit.entityType,
    after: { filter, format: list.format, rows: matches },
  });
  const pages = pagesOf(list, matches);
  return {
    body:
      list.format === 'csv'
        ? csvStream(list.columns, pages)
        : xlsxStream(list.sheet, list.columns, pages),
    contentType: CONTENT_TYPES[list.format],
    fileName: `${list.fileName}-${todayInLagos()}.${list.format}`,
    rows: matches,
  };
}

/**
 * Sends an export as a stream. Fastify never runs the response serializer on a stream; the
 * typed reply of the zod provider does not know that, hence the plain FastifyReply.
 */
export function sendExport(reply: FastifyReply, answer: ExportAnswer) {
  return reply
    .headers({
      'content-type': answer.contentType,
      'content-disposition': `attachment; filename="${answer.fileName}"`,
    })
    .send(answer.body);
}
