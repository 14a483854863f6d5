import { eq } from 'drizzle-orm';
import { POS_PULL_KIND } from '../../../../shared/pos/pull';
import { posPulls } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { JobEnd, JobKinds, JobRun } from '../../../jobs/kinds';
import type { JobRow } from '../../../jobs/queries';
import { actorOfUploader } from '../../../jobs/uploader';
import { createLedger } from '../../payments/ledger/ledger';
import type { PosDeps } from '../deps';
import { recordPosTransaction } from '../recording';
import { savePullError, savePullPage } from './service';

/**
 * The `pos-pull` job (docs/pos.md "The pull"; ADR 0030): asks the provider for the day's
 * transactions page by page and records each through the one rule (recording.ts, arrival
 * `pull`), each in its own database transaction. After each page it saves the page to ask next:
 * a worker that takes over after a crash goes on from there, and a page asked twice records
 * nothing twice (every transaction is recorded once, by its name).
 */

export function createPosPull(deps: PosDeps) {
  const ledger = createLedger({
    receiptPrefix: deps.config.receiptPrefix,
    settlements: deps.settlements,
  });

  return async function runPosPull(job: JobRow, run: JobRun): Promise<JobEnd> {
    const [pull] = await deps.db.select().from(posPulls).where(eq(posPulls.jobId, job.id));
    if (!pull) throw new Error(`job ${job.id} has no pos_pulls row`);
    const actor = await actorOfUploader(deps, job.createdBy);
    for (let page = pull.nextPage; ; page += 1) {
      if (run.shouldStop()) return 'stopped';
      let answer: Awaited<ReturnType<typeof deps.integrations.benjis.listTransactions>>;
      try {
        answer = await deps.integrations.benjis.listTransactions(pull.day, page);
      } catch (err) {
        // The job fails with the provider's reason kept beside it; pages already recorded stay.
        if (err instanceof AppError) await savePullError(deps.db, job.id, err.message);
        throw err;
      }
      const outcomes: Record<string, number> = {};
      for (const item of answer.transactions) {
        const result = await deps.db.transaction((tx) =>
          recordPosTransaction(
            tx,
            { ledger },
            actor,
            {
              provider: 'benjis',
              terminalId: item.terminalId,
              stan: item.stan,
              rrn: item.rrn,
              amountKobo: item.amountKobo,
              transactedAt: new Date(item.transactedAt),
              revenueHeadCode: item.revenueHeadCode ?? null,
              payerName: item.payerName || null,
              payerPhone: item.payerPhone || null,
              status: item.status,
            },
            'pull',
          ),
        );
        outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
      }
      await savePullPage(deps.db, job.id, {
        nextPage: page + 1,
        outcomes,
        processed: answer.transactions.length,
        total: answer.total,
      });
      if (answer.transactions.length === 0 || page * answer.pageSize >= answer.total) {
        return 'finished';
      }
    }
  };
}

const POS_PULL_FAILED_MESSAGE =
  'The pull stopped: the POS provider could not be reached or answered with an error. The transactions recorded so far stay; pull the day again later.';

export function registerPosPullJob(jobKinds: JobKinds, deps: PosDeps): void {
  jobKinds.register(POS_PULL_KIND, {
    run: createPosPull(deps),
    failedMessage: POS_PULL_FAILED_MESSAGE,
  });
}
