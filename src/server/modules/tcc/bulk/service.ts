import { isUuid } from '../../../../shared/ids';
import {
  TCC_MDA_BATCH,
  type TccBatchAccepted,
  type TccBatchRowsPage,
  type TccBatchRowsQuery,
  type TccBatchView,
  tccBatchTemplateRows,
} from '../../../../shared/tcc/bulk';
import { yearsCovered } from '../../../../shared/tcc/input';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError, fieldError } from '../../../errors';
import { tableToCsv } from '../../../export/spreadsheet';
import type { FileAndMda } from '../../../files/batchUpload';
import type { FileAnswer } from '../../../files/send';
import { createJobReader } from '../../../jobs/readSide';
import type { SecretBox } from '../../../secrets';
import { queueUploadJob } from '../../../uploads/receive';
import { createMdaService } from '../../mdas/service';
import { assertMayGenerate } from '../common';
import { readTccBatchFile } from './file';
import {
  findBatchWithCounts,
  insertBatchRows,
  type NewTccBatchRow,
  selectAllBatchRows,
  selectBatchRowsPage,
  type TccBatchRowWithNumber,
  type TccBatchWithCounts,
} from './queries';

/**
 * An MDA's employees' certificates from its payroll file (docs/product.md §2 taxs/generate-mda-tcc):
 * the upload queues a job (the RRR batch's machinery, docs/architecture.md §9 long work), the job
 * generates each row through the generate service (job.ts), the panel
 * polls the progress and reads each row's outcome.
 */

export type TccBulkDeps = { db: Db; secrets: SecretBox };

function toBatchView(job: TccBatchWithCounts): TccBatchView {
  return {
    id: job.id,
    status: job.status,
    fileName: job.fileName,
    mda: job.mdaId ? { id: job.mdaId, name: job.mdaName ?? '' } : null,
    total: job.total,
    done: job.processed,
    generated: job.generated,
    failed: job.failed,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

function toRowView(row: TccBatchRowWithNumber) {
  return {
    lineNumber: row.lineNumber,
    btin: row.data.btin,
    staffNumber: row.data.staffNumber,
    outcome: row.outcome,
    tccId: row.tccId,
    number: row.number,
    message: row.message,
  };
}

/** Today in Lagos (UTC+1, no daylight saving), YYYY-MM-DD. */
function lagosToday(now: Date): string {
  return new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);
}

export function createTccBulkService({ db, secrets }: TccBulkDeps) {
  const mdaService = createMdaService({ db, secrets });

  /** The batch, if the actor may see it: the officer who uploaded it, or an administrator. */
  const reader = createJobReader(db, {
    kind: TCC_MDA_BATCH,
    find: findBatchWithCounts,
    notFound: 'No such bulk upload of MDA employees.',
  });

  /** The MDA chosen in the panel: one the actor may see, and still active. */
  async function chosenMda(actor: Actor, mdaId: string | null) {
    if (!mdaId) throw fieldError('mdaId', 'Choose the MDA whose employees these are');
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

  return {
    /**
     * Queues a bulk generation: the job and every row in one transaction, with the batch's
     * audit row; rows that cannot be generated are already `failed` with their reason. The
     * header and the file itself are checked first: a wrong one is refused whole (422).
     */
    async uploadBatch(actor: Actor, upload: FileAndMda): Promise<TccBatchAccepted> {
      assertMayGenerate(actor, 'mda-employee');
      const mda = await chosenMda(actor, upload.mdaId);
      const lines = await readTccBatchFile(upload.bytes, upload.fileName, mda.id);
      const processedAt = new Date();
      const rows: Omit<NewTccBatchRow, 'jobId'>[] = lines.map((line) => ({
        lineNumber: line.lineNumber,
        data: {
          mdaId: mda.id,
          btin: line.btin,
          staffNumber: line.input?.staffNumber ?? null,
          input: line.input,
        },
        ...(line.problem ? { outcome: 'failed', message: line.problem, processedAt } : {}),
      }));
      const failed = rows.filter((r) => r.outcome === 'failed').length;
      // Nothing to generate when every line was refused: the outcome is known now.
      return queueUploadJob(db, actor, {
        kind: TCC_MDA_BATCH,
        upload,
        total: rows.length,
        settledAtUpload: failed,
        at: processedAt,
        insertRows: (tx, jobId) =>
          insertBatchRows(
            tx,
            rows.map((r) => ({ ...r, jobId })),
          ),
        audit: { action: 'tcc_batch.uploaded', after: { mdaId: mda.id, failedAtUpload: failed } },
      });
    },

    async getBatch(actor: Actor, jobId: string): Promise<TccBatchView> {
      return toBatchView(await reader.visible(actor, jobId));
    },

    async listBatchRows(
      actor: Actor,
      jobId: string,
      query: TccBatchRowsQuery,
    ): Promise<TccBatchRowsPage> {
      const job = await reader.visible(actor, jobId);
      const { rows, total } = await selectBatchRowsPage(db, job.id, query);
      return { items: rows.map(toRowView), page: query.page, pageSize: query.pageSize, total };
    },

    /** Every row with its outcome, as a CSV; 409 while the job still runs. */
    exportResult(actor: Actor, jobId: string): Promise<FileAnswer> {
      return reader.resultFile(actor, jobId, {
        stillRunning: (job) => ({
          message: `Still generating: ${job.processed} of ${job.total} rows done. The results can be downloaded when the upload has been processed.`,
          details: { done: job.processed, total: job.total },
        }),
        auditAction: 'tcc_batch.result_downloaded',
        fallbackName: 'mda-employees',
        table: async (job) => ({
          headers: ['line', 'btin', 'staff_number', 'outcome', 'certificate_number', 'message'],
          rows: (await selectAllBatchRows(db, job.id)).map((r) => [
            String(r.lineNumber),
            r.data.btin,
            r.data.staffNumber ?? '',
            r.outcome ?? 'not processed',
            r.number ?? '',
            r.message ?? '',
          ]),
        }),
      });
    },

    /** The template: the header and an example row for the three years a certificate covers now. */
    template(now = new Date()) {
      const [firstYear] = yearsCovered(lagosToday(now));
      return {
        fileName: 'mda-employees-tcc-template.csv',
        contentType: 'text/csv; charset=utf-8',
        body: tableToCsv({
          sheet: 'MDA employees',
          headers: tccBatchTemplateRows(firstYear as number)[0] ?? [],
          rows: tccBatchTemplateRows(firstYear as number).slice(1),
        }),
      };
    },
  };
}

export type TccBulkService = ReturnType<typeof createTccBulkService>;
