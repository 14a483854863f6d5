import { randomBytes } from 'node:crypto';
import type { CardPaymentInput, CardPaymentView } from '../../../../shared/payments';
import type { Actor } from '../../../auth/actor';
import { isMdaInScope, mdaScopeOf } from '../../../auth/mdaScope';
import { AppError } from '../../../errors';
import { CardAnswerLost } from '../../../integrations/card/types';
import { recordAudit } from '../../audit/service';
import type { PaymentDeps } from '../deps';
import { createLedger } from '../ledger/ledger';
import {
  findPaymentByIdForUpdate,
  findPaymentByRrrForUpdate,
  type PaymentRow,
} from '../ledger/queries';
import { selectPaymentById } from '../queries';
import { toPaymentView } from '../view';
import {
  type CardAttemptRow,
  findAttempt,
  findOpenAttempt,
  insertAttemptUnlessOpen,
  officerUsername,
  selectUnansweredReferences,
} from './queries';
import { auditedAttempt, createCardSettlement, type Settlement } from './settlement';

/**
 * Card payments at the counter (docs/card.md): a bill's RRR and amount go to the card gateway,
 * whose terminal reads the card; RevDesk never sees it. Each attempt is a row of its own,
 * audited at every change, so a declined card or a lost answer is on record as well as a paid
 * one. Never paid twice:
 *
 * - one open attempt per bill (the bill's row lock and card_payment_attempts_open_key): a
 *   second officer pressing at once gets 409 before any card is sent;
 * - a lost answer leaves the attempt `unknown` and the bill unpaid-but-held: no new attempt
 *   until a status query by the attempt's reference (the gateway's idempotency key) settles it;
 * - an approval is recorded through the ledger (ADR 0010), which pays a bill once whichever
 *   way the news arrives.
 */

/** Crockford's base32: no I, L, O, U, so a reference read out over the counter is not misheard. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newCardReference(): string {
  const bytes = randomBytes(12);
  let code = '';
  for (const byte of bytes) code += REFERENCE_ALPHABET[byte % 32];
  return `CRD-${code}`;
}

/** What the route answers: 201 approved, 202 no answer yet, 200 a settled attempt read back. */
export type CardAnswer<Status extends 200 | 201 | 202> = {
  statusCode: Status;
  view: CardPaymentView;
};

