import { TCC_MDA_BATCH } from '../../../../shared/tcc/bulk';
import { AppError } from '../../../errors';
import type { JobEnd, JobKinds, JobRun } from '../../../jobs/kinds';
import type { JobRow } from '../../../jobs/queries';
import { actorOfUploader } from '../../../jobs/uploader';
import type { PaymentDeps } from '../../payments/deps';
import { createTccGenerateService } from '../generate/service';
import {
  findTccOfBatchRow,
  selectUnprocessedBatchRows,
  type TccBatchRow,
  writeBatchRowOutcome,
} from './queries';

/**
 * The `tcc-mda-batch` job (docs/product.md §2 taxs/generate-mda-tcc in bulk): generates one
 * MDA-employee certificate per row still without an outcome, in file order, each through the
 * generate service — the same rules, numbering, history and audit as the form — and writes
 * each row's outcome once. A row the service refuses (an unknown BTIN, an open certificate, a
 * flagged year without its justification) fails alone with the service's words.
 *
 * Who acts: the officer who uploaded the file, rebuilt from the officers table (as the RRR
 * batch does), so each certificate's history and audit row name them.
 *
 * Resumable (src/server/jobs/worker.ts): a worker that stops or dies leaves its rows without an
 * outcome to the next. One that died between generating a certificate and writing its row's
 * outcome left a certificate carrying this job's id: the next worker finds it and records it
 * instead of generating a second.
 */

/** What the panel shows when the job stopped on a server error (worker.ts ends it as failed). */
export const TCC_BATCH_FAILED_MESSAGE =
  'The upload stopped because of an error on the server. The rows processed so far are in the outcomes; upload a file of the remaining employees only (the ones generated would fail as already open), or tell the administrator if it happens again.';

/** Rows read per round. */
const ROUND_ROWS = 100;

export function createTccMdaBatch(deps: PaymentDeps) {
  const generateService = createTccGenerateService(deps);

  return async function runTccMdaBatch(job: JobRow, run: JobRun): Promise<JobEnd> {
    const actor = await actorOfUploader(deps, job.createdBy);

    async function processRow(row: TccBatchRow): Promise<void> {
      const key = { jobId: job.id, lineNumber: row.lineNumber, workerId: run.workerId };
      const { input, mdaId } = row.data;
      // The upload marks a row it cannot read failed; one without input here was changed by hand.
      if (!input) throw new Error(`row ${row.lineNumber} of job ${job.id} has no input`);
      const earlier = await findTccOfBatchRow(deps.db, job.id, input);
      if (earlier) {
        await writeBatchRowOutcome(deps.db, key, {
          outcome: 'generated',
          message: null,
          tccId: earlier.id,
        });
        return;
      }
      try {
        const created = await generateService.generate(
          actor,
          { ...input, mdaId },
          { jobId: job.id },
        );
        await writeBatchRowOutcome(deps.db, key, {
          outcome: 'generated',
          message: null,
          tccId: created.id,
        });
      } catch (error) {
        // A rule of the service refused the row: it fails alone, in the service's words.
        // Anything else (the database away) stops the job; the worker says so.
        if (!(error instanceof AppError)) throw error;
        await writeBatchRowOutcome(deps.db, key, {
          outcome: 'failed',
          message: error.message,
          tccId: null,
        });
      }
    }

    let afterLine = 0;
    for (;;) {
      if (run.shouldStop()) return 'stopped';
      const rows = await selectUnprocessedBatchRows(deps.db, job.id, afterLine, ROUND_ROWS);
      if (rows.length === 0) return 'finished';
      // One at a time, in file order: certificate numbers follow the payroll's order.
      for (const row of rows) {
        if (run.shouldStop()) return 'stopped';
        await processRow(row);
        afterLine = row.lineNumber;
      }
    }
  };
}

/** Registers the bulk generation with the app's worker (src/server/jobs/kinds.ts). */
export function registerTccMdaBatchJob(jobKinds: JobKinds, deps: PaymentDeps): void {
  jobKinds.register(TCC_MDA_BATCH, {
    run: createTccMdaBatch(deps),
    rowTable: 'tcc_batch_rows',
    failedMessage: TCC_BATCH_FAILED_MESSAGE,
  });
}
