import {
  POS_CONFIRM_ALL_MAX,
  POS_SETTLEMENT_KIND,
  type PosSettlementConfirmAll,
  type PosSettlementRowsPage,
  type PosSettlementRowsQuery,
  type PosSettlementRowView,
  type PosSettlementView,
} from '../../../../shared/pos/settlement';
import type { Actor } from '../../../auth/actor';
import { AppError } from '../../../errors';
import type { FileAndMda } from '../../../files/batchUpload';
import type { FileAnswer } from '../../../files/send';
import { createJobReader } from '../../../jobs/readSide';
import { queueUploadJob } from '../../../uploads/receive';
import { recordAudit } from '../../audit/service';
import type { PaymentDeps } from '../../payments/deps';
import { createLedger } from '../../payments/ledger/ledger';
import { recordPosTransaction } from '../recording';
import { readSettlementFile } from './file';
import {
  findSettlementJob,
  findSettlementRowForUpdate,
  insertSettlementRows,
  markSettlementRowConfirmed,
  type SettlementJob,
  type SettlementRow,
  selectAllSettlementRows,
  selectSettlementRowsPage,
  selectUnconfirmedLines,
} from './queries';

/**
 * The provider's settlement file (docs/product.md §2 transactions/benjis-multiple;
 * docs/pos-settlement.md): the upload queues the comparison (job.ts) through the one upload
 * path (ADR 0030); the page follows its progress, reads each row's outcome and downloads the
 * result; an officer confirms the rows RevDesk lacks, each then recorded by the one rule of
 * POS recording (recording.ts) as arriving by `file`.
 */

