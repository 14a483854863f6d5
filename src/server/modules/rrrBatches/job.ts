import { RRR_STATUS_BATCH } from '../../../shared/payments';
import { normaliseRrr } from '../../../shared/payments/rrr';
import { AppError } from '../../errors';
import type { RemitaCredentials, RemitaRrrStatus } from '../../integrations/remita/types';
import type { JobEnd, JobKinds, JobRun } from '../../jobs/kinds';
import type { JobRow } from '../../jobs/queries';
import { actorOfUploader } from '../../jobs/uploader';
import { remitaFaultOf } from '../mdas/remitaFault';
import { createMdaService } from '../mdas/service';
import type { PaymentDeps } from '../payments/deps';
import { type ConfirmedRemitaPayment, createLedger } from '../payments/ledger/ledger';
import {
  type CheckRow,
  type RowResult,
  selectUncheckedRows,
  setRowMessage,
  writeRowResult,
} from './queries';

/**
 * The `rrr-status-batch` job ("Check RRR (Multiple)"): asks Remita the status of each
 * row still unchecked, a few at a time, and writes each result once. A paid RRR the ledger
 * does not hold yet is recorded (arrival `batch`).
 *
 * Who acts: the officer who uploaded the file, rebuilt from the officers table. The ledger's
 * `created_by` and the audit rows of payments found this way then name the person who asked
 * for the check, and the MDAs the job may use are that officer's (an ADMIN: all of them), as
 * if they had checked each RRR in the dialog themselves.
 */

/** Rows read per round; each round's rows are checked `concurrency` at a time. */
const ROUND_ROWS = 100;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

function fromStatus(status: RemitaRrrStatus): RowResult {
  return {
    // An unrecognised code is no verdict on the payment: an error row with Remita's message.
    outcome:
      status.outcome === 'configuration-error' || status.outcome === 'unrecognised'
        ? 'error'
        : status.isPaid
          ? 'paid'
          : status.outcome,
    statusCode: status.statusCode,
    message: status.message,
    payerName: status.payerName,
    amountKobo: status.amountKobo,
    transactionDate: status.transactionDate,
  };
}

function fromError(error: AppError): RowResult {
  const isNotFound = error.code === 'RRR_NOT_FOUND';
  return {
    outcome: isNotFound ? 'not-found' : 'error',
    statusCode: isNotFound ? '022' : null,
    message: error.message,
    payerName: null,
    amountKobo: null,
    transactionDate: null,
  };
}

/**
 * Runs `work` over `items`, `limit` at a time; the first failure stops the others taking more
 * and is thrown (the worker logs it and fails the job). Lanes already in flight may fail too,
 * for another reason: each of those is logged here, never dropped (docs/architecture.md §11: no catch that
 * swallows).
 */
