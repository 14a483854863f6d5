import { BUDGET_IMPORT_KIND } from '../../../shared/budgets/file';
import type { Db } from '../../db/client';
import type { JobEnd, JobKinds, JobRun } from '../../jobs/kinds';
import type { JobRow } from '../../jobs/queries';
import { actorOfUploader } from '../../jobs/uploader';
import { findImportJob, markImportDone, selectImportRows } from './queries';
import type { BudgetService } from './service';

/**
 * The `budget-import` job (docs/budgets.md "Import"): stores the accepted file's rows as the
 * year's next version, as the officer who uploaded it, in one transaction with its audit row
 * and the job's progress. Every row was checked at upload, so the job only numbers and stores.
 *
 * Resumable: a job whose version is stored already (its worker died after the commit) has
 * nothing left; one whose worker lost the lease stores nothing and leaves it to the next.
 */

export const BUDGET_IMPORT_FAILED_MESSAGE =
  'The budget import stopped because of an error on the server; no version was stored. Upload the file again; if it happens again, tell the administrator.';

export function createBudgetImportJob(deps: { db: Db; budgets: BudgetService }) {
  return async function runBudgetImport(job: JobRow, run: JobRun): Promise<JobEnd> {
    const found = await findImportJob(deps.db, job.id);
    if (!found) throw new Error(`budget import ${job.id} has no budget_imports row`);
    if (found.version !== null) return 'finished';
    if (run.shouldStop()) return 'stopped';
    const actor = await actorOfUploader(deps, job.createdBy);
    const stored = await deps.db.transaction(async (tx) => {
      if (!(await markImportDone(tx, job.id, run.workerId))) return false;
      const rows = await selectImportRows(tx, job.id);
      await deps.budgets.storeVersion(tx, actor, {
        year: found.year,
        note: found.note,
        source: 'import',
        jobId: job.id,
        lines: rows,
      });
      return true;
    });
    return stored ? 'finished' : 'stopped';
  };
}

/** Registers the budget import with the app's worker (src/server/jobs/kinds.ts). */
export function registerBudgetImportJob(
  jobKinds: JobKinds,
  deps: { db: Db; budgets: BudgetService },
) {
  jobKinds.register(BUDGET_IMPORT_KIND, {
    run: createBudgetImportJob(deps),
    failedMessage: BUDGET_IMPORT_FAILED_MESSAGE,
  });
}
