import { isUuid } from '../../../shared/ids';
import { SSC_CATEGORIES, SSC_CATEGORY_LABELS, type SscCategory } from '../../../shared/ssc/enums';
import {
  describeSscProblems,
  readSscRows,
  SSC_TEMPLATE_ROWS,
  type SscFileColumn,
  type SscRowInput,
  type SscRowProblem,
} from '../../../shared/ssc/file';
import { computeSscLevyKobo, findSscRate, type SscRate } from '../../../shared/ssc/levy';
import {
  SscMonth,
  type SscRateList,
  type SscScheduleDetail,
  type SscScheduleEntryInput,
  type SscScheduleListQuery,
  type SscSchedulePage,
  type SscScheduleView,
} from '../../../shared/ssc/views';
import type { Actor } from '../../auth/actor';
import { isMdaInScope, mdaScopeOf, whereInActorMdas } from '../../auth/mdaScope';
import { sscSchedules } from '../../db/schema';
import { AppError, fieldError } from '../../errors';
import { exportList } from '../../export/exportList';
import { tableToCsv } from '../../export/spreadsheet';
import type { FileAndMda } from '../../files/batchUpload';
import { createDatabaseFileStore } from '../../files/store';
import { recordAudit } from '../audit/service';
import { createMdaService } from '../mdas/service';
import {
  createPaymentHistoryService,
  type PaymentHistoryServiceDeps,
} from '../payments/history/service';
import { SSC_COLUMNS, SSC_EXPORT_LIMIT } from './exporter';
import { readSscScheduleFile } from './file';
import {
  findScheduleOfMonthForUpdate,
  insertSchedule,
  type NewSscRowRow,
  replaceScheduleRows,
  type SscScheduleFilter,
  type SscScheduleListRow,
  selectScheduleById,
  selectSchedulePage,
  selectScheduleRows,
  selectScheduleTotals,
  selectSscRates,
  updateSchedule,
} from './queries';

/**
 * SSC schedules (docs/tax-rules.md "SSC levies"): an MDA's monthly schedule of one category,
 * uploaded or typed by hand, each row's levy found in the rate table; once per MDA, category
 * and month, replaced while unbilled and refused (409) once billed.
 */

export function toScheduleView(row: SscScheduleListRow): SscScheduleView {
  const s = row.schedule;
  return {
    id: s.id,
    mda: { id: s.mdaId, code: row.mdaCode, name: row.mdaName },
    category: s.category,
    month: s.month,
    status: s.status,
    source: s.source,
    fileName: s.fileName,
    staffCount: s.staffCount,
    grossKobo: s.grossKobo,
    levyKobo: s.levyKobo,
    hasDemoRates: s.hasDemoRates,
    rrr: row.rrr,
    replacedTimes: s.replacedTimes,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    billedAt: s.billedAt?.toISOString() ?? null,
    paidAt: s.paidAt?.toISOString() ?? null,
  };
}

export function scheduleNotFound(): AppError {
  return new AppError('NOT_FOUND', 'No SSC schedule has this id.');
}

/** What the upload form and the typed entry both hand over once their fields are read. */
type ScheduleKey = { mdaId: string; category: SscCategory; month: string };