async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  run: Pick<JobRun, 'shouldStop' | 'log'>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (next < items.length && !failure && !run.shouldStop()) {
      const item = items[next] as T;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        if (failure) run.log.error({ err: error }, 'another row of the batch failed as well');
        else failure = { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
}

export function createRrrStatusBatch(deps: PaymentDeps, options: { concurrency: number }) {
  const ledger = createLedger({
    receiptPrefix: deps.config.receiptPrefix,
    settlements: deps.settlements,
  });
  const mdas = createMdaService({ db: deps.db, secrets: deps.secrets });

  return async function runRrrStatusBatch(job: JobRow, run: JobRun): Promise<JobEnd> {
    const actor = await actorOfUploader(deps, job.createdBy);
    // One look-up per MDA per job: a file of 10,000 RRRs for one MDA opens its key once.
    const credentials = new Map<string, Promise<Outcome<RemitaCredentials>>>();
    const credentialsOf = (mdaId: string) => {
      let found = credentials.get(mdaId);
      if (!found) {
        found = mdas.getRemitaCredentials(actor, mdaId).then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => {
            if (error instanceof AppError) return { ok: false as const, error };
            throw error;
          },
        );
        credentials.set(mdaId, found);
      }
      return found;
    };

    async function check(row: CheckRow): Promise<RowResult> {
      // The upload marks a row without an MDA invalid; one here means the data was changed by hand.
      if (!row.mdaId) throw new Error(`row ${row.lineNumber} of job ${job.id} has no MDA`);
      const mdaCredentials = await credentialsOf(row.mdaId);
      if (!mdaCredentials.ok) return fromError(mdaCredentials.error);
      try {
        return fromStatus(
          await deps.integrations.remita.getRrrStatus(mdaCredentials.value, normaliseRrr(row.rrr)),
        );
      } catch (error) {
        // 013, 020, 023, 024: kept on the MDA for an administrator (ADR 0021).
        const fault = remitaFaultOf(error);
        if (fault) return fromError(await mdas.recordRemitaFault(actor, row.mdaId, fault));
        if (error instanceof AppError) return fromError(error);
        throw error;
      }
    }

    /** Writes the result; a paid RRR goes into the ledger in the same transaction. */
    async function settle(row: CheckRow, result: RowResult): Promise<void> {
      const key = { jobId: job.id, lineNumber: row.lineNumber, workerId: run.workerId };
      // An error while the app closes may be the closing itself (its own simulator refusing):
      // leave the row to the next worker rather than report a failure that is not Remita's.
      if (result.outcome === 'error' && run.shouldStop()) return;
      if (result.outcome !== 'paid') {
        await writeRowResult(deps.db, key, result);
        return;
      }
      if (result.amountKobo === null || !row.mdaId) {
        await writeRowResult(deps.db, key, {
          ...result,
          outcome: 'error',
          message: `Remita says RRR ${row.rrr} is paid but gives no amount, so it was not recorded. Check it again later.`,
        });
        return;
      }
      const confirmed: ConfirmedRemitaPayment = {
        rrr: normaliseRrr(row.rrr),
        mdaId: row.mdaId,
        amountKobo: result.amountKobo,
        paidAt: result.transactionDate ? new Date(result.transactionDate) : new Date(),
        arrival: 'batch',
        payerName: result.payerName,
      };
      try {
        await deps.db.transaction(async (tx) => {
          if (!(await writeRowResult(tx, key, result))) return;
          const { payment, isNew } = await ledger.recordConfirmedPayment(tx, actor, confirmed);
          const where = isNew ? 'Recorded in the ledger' : 'Already in the ledger';
          const state = payment.status === 'paid' ? '' : ` (${payment.status})`;
          await setRowMessage(
            tx,
            job.id,
            row.lineNumber,
            `${result.message.replace(/\.$/, '')}. ${where} as receipt ${payment.receiptNumber}${state}.`,
          );
        });
      } catch (error) {
        // The ledger refused (the amount differs from the bill raised here): nothing was
        // recorded, and the row says why.
        if (!(error instanceof AppError)) throw error;
        await writeRowResult(deps.db, key, { ...result, outcome: 'error', message: error.message });
      }
    }

    let afterLine = 0;
    for (;;) {
      if (run.shouldStop()) return 'stopped';
      const rows = await selectUncheckedRows(deps.db, job.id, afterLine, ROUND_ROWS);
      if (rows.length === 0) return 'finished';
      await forEachConcurrently(
        rows,
        options.concurrency,
        async (row) => settle(row, await check(row)),
        run,
      );
      afterLine = rows[rows.length - 1]?.lineNumber ?? afterLine;
    }
  };
}

/** What the officer reads when the check stopped on a server error. */
const RRR_BATCH_FAILED_MESSAGE =
  'The check stopped because of an error on the server. The rows checked so far are in the results; upload the file again to check the rest, or tell the administrator if it happens again.';

/** Registers the batch check with the app's worker (src/server/jobs/kinds.ts). */
export function registerRrrBatchJob(
  jobKinds: JobKinds,
  deps: PaymentDeps,
  /** Remita calls at once per job: a few, so one big file does not flood Remita. */
  options: { concurrency: number } = { concurrency: 4 },
): void {
  jobKinds.register(RRR_STATUS_BATCH, {
    run: createRrrStatusBatch(deps, options),
    rowTable: 'rrr_check_rows',
    failedMessage: RRR_BATCH_FAILED_MESSAGE,
  });
}
