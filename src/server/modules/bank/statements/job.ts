import { dayInFigures } from '../../../../shared/dates';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import type { FidelityClient } from '../../../integrations/fidelity/types';
import type { JobEnd, JobKinds, JobRun } from '../../../jobs/kinds';
import { finishJob, type JobRow, writeJobRowOutcome } from '../../../jobs/queries';
import { actorOfUploader } from '../../../jobs/uploader';
import { recordAudit } from '../../audit/service';
import {
  countLinesStoredBy,
  FETCH_DAYS_TABLE,
  type FetchDay,
  fetchedDaySet,
  insertStatementLines,
  selectLineIds,
  selectUnfetchedDays,
} from './queries';

/**
 * The `bank-statement-fetch` job (docs/bank.md "The bank's protocol", ADR 0030): asks the bank
 * for the statement one day at a time, first day first. A day's answer is stored in
 * transactions of STORE_BATCH lines (unique by account and the bank's reference, so a line is
 * stored once however often its day is fetched), then matched (the matcher commits its own
 * batches), and only then counted as fetched, with its audit row, in one last transaction. A
 * worker that stops or dies mid-day leaves the day without an outcome: the next one fetches it
 * again and stores only what is missing. The bank's answer is read whole before anything of
 * the day is stored, so a failed or unreadable answer stores nothing.
 *
 * When the bank is down, too slow or unreadable the job fails at once with the day and the
 * bank's reason in words (the client already retried within its deadline): hammering a bank
 * that is down for a quarter's worth of days helps nobody. The days before stay stored.
 */

export const BANK_STATEMENT_FETCH = 'bank-statement-fetch';

/** Lines stored per transaction (see the loop below). */
const STORE_BATCH = 500;

/** Matches a stored day's lines in its transaction (matching/service.ts, docs/bank-matching.md). */
export type MatchStatementLines = (
  tx: Db,
  actor: Actor,
  accountId: string,
  lineIds: readonly string[],
) => Promise<void>;

export type StatementFetchDeps = {
  db: Db;
  fidelity: FidelityClient;
  matchStatementLines: MatchStatementLines | null;
};

const FAILED_MESSAGE =
  'The statement fetch stopped because of an error on the server. The days fetched so far are stored; fetch the range again to finish it, or tell the administrator if it happens again.';

function failureWords(day: FetchDay, processedBefore: number, total: number, reason: string) {
  const kept =
    processedBefore === 0
      ? 'Nothing was stored.'
      : `The ${processedBefore} day${processedBefore === 1 ? '' : 's'} before it ${processedBefore === 1 ? 'is' : 'are'} stored; fetching the range again stores only what is missing.`;
  return `Could not fetch ${dayInFigures(day.day)} (day ${day.lineNumber} of ${total}): ${reason} ${kept}`;
}

export function createStatementFetch(deps: StatementFetchDeps) {
  return async function runStatementFetch(job: JobRow, run: JobRun): Promise<JobEnd> {
    const actor = await actorOfUploader(deps, job.createdBy);
    const days = await selectUnfetchedDays(deps.db, job.id);
    let processed = job.total - days.length;
    for (const day of days) {
      if (run.shouldStop()) return 'stopped';
      let lines: Awaited<ReturnType<FidelityClient['getStatement']>>;
      try {
        lines = await deps.fidelity.getStatement(day.accountNumber, {
          startDate: day.day,
          endDate: day.day,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // An error while the app closes may be the closing itself: leave the day to the next worker.
        if (run.shouldStop()) return 'stopped';
        run.log.warn({ err: error, day: day.day }, 'the bank could not give a statement day');
        await finishJob(deps.db, job.id, run.workerId, {
          status: 'failed',
          error: failureWords(day, processed, job.total, error.message),
        });
        return 'stopped';
      }
      // Stored a few hundred lines a transaction: on the embedded database one transaction
      // holds the only connection, and a busy day's 3,000 lines in one would keep every
      // officer's request waiting (bench/README.md, "Bank statement fetch").
      // A worker asked to stop finishes the day in hand (kinds.ts): its answer is here already.
      for (let i = 0; i < lines.length; i += STORE_BATCH) {
        const batch = lines.slice(i, i + STORE_BATCH);
        await deps.db.transaction((tx) => insertStatementLines(tx, day.accountId, job.id, batch));
      }
      const references = lines.map((l) => l.bankReference);
      if (deps.matchStatementLines) {
        // Every line of the day, debits too: a reversing debit takes out the credit it names.
        // Lines held from an earlier fetch go too: a payment recorded since may match them.
        // Given the database, the matcher commits each of its batches by itself.
        const ids = await selectLineIds(deps.db, day.accountId, references);
        if (ids.length > 0) await deps.matchStatementLines(deps.db, actor, day.accountId, ids);
      }
      await deps.db
        .transaction(async (tx) => {
          // This fetch's lines of the day, whichever worker stored them.
          const stored = await countLinesStoredBy(tx, job.id, day.accountId, references);
          const isWritten = await writeJobRowOutcome(
            tx,
            FETCH_DAYS_TABLE,
            { jobId: job.id, lineNumber: day.lineNumber, workerId: run.workerId },
            fetchedDaySet({ lines: lines.length, stored }),
          );
          // Another worker holds the job now (our lease ran out): it counts the day.
          if (!isWritten) throw new LeaseLost();
          await recordAudit(tx, actor, {
            action: 'bank_statement.day_fetched',
            entityType: 'bank_account',
            entityId: day.accountId,
            after: {
              jobId: job.id,
              accountNumber: day.accountNumber,
              day: day.day,
              lines: lines.length,
              stored,
            },
          });
        })
        .catch((error: unknown) => {
          if (error instanceof LeaseLost) return;
          throw error;
        });
      processed += 1;
    }
    return 'finished';
  };
}

/** Rolls back a day whose outcome another worker's lease forbids us to write. */
class LeaseLost extends Error {}

/** Registers the statement fetch with the app's worker (src/server/jobs/kinds.ts). */
export function registerStatementFetchJob(jobKinds: JobKinds, deps: StatementFetchDeps): void {
  jobKinds.register(BANK_STATEMENT_FETCH, {
    run: createStatementFetch(deps),
    rowTable: FETCH_DAYS_TABLE,
    failedMessage: FAILED_MESSAGE,
  });
}
