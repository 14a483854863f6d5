import { todayInLagos } from '../../../../shared/dates';
import type { PaymentView, PublicReceiptView } from '../../../../shared/payments';
import type { PublicMatch } from '../../../../shared/publicCheck';
import type { Actor } from '../../../auth/actor';
import { whereInActorMdas } from '../../../auth/mdaScope';
import { limitPerMinute } from '../../../auth/rateLimit';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { payments } from '../../../db/schema';
import { readLetterhead } from '../../../documents/letterhead';
import { AppError } from '../../../errors';
import { createLedger } from '../ledger/ledger';
import type { Settlements } from '../ledger/settlements';
import { type PaymentViewRow, selectPaymentById } from '../queries';
import { toPaymentView, toPublicReceiptView } from '../view';
import {
  selectPaymentByPublicCode,
  selectPaymentByReceiptNumber,
  selectPaymentPublicCode,
} from './queries';
import { type PaidPayment, renderReceiptPdf } from './receipt';

export type ReceiptServiceDeps = {
  db: Db;
  config: Pick<Config, 'receiptPrefix' | 'publicUrl' | 'publicCheckRateLimitPerMinute'>;
  settlements: Settlements;
};

const UNKNOWN_RECEIPT =
  'No receipt has this verification code. It may have been mistyped, or the receipt is not genuine.';

/** Why a payment has no e-receipt, in the officer's words. */
const NO_RECEIPT: Record<Exclude<PaymentView['status'], 'paid' | 'reversed'>, string> = {
  pending: 'This bill has not been paid yet, so there is no receipt to print.',
  failed: 'This payment failed, so there is no receipt to print.',
  cancelled: 'This bill was cancelled before it was paid, so there is no receipt to print.',
};

/**
 * A paid payment's e-receipt, the public check of a receipt number, and the reversal that
 * voids a receipt.
 */
export function createReceiptService({ db, config, settlements }: ReceiptServiceDeps) {
  const ledger = createLedger({ receiptPrefix: config.receiptPrefix, settlements });

  /** Every public check, by code or by number, counts against one limit per address. */
  function limitChecks(actor: Actor): Promise<void> {
    return limitPerMinute(db, {
      bucket: 'receipt-verify',
      ip: actor.ip,
      perMinute: config.publicCheckRateLimitPerMinute,
      what: 'receipt checks',
    });
  }

  /** One payment the actor may see; outside their MDAs it does not exist for them. */
  async function getRow(actor: Actor, id: string): Promise<PaymentViewRow> {
    const row = await selectPaymentById(db, id, whereInActorMdas(actor, payments.mdaId));
    if (!row) throw new AppError('NOT_FOUND', 'No such payment.');
    return row;
  }

  return {
    /** Reverses a paid payment with a reason (the ledger locks it: two at once give one 409). */
    async reversePayment(actor: Actor, id: string, reason: string): Promise<PaymentView> {
      await getRow(actor, id);
      await db.transaction((tx) =>
        ledger.changeStatusByHand(tx, actor, id, { to: 'reversed', reason }),
      );
      return toPaymentView(await getRow(actor, id));
    },

    /**
     * The e-receipt of a paid payment. `requestOrigin` is where the officer reached RevDesk;
     * PUBLIC_URL, when set, wins (behind a proxy the request's own origin may be internal).
     */
    async receiptPdf(
      actor: Actor,
      id: string,
      requestOrigin: string,
    ): Promise<{ body: Buffer; fileName: string }> {
      const row = await getRow(actor, id);
      if (row.status === 'reversed') {
        const when = row.statusChangedAt ? ` on ${todayInLagos(row.statusChangedAt)}` : '';
        throw new AppError(
          'CONFLICT',
          `This payment was reversed${when}, so its receipt is no longer valid and cannot be printed. Reason: ${row.statusReason ?? 'not given'}.`,
          { details: { status: row.status } },
        );
      }
      if (row.status !== 'paid') {
        throw new AppError('CONFLICT', NO_RECEIPT[row.status], { details: { status: row.status } });
      }
      // payments_paid_has_receipt guarantees both for a paid row.
      if (!row.receiptNumber || !row.paidAt) throw new Error(`paid payment ${id} has no receipt`);
      const paid: PaidPayment = { ...row, receiptNumber: row.receiptNumber, paidAt: row.paidAt };
      const code = await selectPaymentPublicCode(db, id);
      if (!code) throw new Error(`payment ${id} has no public code`);
      return {
        body: await renderReceiptPdf(
          paid,
          code,
          config.publicUrl ?? requestOrigin,
          await readLetterhead(db),
        ),
        fileName: `receipt-${row.receiptNumber.replaceAll('/', '-')}.pdf`,
      };
    },

    /** The public check by the receipt's code (ADR 0032; rate-limited per address). */
    async verifyReceipt(actor: Actor, code: string): Promise<PublicReceiptView> {
      await limitChecks(actor);
      const row = await selectPaymentByPublicCode(db, code);
      if (
        !row?.receiptNumber ||
        !row.paidAt ||
        (row.status !== 'paid' && row.status !== 'reversed')
      ) {
        throw new AppError('NOT_FOUND', UNKNOWN_RECEIPT);
      }
      return toPublicReceiptView({
        ...row,
        receiptNumber: row.receiptNumber,
        paidAt: row.paidAt,
        status: row.status,
      });
    },

    /**
     * The bare receipt number's check (ADR 0032): a paid, unreversed receipt with this number
     * and this amount, or not. Nothing else, so walking the numbers learns nothing.
     */
    async matchReceipt(
      actor: Actor,
      receiptNumber: string,
      amountKobo: number,
    ): Promise<PublicMatch> {
      await limitChecks(actor);
      const row = await selectPaymentByReceiptNumber(db, receiptNumber);
      return { match: row?.status === 'paid' && row.amountKobo === amountKobo };
    },
  };
}

export type ReceiptService = ReturnType<typeof createReceiptService>;
