import { BUDGET_COLUMNS, BUDGET_IMPORT_KIND } from '../../../shared/budgets/file';
import { evenMonths, MONTHS, monthsProblem } from '../../../shared/budgets/phasing';
import type {
  BudgetCatalogue,
  BudgetImportView,
  BudgetLineView,
  BudgetQuery,
  BudgetView,
  NewBudgetVersionBody,
} from '../../../shared/budgets/views';
import type { Actor } from '../../auth/actor';
import { mdaScopeOf } from '../../auth/mdaScope';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { amount, type Column, text } from '../../export/columns';
import { type ExportFormat, exportList } from '../../export/exportList';
import type { FileAndMda } from '../../files/batchUpload';
import { createJobReader } from '../../jobs/readSide';
import { refuseUnstorableField } from '../../security/unstorableText';
import { queueUploadJob } from '../../uploads/receive';
import { recordAudit } from '../audit/service';
import { type CheckedLine, checkBudgetLines, problemsMessage } from './check';
import { readBudgetFile } from './file';
import {
  type BudgetLineRow,
  type BudgetVersionRow,
  findImportJob,
  insertImport,
  insertVersion,
  lockYear,
  selectCatalogue,
  selectLatestVersionNumber,
  selectLines,
  selectVersions,
} from './queries';

/**
 * The state's revenue budget (docs/budgets.md): a year's versions, each whole and never
 * edited; a revision (typed on the page or imported from a file) is a new version, numbered
 * after the newest, with who made it, when and why, audited in its transaction.
 */

export const NOTE_MAX = 500;

const summaryOf = (v: BudgetVersionRow) => ({
  version: v.version,
  note: v.note,
  source: v.source,
  createdAt: v.createdAt.toISOString(),
  createdBy: v.createdBy,
});

const lineView = (l: BudgetLineRow): BudgetLineView => ({
  mdaId: l.mdaId,
  mdaCode: l.mdaCode,
  mdaName: l.mdaName,
  economicCode: l.economicCode,
  revenueHeadName: l.revenueHeadName,
  annualKobo: l.annualKobo,
  months: l.monthsKobo,
});

const VERSION_COLUMNS: readonly Column<BudgetLineRow>[] = [
  text(BUDGET_COLUMNS.mdaCode, (l) => l.mdaCode, 12),
  text('MDA', (l) => l.mdaName, 36),
  text(BUDGET_COLUMNS.economicCode, (l) => l.economicCode, 14),
  text('revenue head', (l) => l.revenueHeadName ?? '', 32),
  // "annual amount (NGN)", "Jan (NGN)": the import reads these headers back (shared/budgets/file.ts).
  amount('annual amount', (l) => l.annualKobo, 18),
  ...MONTHS.map((m, i) => amount<BudgetLineRow>(m, (l) => l.monthsKobo[i] ?? 0, 14)),
];

