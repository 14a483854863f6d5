import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { MdaScope } from '../../auth/mdaScope';
import { whereInMdaScope } from '../../auth/mdaScope';
import type { Db } from '../../db/client';
import {
  budgetImportRows,
  budgetImports,
  budgetLines,
  budgetVersions,
  jobs,
  mdaRevenueHeads,
  mdas,
  officers,
} from '../../db/schema';

/** The budget's tables (docs/budgets.md). Rules live in service.ts. */

export type BudgetVersionRow = {
  id: string;
  year: number;
  version: number;
  note: string;
  source: 'entry' | 'import';
  jobId: string | null;
  createdAt: Date;
  createdBy: string | null;
};

const versionColumns = {
  id: budgetVersions.id,
  year: budgetVersions.year,
  version: budgetVersions.version,
  note: budgetVersions.note,
  source: budgetVersions.source,
  jobId: budgetVersions.jobId,
  createdAt: budgetVersions.createdAt,
  createdBy: sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${officers.firstName}, ${officers.surname})), '')`,
};

/** Every version of the year, newest first. */
export function selectVersions(db: Db, year: number): Promise<BudgetVersionRow[]> {
  return db
    .select(versionColumns)
    .from(budgetVersions)
    .leftJoin(officers, eq(officers.id, budgetVersions.createdBy))
    .where(eq(budgetVersions.year, year))
    .orderBy(desc(budgetVersions.version));
}

export type BudgetLineRow = {
  mdaId: string;
  mdaCode: string;
  mdaName: string;
  economicCode: string;
  revenueHeadName: string | null;
  annualKobo: number;
  monthsKobo: number[];
};

/** A version's lines the scope may see, by MDA name then economic code. */
export function selectLines(db: Db, versionId: string, scope: MdaScope): Promise<BudgetLineRow[]> {
  return db
    .select({
      mdaId: budgetLines.mdaId,
      mdaCode: mdas.code,
      mdaName: mdas.name,
      economicCode: budgetLines.economicCode,
      revenueHeadName: mdaRevenueHeads.name,
      annualKobo: budgetLines.annualKobo,
      monthsKobo: budgetLines.monthsKobo,
    })
    .from(budgetLines)
    .innerJoin(mdas, eq(mdas.id, budgetLines.mdaId))
    .leftJoin(
      mdaRevenueHeads,
      and(
        eq(mdaRevenueHeads.mdaId, budgetLines.mdaId),
        eq(mdaRevenueHeads.code, budgetLines.economicCode),
      ),
    )
    .where(and(eq(budgetLines.versionId, versionId), whereInMdaScope(scope, budgetLines.mdaId)))
    .orderBy(asc(mdas.name), asc(budgetLines.economicCode));
}

/** Every MDA with its revenue heads (active ones unless `all`), for checks and the template. */
export async function selectCatalogue(db: Db, options: { activeOnly: boolean }) {
  const rows = await db
    .select({
      mdaId: mdas.id,
      mdaCode: mdas.code,
      mdaName: mdas.name,
      headCode: mdaRevenueHeads.code,
      headName: mdaRevenueHeads.name,
    })
    .from(mdas)
    .leftJoin(
      mdaRevenueHeads,
      and(
        eq(mdaRevenueHeads.mdaId, mdas.id),
        options.activeOnly ? eq(mdaRevenueHeads.isActive, true) : undefined,
      ),
    )
    .where(options.activeOnly ? eq(mdas.isActive, true) : undefined)
    .orderBy(asc(mdas.name), asc(mdaRevenueHeads.code));
  const byMda = new Map<
    string,
    { id: string; code: string; name: string; heads: { code: string; name: string }[] }
  >();
  for (const r of rows) {
    const mda = byMda.get(r.mdaId) ?? { id: r.mdaId, code: r.mdaCode, name: r.mdaName, heads: [] };
    if (r.headCode !== null && r.headName !== null) {
      mda.heads.push({ code: r.headCode, name: r.headName });
    }
    byMda.set(r.mdaId, mda);
  }
  return [...byMda.values()];
}

/** Locks the year's versions so two savers number theirs one after the other. */
export async function lockYear(tx: Db, year: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('budget_versions'), ${year}::int)`);
}

export async function selectLatestVersionNumber(tx: Db, year: number): Promise<number | null> {
  const [row] = await tx
    .select({ latest: max(budgetVersions.version) })
    .from(budgetVersions)
    .where(eq(budgetVersions.year, year));
  return row?.latest ?? null;
}

export type NewBudgetLine = {
  mdaId: string;
  economicCode: string;
  annualKobo: number;
  monthsKobo: number[];
};

export async function insertVersion(
  tx: Db,
  version: {
    year: number;
    version: number;
    note: string;
    source: 'entry' | 'import';
    jobId: string | null;
    createdBy: string | null;
    createdAt?: Date;
  },
  lines: readonly NewBudgetLine[],
): Promise<string> {
  const [row] = await tx
    .insert(budgetVersions)
    .values(version)
    .returning({ id: budgetVersions.id });
  if (!row) throw new Error('insert into budget_versions returned nothing');
  // 1,000 lines a statement: 5,000 lines × 5 parameters stay well under PostgreSQL's 65,535.
  for (let i = 0; i < lines.length; i += 1_000) {
    await tx
      .insert(budgetLines)
      .values(lines.slice(i, i + 1_000).map((l) => ({ ...l, versionId: row.id })));
  }
  return row.id;
}

export async function insertImport(
  tx: Db,
  jobId: string,
  input: { year: number; note: string },
  rows: readonly (NewBudgetLine & { lineNumber: number })[],
): Promise<void> {
  await tx.insert(budgetImports).values({ jobId, ...input });
  for (let i = 0; i < rows.length; i += 1_000) {
    await tx
      .insert(budgetImportRows)
      .values(rows.slice(i, i + 1_000).map((r) => ({ ...r, jobId })));
  }
}

export type BudgetImportJob = {
  id: string;
  kind: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  fileName: string;
  total: number;
  processed: number;
  error: string | null;
  createdBy: string | null;
  year: number;
  note: string;
  version: number | null;
};

export async function findImportJob(db: Db, jobId: string): Promise<BudgetImportJob | null> {
  const [row] = await db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      status: jobs.status,
      fileName: jobs.fileName,
      total: jobs.total,
      processed: jobs.processed,
      error: jobs.error,
      createdBy: jobs.createdBy,
      year: budgetImports.year,
      note: budgetImports.note,
      version: budgetVersions.version,
    })
    .from(jobs)
    .innerJoin(budgetImports, eq(budgetImports.jobId, jobs.id))
    .leftJoin(budgetVersions, eq(budgetVersions.jobId, jobs.id))
    .where(eq(jobs.id, jobId));
  return row ?? null;
}

export function selectImportRows(tx: Db, jobId: string) {
  return tx
    .select({
      mdaId: budgetImportRows.mdaId,
      economicCode: budgetImportRows.economicCode,
      annualKobo: budgetImportRows.annualKobo,
      monthsKobo: budgetImportRows.monthsKobo,
    })
    .from(budgetImportRows)
    .where(eq(budgetImportRows.jobId, jobId))
    .orderBy(asc(budgetImportRows.lineNumber));
}

/** Counts the job's rows as done, only while this worker holds it. */
export async function markImportDone(tx: Db, jobId: string, workerId: string): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({ processed: sql`${jobs.total}` })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function selectMdaIdsByCode(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: mdas.id, code: mdas.code })
    .from(mdas)
    .where(inArray(mdas.code, [...codes]));
  return new Map(rows.map((r) => [r.code, r.id]));
}