export function createCardPaymentService({
  db,
  config,
  integrations,
  settlements,
}: Pick<PaymentDeps, 'db' | 'config' | 'integrations' | 'settlements'>) {
  const settle = createCardSettlement({
    db,
    ledger: createLedger({ receiptPrefix: config.receiptPrefix, settlements }),
  });

  async function viewOf(attempt: CardAttemptRow): Promise<CardPaymentView> {
    const payment = await selectPaymentById(db, attempt.paymentId, undefined);
    if (!payment) throw new Error(`payment ${attempt.paymentId} cannot be read back`);
    return {
      reference: attempt.reference,
      status: attempt.status,
      amountKobo: attempt.amountKobo,
      rrr: attempt.rrr,
      gatewayReference: attempt.gatewayReference,
      declineReason: attempt.declineReason,
      declineCode: attempt.declineCode,
      note: attempt.note,
      officer: await officerUsername(db, attempt.officerId),
      createdAt: attempt.createdAt.toISOString(),
      settledAt: attempt.settledAt?.toISOString() ?? null,
      payment: toPaymentView(payment),
      receiptUrl: payment.status === 'paid' ? `/api/v1/payments/${payment.id}/receipt.pdf` : null,
    };
  }

  /** Holds the bill for one card: checks it can be paid by card and records the attempt. */
  async function startAttempt(actor: Actor, input: CardPaymentInput): Promise<CardAttemptRow> {
    return db.transaction(async (tx) => {
      const bill = input.paymentId
        ? await findPaymentByIdForUpdate(tx, input.paymentId)
        : await findPaymentByRrrForUpdate(tx, input.rrr ?? '');
      if (!bill || !isMdaInScope(mdaScopeOf(actor), bill.mdaId)) {
        throw new AppError(
          'NOT_FOUND',
          input.paymentId ? 'No bill has this id.' : `No bill has RRR ${input.rrr}.`,
        );
      }
      refuseUnpayable(bill);
      const open = await findOpenAttempt(tx, bill.id);
      const attempt = open
        ? null
        : await insertAttemptUnlessOpen(tx, {
            reference: newCardReference(),
            paymentId: bill.id,
            rrr: bill.rrr as string,
            amountKobo: bill.amountKobo,
            status: 'pending',
            officerId: actor.officerId,
          });
      if (!attempt) throw attemptInProgress(open);
      await recordAudit(tx, actor, {
        action: 'card_payment.started',
        entityType: 'card_payment',
        entityId: attempt.reference,
        after: auditedAttempt(attempt),
      });
      return attempt;
    });
  }

  async function getAttempt(actor: Actor, reference: string): Promise<CardAttemptRow> {
    const attempt = await findAttempt(db, reference);
    if (!attempt) {
      throw new AppError('NOT_FOUND', `No card payment has the reference ${reference}.`);
    }
    // MDA staff hold no card:take today; were they given it, they would see their MDAs' only.
    const scope = mdaScopeOf(actor);
    if (!scope.all) {
      const payment = await selectPaymentById(db, attempt.paymentId, undefined);
      if (!payment || !isMdaInScope(scope, payment.mdaId)) {
        throw new AppError('NOT_FOUND', `No card payment has the reference ${reference}.`);
      }
    }
    return attempt;
  }

  return {
    /**
     * Sends the bill to the card gateway's terminal and waits for the card. Approved: the bill
     * is paid (201). Declined: 402 with the gateway's reason. No answer: 202, the attempt
     * `unknown` until checked. The gateway down: 502, nothing charged.
     */
    async takeCardPayment(actor: Actor, input: CardPaymentInput): Promise<CardAnswer<201 | 202>> {
      const attempt = await startAttempt(actor, input);
      let settlement: Settlement;
      try {
        const outcome = await integrations.card.charge({
          reference: attempt.reference,
          rrr: attempt.rrr,
          amountKobo: attempt.amountKobo,
          description: `RRR ${attempt.rrr}`,
        });
        settlement = { kind: 'state', state: outcome };
      } catch (err) {
        if (err instanceof AppError && err.code === 'CARD_GATEWAY_UNAVAILABLE') {
          await settle(
            actor,
            attempt.reference,
            { kind: 'refused', reason: err.message },
            'notification',
          );
          throw err;
        }
        // Anything else after the charge may have left: treat it as an answer lost, never as "not paid".
        await settle(actor, attempt.reference, { kind: 'lost' }, 'notification');
        if (err instanceof CardAnswerLost) {
          const view = await viewOf(await getAttempt(actor, attempt.reference));
          return { statusCode: 202, view };
        }
        throw err;
      }
      const settled = await settle(actor, attempt.reference, settlement, 'notification');
      if (settled.status === 'declined') {
        throw new AppError(
          'CARD_DECLINED',
          `The card was declined: ${settled.declineReason}. Nothing was charged and the bill is still to be paid; the payer may try another card.`,
          {
            details: {
              reference: settled.reference,
              declineCode: settled.declineCode,
              declineReason: settled.declineReason,
            },
          },
        );
      }
      return { statusCode: settled.status === 'approved' ? 201 : 202, view: await viewOf(settled) };
    },

    async getCardPayment(actor: Actor, reference: string): Promise<CardPaymentView> {
      return viewOf(await getAttempt(actor, reference));
    },

    /**
     * Asks the gateway what became of an attempt whose answer was lost, and records it: an
     * approval pays the bill (once), a decline or an attempt the gateway never received frees
     * the bill for another card. A settled attempt is read back without asking.
     */
    async checkCardPayment(actor: Actor, reference: string): Promise<CardAnswer<200 | 202>> {
      const attempt = await getAttempt(actor, reference);
      if (attempt.status !== 'pending' && attempt.status !== 'unknown') {
        return { statusCode: 200, view: await viewOf(attempt) };
      }
      // A charge still inside its own wait is answered by the charge; asking now could find
      // "never received" a moment before the gateway records it.
      const stillWaiting =
        attempt.status === 'pending' &&
        Date.now() - attempt.createdAt.getTime() < config.cardGatewayTimeoutMs + 5_000;
      if (stillWaiting) {
        throw new AppError(
          'CONFLICT',
          `The card for ${reference} is still at the gateway's terminal. Wait for its answer before checking.`,
          { details: { reference } },
        );
      }
      const state = await integrations.card.getCharge(reference);
      const settled = await settle(actor, reference, { kind: 'state', state }, 'status-check');
      return {
        statusCode: settled.status === 'unknown' || settled.status === 'pending' ? 202 : 200,
        view: await viewOf(settled),
      };
    },

    /**
     * The sweep (jobs/cardPaymentSweep.ts): asks the gateway about attempts left unanswered
     * since before `before` (past the charge's own wait), oldest first. One that cannot be
     * asked is told to `onError` and waits for the next sweep; the others go on.
     */
    async settleUnansweredAttempts(
      actor: Actor,
      options: { before: Date; limit: number; onError: (reference: string, err: unknown) => void },
    ): Promise<{ settled: number }> {
      let settled = 0;
      for (const reference of await selectUnansweredReferences(db, options.before, options.limit)) {
        try {
          const state = await integrations.card.getCharge(reference);
          const row = await settle(actor, reference, { kind: 'state', state }, 'status-check');
          if (row.status !== 'pending' && row.status !== 'unknown') settled += 1;
        } catch (err) {
          options.onError(reference, err);
        }
      }
      return { settled };
    },
  };
}

function refuseUnpayable(bill: PaymentRow): void {
  if (bill.status === 'paid') {
    throw new AppError(
      'CONFLICT',
      `This bill is paid already${bill.receiptNumber ? ` (receipt ${bill.receiptNumber})` : ''}. No card was charged.`,
      { details: { paymentId: bill.id, receiptNumber: bill.receiptNumber } },
    );
  }
  if (bill.status !== 'pending') {
    throw new AppError(
      'CONFLICT',
      `This bill is ${bill.status} and cannot be paid. No card was charged.`,
      { details: { paymentId: bill.id, status: bill.status } },
    );
  }
  if (!bill.rrr) {
    throw new AppError(
      'RULE_VIOLATION',
      "This bill has no RRR yet (Remita's answer is awaited). Take the card once the RRR is confirmed.",
    );
  }
}

function attemptInProgress(open: CardAttemptRow | null): AppError {
  const where =
    open?.status === 'unknown'
      ? `did not get the gateway's answer (reference ${open.reference}). Check it with the gateway before taking another card`
      : `is at the gateway's terminal${open ? ` (reference ${open.reference})` : ''}. Wait for its answer`;
  return new AppError('CONFLICT', `A card payment for this bill ${where}. No card was charged.`, {
    details: { reference: open?.reference ?? null },
  });
}

export type CardPaymentService = ReturnType<typeof createCardPaymentService>;
