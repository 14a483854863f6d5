import { formatKoboAsNaira } from '../../../../shared/money';
import { POS_SETTLEMENT_KIND } from '../../../../shared/pos/settlement';
import type { JobEnd, JobKinds, JobRun } from '../../../jobs/kinds';
import type { JobRow } from '../../../jobs/queries';
import type { PaymentDeps } from '../../payments/deps';
import {
  insertNotInFileRows,
  type RevdeskMatch,
  type SettlementRow,
  selectRevdeskMatches,
  selectUnprocessedSettlementRows,
  writeSettlementRowOutcome,
} from './queries';

/**
 * The `pos-settlement` job (docs/pos-settlement.md): compares each line of the provider's
 * settlement file with RevDesk's transaction of the same terminal, STAN and Lagos day —
 * matched, amount differs, or not in RevDesk — then adds RevDesk's approved transactions of
 * the file's days that the file does not hold. It records nothing: a "not in RevDesk" row is
 * recorded only when an officer confirms it (service.ts).
 *
 * Resumable (src/server/jobs/worker.ts): a row's outcome is written once (writeJobRowOutcome);
 * a worker that dies leaves the rows without one to the next, and the "not in the file" rows
 * are added by one statement that adds nothing the second time.
 */

export const POS_SETTLEMENT_FAILED_MESSAGE =
  'The settlement check stopped because of an error on the server. Upload the file again; if it happens again, tell the administrator.';

/** Rows compared per round: one look-up statement and one transaction of outcomes each. */
const ROUND_ROWS = 500;

/** The outcome of one file row against what RevDesk holds. */
export function compareSettlementRow(row: SettlementRow, match: RevdeskMatch | undefined) {
  if (!match) {
    return {
      outcome: 'not-in-revdesk' as const,
      message: 'Not in RevDesk: confirm it to record it.',
      transactionId: null,
      revdeskAmountKobo: null,
    };
  }
  const where = match.state === 'recorded' ? '' : ` RevDesk holds it as ${match.state}.`;
  if (match.amountKobo !== row.amountKobo) {
    return {
      outcome: 'amount-differs' as const,
      message: `RevDesk has ${formatKoboAsNaira(match.amountKobo)}, the file ${formatKoboAsNaira(row.amountKobo)}.${where}`,
      transactionId: match.transactionId,
      revdeskAmountKobo: match.amountKobo,
    };
  }
  return {
    outcome: 'matched' as const,
    message: where.trim() || null,
    transactionId: match.transactionId,
    revdeskAmountKobo: match.amountKobo,
  };
}

export function createPosSettlementJob(deps: Pick<PaymentDeps, 'db'>) {
  return async function runPosSettlement(job: JobRow, run: JobRun): Promise<JobEnd> {
    let afterLine = 0;
    for (;;) {
      if (run.shouldStop()) return 'stopped';
      const rows = await selectUnprocessedSettlementRows(deps.db, job.id, afterLine, ROUND_ROWS);
      if (rows.length === 0) break;
      const matches = await selectRevdeskMatches(
        deps.db,
        job.id,
        rows.map((r) => r.lineNumber),
      );
      const byLine = new Map(matches.map((m) => [m.lineNumber, m]));
      // One transaction a round: 500 outcomes are one commit, not 500.
      await deps.db.transaction(async (tx) => {
        for (const row of rows) {
          await writeSettlementRowOutcome(
            tx,
            { jobId: job.id, lineNumber: row.lineNumber, workerId: run.workerId },
            compareSettlementRow(row, byLine.get(row.lineNumber)),
          );
        }
      });
      afterLine = rows[rows.length - 1]?.lineNumber ?? afterLine;
    }
    if (run.shouldStop()) return 'stopped';
    await insertNotInFileRows(deps.db, job.id);
    return 'finished';
  };
}

/** Registers the settlement check with the app's worker (src/server/jobs/kinds.ts). */
export function registerPosSettlementJob(jobKinds: JobKinds, deps: Pick<PaymentDeps, 'db'>): void {
  jobKinds.register(POS_SETTLEMENT_KIND, {
    run: createPosSettlementJob(deps),
    rowTable: 'pos_settlement_rows',
    failedMessage: POS_SETTLEMENT_FAILED_MESSAGE,
  });
}