function toView(job: SettlementJob): PosSettlementView {
  return {
    id: job.id,
    status: job.status,
    fileName: job.fileName,
    total: job.total,
    done: job.processed,
    counts: {
      matched: job.matched,
      amountDiffers: job.amountDiffers,
      notInRevdesk: job.notInRevdesk,
      notInFile: job.notInFile,
      confirmed: job.confirmed,
    },
    firstDay: job.firstDay,
    lastDay: job.lastDay,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

function toRowView(row: SettlementRow): PosSettlementRowView {
  return {
    lineNumber: row.lineNumber,
    inFile: row.inFile,
    terminalId: row.terminalId,
    stan: row.stan,
    rrn: row.rrn,
    amountKobo: row.amountKobo,
    revdeskAmountKobo: row.revdeskAmountKobo,
    transactedAt: row.transactedAt.toISOString(),
    outcome: row.outcome as PosSettlementRowView['outcome'],
    message: row.message,
    transactionId: row.transactionId,
    confirmedOutcome: row.confirmedOutcome,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

const kobo = (n: number | null) => (n === null ? '' : (n / 100).toFixed(2));

export function createPosSettlementService(deps: PaymentDeps) {
  const { db } = deps;
  const ledger = createLedger({
    receiptPrefix: deps.config.receiptPrefix,
    settlements: deps.settlements,
  });
  const reader = createJobReader(db, {
    kind: POS_SETTLEMENT_KIND,
    find: findSettlementJob,
    notFound: 'No such settlement file.',
  });

  /** Records one "not in RevDesk" row, once, in its own transaction, audited. */
  async function confirmLine(actor: Actor, jobId: string, lineNumber: number) {
    return db.transaction(async (tx) => {
      const row = await findSettlementRowForUpdate(tx, jobId, lineNumber);
      if (!row) throw new AppError('NOT_FOUND', `The settlement file has no line ${lineNumber}.`);
      if (row.outcome !== 'not-in-revdesk') {
        throw new AppError(
          'CONFLICT',
          `Line ${lineNumber} is ${row.outcome ?? 'not compared yet'}: only a line RevDesk does not hold can be confirmed.`,
        );
      }
      if (row.confirmedAt) {
        throw new AppError(
          'CONFLICT',
          `Line ${lineNumber} was confirmed already (${row.confirmedOutcome}).`,
        );
      }
      const result = await recordPosTransaction(
        tx,
        { ledger },
        actor,
        {
          provider: 'benjis',
          terminalId: row.terminalId,
          stan: row.stan,
          rrn: row.rrn,
          amountKobo: row.amountKobo,
          transactedAt: row.transactedAt,
          revenueHeadCode: row.revenueHeadCode,
          payerName: row.payerName,
          payerPhone: row.payerPhone,
          status: 'approved',
        },
        'file',
      );
      const confirmed = await markSettlementRowConfirmed(
        tx,
        { jobId, lineNumber },
        { by: actor.officerId, outcome: result.outcome, transactionId: result.transactionId },
      );
      await recordAudit(tx, actor, {
        action: 'pos_settlement.row_confirmed',
        entityType: 'job',
        entityId: jobId,
        after: {
          lineNumber,
          terminalId: row.terminalId,
          stan: row.stan,
          amountKobo: row.amountKobo,
          outcome: result.outcome,
          transactionId: result.transactionId,
          paymentId: result.paymentId ?? null,
        },
      });
      return confirmed;
    });
  }

  /** The job, finished: rows can be confirmed only once every row has its outcome. */
  async function finishedJob(actor: Actor, jobId: string) {
    const job = await reader.visible(actor, jobId);
    if (job.status !== 'succeeded') {
      throw new AppError(
        'CONFLICT',
        job.status === 'failed'
          ? 'The check of this file failed: upload it again.'
          : `Still comparing: ${job.processed} of ${job.total} lines done. Confirm when it has finished.`,
      );
    }
    return job;
  }

  return {
    async uploadSettlement(actor: Actor, upload: FileAndMda): Promise<{ jobId: string }> {
      const lines = await readSettlementFile(upload.bytes, upload.fileName);
      const days = lines.map((l) => l.day).sort();
      return queueUploadJob(db, actor, {
        kind: POS_SETTLEMENT_KIND,
        upload,
        total: lines.length,
        settledAtUpload: 0,
        at: new Date(),
        insertRows: (tx, jobId) =>
          insertSettlementRows(
            tx,
            lines.map((l) => ({
              jobId,
              lineNumber: l.lineNumber,
              terminalId: l.terminalId,
              stan: l.stan,
              rrn: l.rrn,
              amountKobo: l.amountKobo,
              transactedAt: l.transactedAt,
              day: l.day,
              revenueHeadCode: l.revenueHeadCode,
              payerName: l.payerName,
              payerPhone: l.payerPhone,
            })),
          ),
        audit: {
          action: 'pos_settlement.uploaded',
          after: {
            firstDay: days[0],
            lastDay: days[days.length - 1],
            amountKobo: lines.reduce((s, l) => s + l.amountKobo, 0),
          },
        },
      });
    },

    async getSettlement(actor: Actor, jobId: string): Promise<PosSettlementView> {
      return toView(await reader.visible(actor, jobId));
    },

    async listRows(
      actor: Actor,
      jobId: string,
      query: PosSettlementRowsQuery,
    ): Promise<PosSettlementRowsPage> {
      const job = await reader.visible(actor, jobId);
      const { rows, total } = await selectSettlementRowsPage(db, job.id, query);
      return { items: rows.map(toRowView), page: query.page, pageSize: query.pageSize, total };
    },

    async confirmRow(actor: Actor, jobId: string, lineNumber: number) {
      await finishedJob(actor, jobId);
      return toRowView(await confirmLine(actor, jobId, lineNumber));
    },

    /**
     * Confirms every unconfirmed "not in RevDesk" row, up to POS_CONFIRM_ALL_MAX in one call
     * (each in its own transaction, so one refused by the recording stops nothing else).
     */
    async confirmAll(actor: Actor, jobId: string): Promise<PosSettlementConfirmAll> {
      await finishedJob(actor, jobId);
      const lines = await selectUnconfirmedLines(db, jobId, POS_CONFIRM_ALL_MAX + 1);
      const outcomes: Record<string, number> = {};
      let confirmed = 0;
      for (const { lineNumber } of lines.slice(0, POS_CONFIRM_ALL_MAX)) {
        try {
          const row = await confirmLine(actor, jobId, lineNumber);
          confirmed += 1;
          const outcome = row.confirmedOutcome ?? 'unknown';
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        } catch (error) {
          // Another officer confirmed it meanwhile: theirs stands.
          if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        }
      }
      const left = await selectUnconfirmedLines(db, jobId, POS_CONFIRM_ALL_MAX + 1);
      return { confirmed, outcomes, remaining: left.length };
    },

    /** Every row with its outcome, as a CSV; 409 while the job still runs. */
    exportResult(actor: Actor, jobId: string): Promise<FileAnswer> {
      return reader.resultFile(actor, jobId, {
        stillRunning: (job) => ({
          message: `Still comparing: ${job.processed} of ${job.total} lines done. The result can be downloaded when the file has been checked.`,
          details: { done: job.processed, total: job.total },
        }),
        auditAction: 'pos_settlement.result_downloaded',
        fallbackName: 'settlement',
        table: async (job) => ({
          headers: [
            'line',
            'in_file',
            'terminal_id',
            'stan',
            'rrn',
            'transaction_time',
            'amount',
            'revdesk_amount',
            'outcome',
            'message',
            'confirmed',
          ],
          rows: (await selectAllSettlementRows(db, job.id)).map((r) => [
            r.inFile ? String(r.lineNumber) : '',
            r.inFile ? 'yes' : 'no',
            r.terminalId,
            r.stan,
            r.rrn,
            r.transactedAt.toISOString(),
            kobo(r.amountKobo),
            kobo(r.revdeskAmountKobo),
            r.outcome ?? 'not compared',
            r.message ?? '',
            r.confirmedOutcome ?? '',
          ]),
        }),
      });
    },
  };
}
