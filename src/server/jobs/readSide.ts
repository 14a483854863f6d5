import type { Actor } from '../auth/actor';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { type Table, tableToCsv } from '../export/spreadsheet';
import type { FileAnswer } from '../files/send';
import { recordAudit } from '../modules/audit/service';

/**
 * What every background upload answers once queued (docs/decisions/0030): its progress to the
 * uploader (or an administrator following an officer's upload), and a result file once it has
 * finished. A new kind names how it finds its job, what it calls itself and the result's
 * columns; the rules — who may see a job, 404 for anyone else, 409 while it runs, an audit row
 * per download — are here once.
 */

/** What a job of any kind has that these rules read. */
export type ReadableJob = {
  id: string;
  kind: string;
  status: string;
  createdBy: string | null;
  processed: number;
  total: number;
  fileName: string;
};

export type JobReaderOptions<J extends ReadableJob> = {
  kind: string;
  find(db: Db, jobId: string): Promise<J | null>;
  /** The 404's words, e.g. "No such batch check." — the same for a job of another officer. */
  notFound: string;
};

export type ResultFileOptions<J extends ReadableJob> = {
  /** The 409's words while the job runs, e.g. "Still checking: 3 of 10 done. …". */
  stillRunning(job: J): { message: string; details: Record<string, unknown> };
  /** The audit action, e.g. `rrr_batch.result_downloaded`. */
  auditAction: string;
  table(job: J): Promise<Table>;
  /** The name before `-results.csv` when the uploaded file's own name gives nothing usable. */
  fallbackName: string;
};

export function createJobReader<J extends ReadableJob>(db: Db, options: JobReaderOptions<J>) {
  /** The job, when it is of this kind and the actor uploaded it or is an administrator. */
  async function visible(actor: Actor, jobId: string): Promise<J> {
    const job = await options.find(db, jobId);
    const mayRead = job && (job.createdBy === actor.officerId || actor.userType === 'ADMIN');
    if (!job || job.kind !== options.kind || !mayRead) {
      throw new AppError('NOT_FOUND', options.notFound);
    }
    return job;
  }

  /** Every row's outcome as a CSV named after the uploaded file; 409 while the job runs. */
  async function resultFile(
    actor: Actor,
    jobId: string,
    result: ResultFileOptions<J>,
  ): Promise<FileAnswer> {
    const job = await visible(actor, jobId);
    if (job.status === 'queued' || job.status === 'running') {
      const { message, details } = result.stillRunning(job);
      throw new AppError('CONFLICT', message, { details });
    }
    const table = await result.table(job);
    await recordAudit(db, actor, {
      action: result.auditAction,
      entityType: 'job',
      entityId: job.id,
      after: { rows: table.rows.length },
    });
    return {
      fileName: `${resultBaseName(job.fileName, result.fallbackName)}-results.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: tableToCsv(table),
    };
  }

  return { visible, resultFile };
}

/** The uploaded file's name without its extension, in characters safe in a header. */
export function resultBaseName(uploadedName: string, fallback: string): string {
  return uploadedName.replace(/\.(csv|xlsx)$/i, '').replace(/[^\w.-]+/g, '_') || fallback;
}