function monthInWords(month: string): string {
  const [year, m] = month.split('-');
  const name = new Date(Date.UTC(Number(year), Number(m) - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${name} ${year}`;
}

function billedConflict(
  mdaName: string,
  key: ScheduleKey,
  existing: { id: string; status: string },
) {
  return new AppError(
    'CONFLICT',
    `${mdaName}'s ${SSC_CATEGORY_LABELS[key.category].toLowerCase()} schedule for ${monthInWords(key.month)} is ${existing.status} and can no longer be replaced. Cancel its bill under Payments first, or send the correction as next month's schedule.`,
    { details: { scheduleId: existing.id, status: existing.status } },
  );
}

/** JSON field names of a typed row, for the 422's issue paths. */
const ENTRY_FIELD: Record<SscFileColumn, string> = {
  staff_id: 'staffId',
  name: 'name',
  grade_level: 'gradeLevel',
  gross_monthly_pay: 'grossKobo',
};

/** What the service needs: the payment history's reads, for a schedule's bill. */
export type SscServiceDeps = PaymentHistoryServiceDeps;

export function createSscService(deps: SscServiceDeps) {
  const { db } = deps;
  const mdaService = createMdaService({ db, secrets: deps.secrets });
  const paymentHistory = createPaymentHistoryService(deps);

  /** The MDA the schedule is of: one the actor may see, and still active. */
  async function chosenMda(actor: Actor, mdaId: string | null | undefined) {
    if (!mdaId) throw fieldError('mdaId', 'Choose the MDA (the employer) whose schedule this is');
    const mda = isUuid(mdaId)
      ? await mdaService.getMda(actor, mdaId).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
          throw error;
        })
      : null;
    if (!mda) throw fieldError('mdaId', 'Choose an MDA from the list');
    if (!mda.isActive) throw fieldError('mdaId', `${mda.name} is inactive: choose an active MDA`);
    return mda;
  }

  /** The upload's `category` and `month` fields, checked as the JSON body's would be. */
  function keyFields(fields: Record<string, string> | undefined) {
    const category = fields?.category ?? '';
    if (!(SSC_CATEGORIES as readonly string[]).includes(category)) {
      throw fieldError(
        'category',
        `Choose the category: ${SSC_CATEGORIES.join(', ')}${category ? ` ("${category}" is none of them)` : ''}`,
      );
    }
    const month = SscMonth.safeParse(fields?.month ?? '');
    if (!month.success) throw fieldError('month', 'Give the month as YYYY-MM, e.g. 2026-03');
    return { category: category as SscCategory, month: month.data };
  }

  /** Refuses early (before the file is read) a schedule that may no longer be replaced. */
  async function refuseIfBilled(mdaName: string, key: ScheduleKey) {
    const existing = await db.transaction((tx) => findScheduleOfMonthForUpdate(tx, key));
    if (existing && existing.status !== 'unbilled') throw billedConflict(mdaName, key, existing);
  }

  function priced(rates: readonly SscRate[], key: ScheduleKey, rows: readonly SscRowInput[]) {
    return rows.map((row): NewSscRowRow => {
      const rate = findSscRate(rates, key.category, row.gradeLevel, key.month);
      if (!rate) throw new Error(`grade level ${row.gradeLevel} was checked to have a rate`);
      return {
        line: row.line,
        staffId: row.staffId,
        name: row.name,
        gradeLevel: row.gradeLevel,
        grossKobo: row.grossKobo,
        rateBps: rate.rateBps,
        isDemoRate: rate.isDemo,
        levyKobo: computeSscLevyKobo(row.grossKobo, rate.rateBps),
      };
    });
  }

  /**
   * Stores the schedule, or replaces the month's unbilled one, with its rows, its kept file and
   * the audit row in one transaction; a billed one is refused under its row lock.
   */
  async function store(
    actor: Actor,
    mda: { id: string; name: string },
    key: ScheduleKey,
    rows: NewSscRowRow[],
    source: { kind: 'upload'; fileName: string; bytes: Buffer } | { kind: 'manual' },
  ): Promise<SscScheduleView> {
    const totals = {
      staffCount: rows.length,
      grossKobo: rows.reduce((s, r) => s + r.grossKobo, 0),
      levyKobo: rows.reduce((s, r) => s + r.levyKobo, 0),
      hasDemoRates: rows.some((r) => r.isDemoRate),
    };
    const id = await db.transaction(async (tx) => {
      const existing = await findScheduleOfMonthForUpdate(tx, key);
      if (existing && existing.status !== 'unbilled') throw billedConflict(mda.name, key, existing);
      const fields = {
        source: source.kind,
        fileName: source.kind === 'upload' ? source.fileName : null,
        fileKey: null,
        ...totals,
      };
      const schedule = existing
        ? await updateSchedule(tx, existing.id, {
            ...fields,
            replacedTimes: existing.replacedTimes + 1,
          })
        : await insertSchedule(tx, { ...key, ...fields, createdBy: actor.officerId });
      await replaceScheduleRows(tx, schedule.id, rows);
      let fileKey: string | null = null;
      if (source.kind === 'upload') {
        // The file the MDA sent, kept with its schedule (ADR 0016); a replaced one stays too.
        const ext = /\.(csv|xlsx)$/i.exec(source.fileName)?.[1]?.toLowerCase() ?? 'bin';
        fileKey = `ssc/${schedule.id}/${schedule.replacedTimes}.${ext}`;
        await createDatabaseFileStore(tx).put(fileKey, source.bytes);
        await updateSchedule(tx, schedule.id, { fileKey });
      }
      await recordAudit(tx, actor, {
        action: existing ? 'ssc_schedule.replaced' : 'ssc_schedule.created',
        entityType: 'ssc_schedule',
        entityId: schedule.id,
        ...(existing
          ? {
              before: {
                staffCount: existing.staffCount,
                grossKobo: existing.grossKobo,
                levyKobo: existing.levyKobo,
                fileName: existing.fileName,
              },
            }
          : {}),
        after: { ...key, ...totals, source: source.kind, fileName: fields.fileName, fileKey },
      });
      return schedule.id;
    });
    return viewOf(actor, id);
  }

  async function viewOf(actor: Actor, id: string): Promise<SscScheduleView> {
    const row = await selectScheduleById(db, id);
    if (!row || !isMdaInScope(mdaScopeOf(actor), row.schedule.mdaId)) throw scheduleNotFound();
    return toScheduleView(row);
  }

  function filterOf(actor: Actor, query: SscScheduleListQuery): SscScheduleFilter {
    return {
      category: query.category,
      month: query.month,
      mdaId: query.mdaId,
      status: query.status,
      scope: whereInActorMdas(actor, sscSchedules.mdaId),
    };
  }

  return {
    /** An uploaded schedule (multipart `file`, `mdaId`, `category`, `month`). */
    async uploadSchedule(actor: Actor, upload: FileAndMda): Promise<SscScheduleView> {
      const mda = await chosenMda(actor, upload.mdaId);
      const key = keyFields(upload.fields);
      const scheduleKey = { mdaId: mda.id, ...key };
      await refuseIfBilled(mda.name, scheduleKey);
      const lines = await readSscScheduleFile(upload.bytes, upload.fileName);
      const rates = await selectSscRates(db);
      const read = readSscRows(
        lines,
        (level) => !!findSscRate(rates, key.category, level, key.month),
      );
      if (!read.ok) {
        throw new AppError('INVALID_FILE', describeSscProblems(read.problems), {
          details: { rows: read.problems },
        });
      }
      return store(actor, mda, scheduleKey, priced(rates, scheduleKey, read.rows), {
        kind: 'upload',
        fileName: upload.fileName,
        bytes: upload.bytes,
      });
    },

    /** A schedule typed by hand: the same rules, the problems named by JSON path. */
    async enterSchedule(actor: Actor, input: SscScheduleEntryInput): Promise<SscScheduleView> {
      const mda = await chosenMda(actor, input.mdaId);
      const key = { mdaId: mda.id, category: input.category, month: input.month };
      await refuseIfBilled(mda.name, key);
      const rates = await selectSscRates(db);
      const read = readSscRows(
        input.rows.map((row, i) => ({
          line: i + 1,
          cells: {
            staff_id: row.staffId,
            name: row.name,
            grade_level: String(row.gradeLevel),
            gross_monthly_pay: `${Math.floor(row.grossKobo / 100)}.${String(row.grossKobo % 100).padStart(2, '0')}`,
          },
        })),
        (level) => !!findSscRate(rates, key.category, level, key.month),
      );
      if (!read.ok) throw entryProblems(read.problems);
      return store(actor, mda, key, priced(rates, key, read.rows), { kind: 'manual' });
    },

    async listSchedules(actor: Actor, query: SscScheduleListQuery): Promise<SscSchedulePage> {
      const filter = filterOf(actor, query);
      const [rows, totals] = await Promise.all([
        selectSchedulePage(
          db,
          filter,
          query.sort,
          query.pageSize,
          (query.page - 1) * query.pageSize,
        ),
        selectScheduleTotals(db, filter),
      ]);
      return {
        items: rows.map(toScheduleView),
        page: query.page,
        pageSize: query.pageSize,
        total: totals.schedules,
        totals,
      };
    },

    async exportSchedules(actor: Actor, query: SscScheduleListQuery & { format: 'csv' | 'xlsx' }) {
      const filter = filterOf(actor, query);
      return exportList(db, actor, {
        format: query.format,
        fileName: query.category ? `ssc-${query.category}` : 'ssc-schedules',
        sheet: query.category ? SSC_CATEGORY_LABELS[query.category].slice(0, 31) : 'SSC schedules',
        columns: SSC_COLUMNS,
        count: async () => (await selectScheduleTotals(db, filter)).schedules,
        page: async ({ limit, offset }) =>
          (await selectSchedulePage(db, filter, query.sort, limit, offset)).map(toScheduleView),
        rowLimit: {
          max: SSC_EXPORT_LIMIT,
          message: (total) =>
            `This filter matches ${total} schedules; an export holds at most ${SSC_EXPORT_LIMIT}. Choose a month or an MDA.`,
        },
        audit: {
          action: 'ssc_schedule.exported',
          entityType: 'ssc_schedule',
          filter: { ...query, format: undefined },
        },
      });
    },

    async getSchedule(actor: Actor, id: string): Promise<SscScheduleDetail> {
      const view = await viewOf(actor, id);
      const row = await selectScheduleById(db, id);
      const rows = await selectScheduleRows(db, id);
      const paymentId = row?.schedule.paymentId;
      return {
        ...view,
        rows: rows.map((r) => ({
          line: r.line,
          staffId: r.staffId,
          name: r.name,
          gradeLevel: r.gradeLevel,
          grossKobo: r.grossKobo,
          rateBps: r.rateBps,
          isDemoRate: r.isDemoRate,
          levyKobo: r.levyKobo,
        })),
        bill: paymentId ? await paymentHistory.getPayment(actor, paymentId) : null,
      };
    },

    async listRates(): Promise<SscRateList> {
      return { items: await selectSscRates(db) };
    },

    template() {
      return {
        fileName: 'ssc-schedule-template.csv',
        contentType: 'text/csv; charset=utf-8',
        body: tableToCsv({
          sheet: 'SSC schedule',
          headers: SSC_TEMPLATE_ROWS[0] ?? [],
          rows: SSC_TEMPLATE_ROWS.slice(1),
        }),
      };
    },
  };
}

/** A typed schedule's problems as the API's 422: each row and field by its JSON path. */
function entryProblems(problems: readonly SscRowProblem[]): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    describeSscProblems(problems).replaceAll('line ', 'row '),
    {
      details: {
        issues: problems.map((p) => ({
          where: 'body',
          path: p.field === 'header' ? 'rows' : `rows.${p.line - 1}.${ENTRY_FIELD[p.field]}`,
          message: p.message.replaceAll('line ', 'row '),
        })),
      },
    },
  );
}

export type SscService = ReturnType<typeof createSscService>;
