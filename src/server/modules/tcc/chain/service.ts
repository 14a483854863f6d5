import { todayInLagos } from '../../../../shared/dates';
import {
  isPrintable,
  isRevocable,
  stageAwaited,
  statusAfterApproval,
  statusAfterRejection,
} from '../../../../shared/tcc/chain';
import {
  TCC_STAGE_LABELS,
  TCC_STAGE_PERMISSION,
  TCC_STAGES,
  TCC_STATUS_LABELS,
  type TccStage,
} from '../../../../shared/tcc/enums';
import type {
  TccApproveInput,
  TccBulkApproveInput,
  TccReasonInput,
} from '../../../../shared/tcc/input';
import type { TccPayload } from '../../../../shared/tcc/payload';
import type { TccBulkResult, TccView, TccYear } from '../../../../shared/tcc/views';
import type { Actor } from '../../../auth/actor';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { recordSigningKey, signerFromConfig } from '../certificate/signing';
import { auditedTcc, canReadKind, notFound, separationOfDutiesBreach } from '../common';
import {
  findTcc,
  findTccForUpdate,
  insertTccHistory,
  type NewTccRow,
  selectActingOn,
  type TccRow,
  transitionTcc,
} from '../queries';
import type { TccHolderRecord } from '../view';
import { tccViewOf } from '../view';
import { selectValidityMonths } from './queries';

export type TccChainDeps = {
  db: Db;
  config: Pick<Config, 'tccSigningKey' | 'tccSigningKeyFile'>;
  /** The clock of the decisions (default the real one). */
  now?: () => Date;
};

/**
 * The last day a certificate issued on `issuedOn` (YYYY-MM-DD, Lagos) is valid. The service's
 * policy is the setting `tcc.validityMonths` (docs/tax-rules.md, Tax Clearance Certificate:
 * "Make it a setting"): 0 means until 31 December of the year of issue, the common practice the
 * rules name; n means n months from issue, i.e. the day before the same date n months on (a date
 * that month lacks, 31 August + 6 months, falls back to the month's last day).
 */
export function expiryOf(issuedOn: string, validityMonths: number): string {
  const [y, m, d] = issuedOn.split('-').map(Number) as [number, number, number];
  if (validityMonths === 0) return `${y}-12-31`;
  const monthIndex = m - 1 + validityMonths;
  const year = y + Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const sameDate = new Date(Date.UTC(year, month, Math.min(d, lastDay)));
  sameDate.setUTCDate(sameDate.getUTCDate() - 1);
  return sameDate.toISOString().slice(0, 10);
}

/** The facts the QR code signs (ADR 0013): what the paper says, so a verifier can compare. */
export function payloadFacts(
  row: TccRow,
  issuedOn: string,
  expiresOn: string,
): Omit<TccPayload, 'k' | 'v'> {
  const years = row.years as TccYear[];
  return {
    n: row.number,
    b: row.btin,
    m: (row.holder as TccHolderRecord).name,
    i: issuedOn,
    e: expiresOn,
    y: years.map((year): [number, number] => [year.year, year.paidKobo]),
    ...(row.kind === 'exemption' ? { x: true as const } : {}),
  };
}

function conflict(message: string): AppError {
  return new AppError('CONFLICT', message);
}

/** What a certificate in `status` is doing, for a 409 that says why nothing happened. */
function whereItIs(row: TccRow): string {
  return `Certificate ${row.number} is now “${TCC_STATUS_LABELS[row.status]}”`;
}

/**
 * The approval chain of docs/product.md §4 and docs/architecture.md §5: each stage's decision (approve, reject),
 * the chairman's approval issuing the certificate with its signed QR payload, revocation and
 * printing. Every change locks the row (SELECT … FOR UPDATE) and moves it by compare-and-set on
 * its status, with its history row and audit row in the same transaction.
 */
