import type { z } from 'zod';
import { isUuid } from '../../../shared/ids';
import {
  BATCH_ROW_OUTCOMES,
  type BatchRowOutcome,
  type JobAccepted,
  type JobView,
  RRR_STATUS_BATCH,
} from '../../../shared/payments';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { fieldError } from '../../errors';
import type { FileAndMda } from '../../files/batchUpload';
import type { FileAnswer } from '../../files/send';
import { createJobReader } from '../../jobs/readSide';
import type { SecretBox } from '../../secrets';
import { queueUploadJob } from '../../uploads/receive';
import { createMdaService } from '../mdas/service';
import { readRrrCsv } from './csv';
import {
  findJobWithCounts,
  insertCheckRows,
  type JobWithCounts,
  type NewCheckRow,
  selectAllCheckRows,
} from './queries';

export type JobServiceDeps = { db: Db; secrets: SecretBox };

/** 150050 → "1500.50": naira a spreadsheet reads as a number (no ₦, no thousands commas). */
function nairaCell(kobo: number | null): string {
  if (kobo === null) return '';
  return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
}

function toJobView(job: JobWithCounts): JobView {
  const counts = Object.fromEntries(
    BATCH_ROW_OUTCOMES.map((outcome) => [outcome, job.counts[outcome] ?? 0]),
  ) as Record<BatchRowOutcome, number>;
  return {
    id: job.id,
    kind: 'rrr-status-batch',
    status: job.status,
    fileName: job.fileName,
    total: job.total,
    processed: job.processed,
    counts,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

export function createRrrBatchService({ db, secrets }: JobServiceDeps) {
  const mdaService = createMdaService({ db, secrets });

  /** The job, if the actor may see it: the officer who uploaded it, or any administrator. */
  const reader = createJobReader(db, {
    kind: RRR_STATUS_BATCH,
    find: findJobWithCounts,
    notFound: 'No such batch check.',
  });

  /** MDA codes (upper case) and ids the actor may check RRRs for. */
  async function mdasOf(actor: Actor) {
    const { items } = await mdaService.listMdas(actor, {
      includeInactive: actor.permissions.includes('mda:read'),
    });
    return {
      byCode: new Map(items.map((m) => [m.code.toUpperCase(), m])),
      byId: new Map(items.map((m) => [m.id, m])),
    };
  }

  return {
    /**
     * Queues a batch check of an uploaded CSV: the job and every row in one transaction, rows
     * that cannot be checked already marked 'invalid' with their reason. The worker does the rest.
     */
    async uploadRrrBatch(actor: Actor, upload: FileAndMda): Promise<z.infer<typeof JobAccepted>> {
      const lines = await readRrrCsv(upload.bytes, upload.fileName);
      const known = await mdasOf(actor);
      let chosenMda = null;
      if (upload.mdaId !== null) {
        chosenMda = isUuid(upload.mdaId) ? known.byId.get(upload.mdaId) : undefined;
        if (!chosenMda) throw fieldError('mdaId', 'Choose an MDA from the list');
      }

      const checkedAt = new Date();
      const rows: Omit<NewCheckRow, 'jobId'>[] = lines.map((line) => {
        const mda = line.mdaCode ? known.byCode.get(line.mdaCode.toUpperCase()) : chosenMda;
        let problem = line.problem;
        if (!problem && line.mdaCode && !mda) {
          problem = `No MDA has the code "${line.mdaCode}".`;
        } else if (!problem && !mda) {
          problem = 'No MDA: choose one in the dialog, or give an mdaCode on this line.';
        }
        return {
          lineNumber: line.lineNumber,
          rrr: line.rrr,
          mdaCode: line.mdaCode ?? mda?.code ?? null,
          mdaId: mda?.id ?? null,
          ...(problem ? { outcome: 'invalid' as const, message: problem, checkedAt } : {}),
        };
      });
      const invalid = rows.filter((r) => r.outcome === 'invalid').length;
      // Nothing to ask Remita when every line was refused: the result is ready now.
      return queueUploadJob(db, actor, {
        kind: RRR_STATUS_BATCH,
        upload,
        total: rows.length,
        settledAtUpload: invalid,
        at: checkedAt,
        insertRows: (tx, jobId) =>
          insertCheckRows(
            tx,
            rows.map((r) => ({ ...r, jobId })),
          ),
        audit: { action: 'rrr_batch.uploaded', after: { invalid, mdaId: chosenMda?.id ?? null } },
      });
    },

    async getJob(actor: Actor, jobId: string): Promise<JobView> {
      return toJobView(await reader.visible(actor, jobId));
    },

    /** Every row with its result, as a CSV the officer downloads once the check has finished. */
    exportResult(actor: Actor, jobId: string): Promise<FileAnswer> {
      return reader.resultFile(actor, jobId, {
        stillRunning: (job) => ({
          message: `Still checking: ${job.processed} of ${job.total} done. The results can be downloaded when the check has finished.`,
          details: { processed: job.processed, total: job.total },
        }),
        auditAction: 'rrr_batch.result_downloaded',
        fallbackName: 'rrr-check',
        table: async (job) => ({
          headers: [
            'line',
            'rrr',
            'mdaCode',
            'outcome',
            'statusCode',
            'message',
            'payerName',
            'amount',
            'transactionDate',
          ],
          rows: (await selectAllCheckRows(db, job.id)).map((r) => [
            String(r.lineNumber),
            r.rrr,
            r.mdaCode ?? '',
            r.outcome ?? '',
            r.statusCode ?? '',
            r.message ?? '',
            r.payerName ?? '',
            nairaCell(r.amountKobo),
            r.transactionDate ?? '',
          ]),
        }),
      });
    },
  };
}

export type RrrBatchService = ReturnType<typeof createRrrBatchService>;