/** Naira with two decimals and no separators: a template cell the import reads back. */
const nairaCell = (kobo: number | undefined) =>
  kobo === undefined ? '' : `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;

type TemplateRow = {
  mdaCode: string;
  mdaName: string;
  code: string;
  headName: string;
  annualKobo?: number;
  months?: number[];
};

const TEMPLATE_COLUMNS: readonly Column<TemplateRow>[] = [
  text(BUDGET_COLUMNS.mdaCode, (r) => r.mdaCode, 12),
  text('MDA', (r) => r.mdaName, 36),
  text(BUDGET_COLUMNS.economicCode, (r) => r.code, 14),
  text('revenue head', (r) => r.headName, 32),
  text(BUDGET_COLUMNS.annual, (r) => nairaCell(r.annualKobo), 18),
  ...MONTHS.map((m, i) => text<TemplateRow>(m, (r) => nairaCell(r.months?.[i]), 14)),
];

export function createBudgetService({ db }: { db: Db }) {
  const imports = createJobReader(db, {
    kind: BUDGET_IMPORT_KIND,
    find: findImportJob,
    notFound: 'No such budget import.',
  });

  /** The year's versions and the one asked for (the newest by default); 404 when none. */
  async function versionOf(year: number, wanted: number | undefined) {
    const versions = await selectVersions(db, year);
    const latest = versions[0];
    if (!latest) {
      throw new AppError('NOT_FOUND', `No budget for ${year} yet: import one or enter it.`, {
        details: { year },
      });
    }
    const shown = wanted === undefined ? latest : versions.find((v) => v.version === wanted);
    if (!shown) {
      throw new AppError(
        'NOT_FOUND',
        `The ${year} budget has no version ${wanted}: its versions are 1 to ${latest.version}.`,
      );
    }
    return { versions, latest, shown };
  }

  /** A new version holding these lines, numbered after the newest, audited; in one transaction. */
  async function storeVersion(
    tx: Db,
    actor: Actor,
    input: {
      year: number;
      note: string;
      source: 'entry' | 'import';
      jobId: string | null;
      basedOnVersion?: number | null;
      lines: readonly Omit<CheckedLine, 'line'>[];
      /** When it was made: now, but for the demo seed's back-dated versions. */
      createdAt?: Date;
    },
  ): Promise<number> {
    await lockYear(tx, input.year);
    const latest = await selectLatestVersionNumber(tx, input.year);
    if (input.basedOnVersion !== undefined && (input.basedOnVersion ?? null) !== latest) {
      throw new AppError(
        'CONFLICT',
        latest === null
          ? `The ${input.year} budget has no version yet: reload the page.`
          : `Version ${latest} of the ${input.year} budget was saved while you were editing. Reload it and make your changes again.`,
        { details: { latestVersion: latest } },
      );
    }
    const version = (latest ?? 0) + 1;
    const lines = input.lines.map((l) => ({
      mdaId: l.mdaId,
      economicCode: l.economicCode,
      annualKobo: l.annualKobo,
      monthsKobo: l.monthsKobo,
    }));
    const versionId = await insertVersion(
      tx,
      {
        year: input.year,
        version,
        note: input.note,
        source: input.source,
        jobId: input.jobId,
        createdBy: actor.officerId,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      },
      lines,
    );
    await recordAudit(tx, actor, {
      action: 'budget.version_created',
      entityType: 'budget_version',
      entityId: versionId,
      after: {
        year: input.year,
        version,
        note: input.note,
        source: input.source,
        jobId: input.jobId,
        lines: lines.length,
        annualKobo: lines.reduce((s, l) => s + l.annualKobo, 0),
      },
    });
    return version;
  }

  async function getBudget(actor: Actor, year: number, query: BudgetQuery): Promise<BudgetView> {
    const { versions, latest, shown } = await versionOf(year, query.version);
    const lines = (await selectLines(db, shown.id, mdaScopeOf(actor))).map(lineView);
    const months = Array.from({ length: 12 }, (_, i) =>
      lines.reduce((s, l) => s + (l.months[i] ?? 0), 0),
    );
    return {
      year,
      ...summaryOf(shown),
      latestVersion: latest.version,
      versions: versions.map(summaryOf),
      lines,
      totals: { annualKobo: lines.reduce((s, l) => s + l.annualKobo, 0), months },
    };
  }

  async function catalogue(activeOnly: boolean) {
    return selectCatalogue(db, { activeOnly });
  }

  return {
    storeVersion,

    getBudget,

    async exportBudget(actor: Actor, year: number, query: BudgetQuery & { format: ExportFormat }) {
      const { shown } = await versionOf(year, query.version);
      const rows = await selectLines(db, shown.id, mdaScopeOf(actor));
      return exportList(db, actor, {
        format: query.format,
        fileName: `budget-${year}-v${shown.version}`,
        sheet: `Budget ${year} v${shown.version}`,
        columns: VERSION_COLUMNS,
        count: async () => rows.length,
        page: async ({ offset, limit }) => rows.slice(offset, offset + limit),
        audit: {
          action: 'budget.exported',
          entityType: 'budget_version',
          filter: { year, version: shown.version },
        },
      });
    },

    async getCatalogue(): Promise<BudgetCatalogue> {
      return { mdas: await catalogue(true) };
    },

    /** Every active MDA and revenue head, with the newest version's amounts where it has them. */
    async exportTemplate(actor: Actor, year: number, format: ExportFormat) {
      const versions = await selectVersions(db, year);
      const latest = versions[0];
      const amounts = new Map(
        latest
          ? (await selectLines(db, latest.id, { all: true })).map((l) => [
              `${l.mdaId}/${l.economicCode}`,
              l,
            ])
          : [],
      );
      const rows: TemplateRow[] = (await catalogue(true)).flatMap((m) =>
        m.heads.map((h) => {
          const line = amounts.get(`${m.id}/${h.code}`);
          return {
            mdaCode: m.code,
            mdaName: m.name,
            code: h.code,
            headName: h.name,
            ...(line ? { annualKobo: line.annualKobo, months: line.monthsKobo } : {}),
          };
        }),
      );
      return exportList(db, actor, {
        format,
        fileName: `budget-${year}-template`,
        sheet: `Budget ${year}`,
        columns: TEMPLATE_COLUMNS,
        count: async () => rows.length,
        page: async ({ offset, limit }) => rows.slice(offset, offset + limit),
        audit: {
          action: 'budget.template_downloaded',
          entityType: 'budget_version',
          filter: { year, fromVersion: latest?.version ?? null },
        },
      });
    },

    /** A version typed on the page: every line checked, 422 naming each row and field. */
    async createVersion(actor: Actor, year: number, body: NewBudgetVersionBody) {
      const problems = body.lines.flatMap((l, i) => {
        const problem = l.months ? monthsProblem(l.annualKobo, l.months) : null;
        return problem ? [{ line: i + 1, field: 'months', problem }] : [];
      });
      const checked = checkBudgetLines(
        body.lines.map((l, i) => ({
          line: i + 1,
          mda: { id: l.mdaId },
          economicCode: l.economicCode,
          annualKobo: l.annualKobo,
          monthsKobo: l.months ?? evenMonths(l.annualKobo),
        })),
        await catalogue(false),
        { mda: 'mdaId', economicCode: 'economicCode' },
      );
      problems.push(...checked.problems);
      if (problems.length > 0) {
        problems.sort((a, b) => a.line - b.line);
        throw new AppError('RULE_VIOLATION', problemsMessage('The budget', problems, 'row'), {
          details: { rows: problems.slice(0, 200), count: problems.length },
        });
      }
      const version = await db.transaction((tx) =>
        storeVersion(tx, actor, {
          year,
          note: body.note,
          source: 'entry',
          jobId: null,
          basedOnVersion: body.basedOnVersion ?? null,
          lines: checked.lines,
        }),
      );
      return getBudget(actor, year, { version });
    },

    /** A budget file: every row checked now, the version stored by the job (job.ts). */
    async importBudget(actor: Actor, year: number, upload: FileAndMda) {
      const note = upload.fields?.note?.trim() || `Imported from ${upload.fileName}`;
      refuseUnstorableField('note', note);
      if (note.length > NOTE_MAX) {
        throw new AppError('VALIDATION_FAILED', `The note is at most ${NOTE_MAX} characters.`, {
          details: { issues: [{ path: ['note'], message: 'At most 500 characters' }] },
        });
      }
      const lines = await readBudgetFile(upload.bytes, upload.fileName, await catalogue(false));
      return queueUploadJob(db, actor, {
        kind: BUDGET_IMPORT_KIND,
        upload,
        total: lines.length,
        settledAtUpload: 0,
        at: new Date(),
        insertRows: (tx, jobId) =>
          insertImport(
            tx,
            jobId,
            { year, note },
            lines.map((l) => ({
              lineNumber: l.line,
              mdaId: l.mdaId,
              economicCode: l.economicCode,
              annualKobo: l.annualKobo,
              monthsKobo: l.monthsKobo,
            })),
          ),
        audit: {
          action: 'budget.import_uploaded',
          after: { year, note, annualKobo: lines.reduce((s, l) => s + l.annualKobo, 0) },
        },
      });
    },

    async getImport(actor: Actor, year: number, jobId: string): Promise<BudgetImportView> {
      const job = await imports.visible(actor, jobId);
      if (job.year !== year) throw new AppError('NOT_FOUND', 'No such budget import.');
      return {
        jobId: job.id,
        year: job.year,
        status: job.status,
        fileName: job.fileName,
        total: job.total,
        done: job.processed,
        version: job.version,
        error: job.error,
      };
    },
  };
}

export type BudgetService = ReturnType<typeof createBudgetService>;