export function createTccChainService({ db, config, now = () => new Date() }: TccChainDeps) {
  /** Locks a certificate the actor reads; 404 otherwise (a kind they do not read is not there). */
  async function lockVisible(tx: Db, actor: Actor, id: string): Promise<TccRow> {
    const row = await findTccForUpdate(tx, id);
    if (!row || !canReadKind(actor, row.kind)) throw notFound();
    return row;
  }

  /**
   * The stage the actor decides `row` at, or why not: 403 when their account decides at no
   * stage or separation of duties stops them, 409 when the certificate waits on another stage
   * (someone decided first, or it is not in the chain).
   */
  async function stageToDecide(tx: Db, actor: Actor, row: TccRow): Promise<TccStage> {
    const mine = TCC_STAGES.filter((s) => actor.permissions.includes(TCC_STAGE_PERMISSION[s]));
    if (mine.length === 0) {
      throw new AppError('FORBIDDEN', 'Your account does not approve or reject certificates.');
    }
    const stage = stageAwaited(row.status);
    if (!stage || !mine.includes(stage)) {
      throw conflict(
        stage
          ? `${whereItIs(row)}: it waits on the ${TCC_STAGE_LABELS[stage]}, not on you. Someone may have decided it first; reload the list.`
          : `${whereItIs(row)}: it is not waiting for a decision. Reload it to see what changed.`,
      );
    }
    const acting = (await selectActingOn(tx, [row.id])).get(row.id) ?? [];
    const breach = separationOfDutiesBreach(actor, stage, acting);
    if (breach) throw new AppError('FORBIDDEN', breach);
    return stage;
  }

  /** The compare-and-set, its history row and audit row; 409 if the status moved meanwhile. */
  async function move(
    tx: Db,
    actor: Actor,
    row: TccRow,
    changes: Partial<NewTccRow> & { status: TccRow['status'] },
    history: {
      action: 'approved' | 'rejected' | 'revoked' | 'printed';
      stage: TccStage | null;
      comment: string | null;
    },
    at: Date,
  ): Promise<TccRow> {
    const updated = await transitionTcc(tx, row.id, row.status, changes, at);
    if (!updated) throw conflict(`${whereItIs(row)}: someone changed it first. Reload it.`);
    await insertTccHistory(tx, {
      tccId: row.id,
      action: history.action,
      fromStatus: row.status,
      toStatus: updated.status,
      stage: history.stage,
      actorId: actor.officerId,
      comment: history.comment,
      at,
    });
    await recordAudit(tx, actor, {
      action: `tcc.${history.action}`,
      entityType: 'tcc',
      entityId: row.id,
      before: auditedTcc(row),
      after: { ...auditedTcc(updated), stage: history.stage, comment: history.comment },
    });
    return updated;
  }

  async function approveOne(actor: Actor, id: string, input: TccApproveInput): Promise<TccRow> {
    return db.transaction(async (tx) => {
      const row = await lockVisible(tx, actor, id);
      const stage = await stageToDecide(tx, actor, row);
      const at = now();
      const status = statusAfterApproval(stage);
      let changes: Partial<NewTccRow> & { status: TccRow['status'] } = { status };
      if (stage === 'chairman') {
        // The chairman's approval issues it (docs/product.md §4): dates, and the QR's signed payload.
        const issuedOn = todayInLagos(at);
        const expiresOn = expiryOf(issuedOn, await selectValidityMonths(tx, issuedOn));
        const signer = signerFromConfig(config);
        await recordSigningKey(tx, signer);
        changes = {
          status,
          issuedAt: at,
          expiresOn,
          signedPayload: signer.sign(payloadFacts(row, issuedOn, expiresOn)),
          signingKeyId: signer.keyId,
        };
      }
      return move(
        tx,
        actor,
        row,
        changes,
        { action: 'approved', stage, comment: input.comment || null },
        at,
      );
    });
  }

  return {
    /** The awaited stage's approval: on to the next stage, or issued by the chairman. */
    async approve(actor: Actor, id: string, input: TccApproveInput): Promise<TccView> {
      await approveOne(actor, id, input);
      return tccViewOf(db, actor, id);
    },

    /** The awaited stage's refusal, with its reason: back to the generating officer. */
    async reject(actor: Actor, id: string, input: TccReasonInput): Promise<TccView> {
      await db.transaction(async (tx) => {
        const row = await lockVisible(tx, actor, id);
        const stage = await stageToDecide(tx, actor, row);
        await move(
          tx,
          actor,
          row,
          { status: statusAfterRejection(stage) },
          { action: 'rejected', stage, comment: input.reason },
          now(),
        );
      });
      return tccViewOf(db, actor, id);
    },

    /** The chairman withdraws an issued certificate (docs/architecture.md §5); verification then says so. */
    async revoke(actor: Actor, id: string, reason: string): Promise<TccView> {
      await db.transaction(async (tx) => {
        const row = await lockVisible(tx, actor, id);
        if (!isRevocable(row.status)) {
          throw conflict(
            `${whereItIs(row)}: only an approved or printed certificate can be revoked.`,
          );
        }
        const at = now();
        await move(
          tx,
          actor,
          row,
          { status: 'revoked', revokedAt: at, revokedBy: actor.officerId, revokeReason: reason },
          { action: 'revoked', stage: null, comment: reason },
          at,
        );
      });
      return tccViewOf(db, actor, id);
    },

    /** The printing officer prints it (again: a reprint counts too); the PDF is certificate/'s. */
    async print(actor: Actor, id: string): Promise<TccView> {
      await db.transaction(async (tx) => {
        const row = await lockVisible(tx, actor, id);
        if (!isPrintable(row.status)) {
          throw conflict(`${whereItIs(row)}: only an approved certificate can be printed.`);
        }
        const at = now();
        await move(
          tx,
          actor,
          row,
          { status: 'printed', printCount: row.printCount + 1, lastPrintedAt: at },
          {
            action: 'printed',
            stage: null,
            comment: row.printCount > 0 ? `Copy ${row.printCount + 1}` : null,
          },
          at,
        );
      });
      return tccViewOf(db, actor, id);
    },

    /**
     * Approves many from a list: each certificate in its own transaction, so one that fails
     * (decided meanwhile, not the actor's stage) leaves the others approved; each says why.
     */
    async approveMany(actor: Actor, input: TccBulkApproveInput): Promise<TccBulkResult> {
      const results: TccBulkResult['results'] = [];
      for (const id of [...new Set(input.ids)]) {
        try {
          const row = await approveOne(actor, id, { comment: input.comment });
          results.push({
            id,
            number: row.number,
            outcome: 'approved',
            status: row.status,
            message: null,
          });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const row = await findTcc(db, id);
          const visible = row && canReadKind(actor, row.kind) ? row : null;
          results.push({
            id,
            number: visible?.number ?? null,
            outcome: 'failed',
            status: visible?.status ?? null,
            message: err.message,
          });
        }
      }
      return { results };
    },
  };
}
