import { eq } from 'drizzle-orm';
import {
  type LineRule,
  type NotRevenueInput,
  type PickLineInput,
  type PostLineInput,
  type RematchInput,
  type RematchResult,
  STATE_WORDS,
  type StatementLineListQuery,
  type StatementLinePage,
  type StatementLineView,
  type UndoLineInput,
} from '../../../../shared/bank/matching';
import type { PaymentView } from '../../../../shared/payments';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { payments } from '../../../db/schema';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import type { PaymentDeps } from '../../payments/deps';
import { createLedger } from '../../payments/ledger/ledger';
import { selectPaymentRows } from '../../payments/queries';
import { toPaymentView } from '../../payments/view';
import { lockMatching } from '../matching/queries';
import { rematchRange } from '../matching/service';
import { noteChangesToSignedOffDays, signedOffDays } from '../reconciliation/signOffChanges';
import {
  type AccountRow,
  findAccountById,
  findAccountByNumber,
  findActiveRevenueHead,
  findLineForUpdate,
  findLineView,
  findMda,
  findTaxpayerName,
  isPaymentHeld,
  type LineRow,
  selectCandidates,
  selectLinePage,
  selectLineTotals,
  selectPostedPayments,
  selectSplitPartsForUpdate,
  selectStateTotals,
  updateLine,
} from './queries';

/**
 * Statement lines as officers read and decide them (docs/bank-matching.md "An officer's
 * decisions"): post an unmatched credit as a payment, pick an ambiguous credit's payment, mark a
 * credit not revenue, undo any of these or a rule's match. Each decision locks the line, is
 * audited in its transaction, and on a day already signed off needs a reason and is listed with
 * the sign-off.
 */

export type LineDeps = Pick<PaymentDeps, 'db' | 'config' | 'settlements'>;

/** A credit posted from a statement counts on its value date, at noon in Lagos. */
function paidAtOf(line: LineRow): Date {
  return line.postedAt ?? new Date(`${line.valueDate}T12:00:00+01:00`);
}

export async function accountByNumber(db: Db, accountNumber: string): Promise<AccountRow> {
  const account = await findAccountByNumber(db, accountNumber);
  if (!account) {
    throw new AppError(
      'NOT_FOUND',
      `Account ${accountNumber} is not one of the service’s collection accounts.`,
    );
  }
  return account;
}

function auditedLine(line: LineRow) {
  return {
    bankReference: line.bankReference,
    valueDate: line.valueDate,
    amountKobo: line.amountKobo,
    state: line.state,
    rule: line.rule,
    paymentId: line.paymentId,
    candidatePaymentIds: line.candidatePaymentIds,
    stateReason: line.stateReason,
  };
}

export function createLineService(deps: LineDeps) {
  const { db } = deps;
  const ledger = createLedger({
    receiptPrefix: deps.config.receiptPrefix,
    settlements: deps.settlements,
  });

  async function viewsOf(
    rows: Array<{ line: LineRow; receiptNumber: string | null; decidedBy: string | null }>,
  ): Promise<StatementLineView[]> {
    const candidateIds = [...new Set(rows.flatMap((r) => r.line.candidatePaymentIds ?? []))];
    const candidates = new Map((await selectCandidates(db, candidateIds)).map((c) => [c.id, c]));
    return rows.map(({ line, receiptNumber, decidedBy }) => ({
      id: line.id,
      bankReference: line.bankReference,
      valueDate: line.valueDate,
      direction: line.direction,
      amountKobo: line.amountKobo,
      narration: line.narration,
      state: line.state,
      paymentId: line.paymentId,
      receiptNumber,
      rule: (line.rule as LineRule | null) ?? null,
      candidates:
        line.state === 'ambiguous'
          ? (line.candidatePaymentIds ?? []).flatMap((id) => {
              const c = candidates.get(id);
              return c
                ? [
                    {
                      id: c.id,
                      receiptNumber: c.receiptNumber,
                      rrr: c.rrr,
                      amountKobo: c.amountKobo,
                      paymentDate: c.paymentDate,
                      payerName: c.payerName,
                      mdaName: c.mdaName,
                      channel: c.channel,
                    },
                  ]
                : [];
            })
          : [],
      stateReason: line.stateReason,
      decidedBy,
      decidedAt: line.decidedAt?.toISOString() ?? null,
    }));
  }

  async function lineView(tx: Db, id: string): Promise<StatementLineView> {
    const row = await findLineView(tx, id);
    if (!row) throw new AppError('NOT_FOUND', 'No statement line has this id.');
    const [view] = await viewsOf([row]);
    return view as StatementLineView;
  }

  /** The line, locked, and its account; refused unless it is a credit. */
  async function lockedCredit(tx: Db, id: string) {
    const line = await findLineForUpdate(tx, id);
    if (!line) throw new AppError('NOT_FOUND', 'No statement line has this id.');
    if (line.direction !== 'credit') {
      throw new AppError(
        'CONFLICT',
        'This line is a debit: only a credit can be posted or matched.',
      );
    }
    const account = await findAccountById(tx, line.accountId);
    if (!account) throw new AppError('NOT_FOUND', 'This line’s account is not configured.');
    return { line, account };
  }

  /** A day signed off needs a reason for any change (422 naming `reason`). */
  async function requireReasonIfSignedOff(tx: Db, line: LineRow, reason: string | undefined) {
    const signed = await signedOffDays(tx, line.accountId, [line.valueDate]);
    if (signed.has(line.valueDate) && !reason) {
      throw fieldError(
        'reason',
        `${line.valueDate} is signed off for this account: say why you are changing it`,
      );
    }
  }

  async function decided(
    tx: Db,
    actor: Actor,
    before: LineRow,
    after: LineRow,
    verb: string,
    reason: string | null,
  ) {
    await recordAudit(tx, actor, {
      action: `bank_statement_line.${verb}`,
      entityType: 'bank_statement_line',
      entityId: after.id,
      before: auditedLine(before),
      after: { ...auditedLine(after), reason },
    });
    await noteChangesToSignedOffDays(tx, actor, after.accountId, [
      {
        day: after.valueDate,
        lineId: after.id,
        what: `${verb}: ${before.state ? STATE_WORDS[before.state] : ''} → ${after.state ? STATE_WORDS[after.state] : ''}`,
        reason: reason ?? '',
      },
    ]);
  }

  function refuseDecided(line: LineRow): never {
    throw new AppError(
      'CONFLICT',
      line.state === 'matched'
        ? line.rule === 'posted'
          ? 'This credit is already posted as a payment.'
          : 'This credit is already matched to a payment.'
        : 'This credit is marked not revenue. Undo that first.',
      { details: { state: line.state } },
    );
  }

  return {
    async listLines(_actor: Actor, query: StatementLineListQuery): Promise<StatementLinePage> {
      const account = await accountByNumber(db, query.accountNumber);
      const [rows, totals, byState] = await Promise.all([
        selectLinePage(db, account.id, query),
        selectLineTotals(db, account.id, query),
        selectStateTotals(db, account.id, query),
      ]);
      const of = (state: string) => {
        const row = byState.find((r) => r.state === state);
        return { count: Number(row?.count ?? 0), amountKobo: Number(row?.amountKobo ?? 0) };
      };
      return {
        items: await viewsOf(rows),
        page: query.page,
        pageSize: query.pageSize,
        total: totals.count,
        totals: {
          ...totals,
          byState: {
            matched: of('matched'),
            ambiguous: of('ambiguous'),
            unmatched: of('unmatched'),
            'not-revenue': of('not-revenue'),
          },
        },
      };
    },

    /**
     * The rules again over the range's open credits (docs/bank-matching.md "Matching again"):
     * a deactivated account's stored lines too, since no bank is asked.
     */
    async rematch(actor: Actor, input: RematchInput): Promise<RematchResult> {
      const account = await accountByNumber(db, input.accountNumber);
      return rematchRange(db, actor, account.id, input);
    },

    /** An unmatched (or ambiguous) credit recorded in the ledger as a bank payment. */
    async postLine(actor: Actor, id: string, input: PostLineInput): Promise<PaymentView> {
      return db.transaction(async (tx) => {
        const { line, account } = await lockedCredit(tx, id);
        if (line.state === 'matched' || line.state === 'not-revenue') refuseDecided(line);
        const mda = await findMda(tx, input.mdaId);
        if (!mda) throw fieldError('mdaId', 'Choose an MDA from the list');
        if (!mda.isActive)
          throw fieldError('mdaId', `${mda.name} is inactive: choose an active MDA`);
        if (account.mdaId !== null && account.mdaId !== input.mdaId) {
          throw fieldError(
            'mdaId',
            'This account collects for one MDA: post its credits to that MDA',
          );
        }
        const head = await findActiveRevenueHead(tx, input.mdaId, input.revenueHeadCode);
        if (!head?.isActive) {
          throw fieldError('revenueHeadCode', `Choose one of ${mda.name}’s active revenue heads`);
        }
        let payerName = input.payerName ?? null;
        if (input.btin) {
          const taxpayer = await findTaxpayerName(tx, input.btin);
          if (!taxpayer) throw fieldError('btin', 'No taxpayer has this BTIN');
          payerName = payerName ?? taxpayer.name;
        }
        if (!payerName) throw fieldError('payerName', 'Find the payer by BTIN or give their name');
        await requireReasonIfSignedOff(tx, line, input.reason);

        // A credit posted, undone (its payment reversed) and posted again takes `#2`, `#3`…:
        // the first payment keeps its source reference (payments_received_source_key).
        const base = `${account.accountNumber}/${line.bankReference}`;
        const earlier = await selectPostedPayments(tx, base);
        const sourceReference = earlier.length === 0 ? base : `${base}#${earlier.length + 1}`;
        const { payment } = await ledger.recordReceivedPayment(tx, actor, {
          channel: 'bank',
          sourceReference,
          arrival: 'statement',
          mdaId: input.mdaId,
          amountKobo: line.amountKobo,
          paidAt: paidAtOf(line),
          revenueHeadCode: input.revenueHeadCode,
          btin: input.btin ?? null,
          payerName,
          description: line.narration.slice(0, 500),
        });
        const after = await updateLine(tx, line.id, {
          state: 'matched',
          paymentId: payment.id,
          rule: 'posted',
          candidatePaymentIds: null,
          stateReason: null,
          decidedBy: actor.officerId,
          decidedAt: new Date(),
        });
        await decided(tx, actor, line, after, 'posted', input.reason ?? null);
        const [row] = await selectPaymentRows(tx).where(eq(payments.id, payment.id));
        if (!row) throw new Error('the posted payment could not be read back');
        return toPaymentView(row);
      });
    },

    /** One of an ambiguous credit's candidates, chosen by an officer. */
    async pickPayment(actor: Actor, id: string, input: PickLineInput): Promise<StatementLineView> {
      return db.transaction(async (tx) => {
        await lockMatching(tx);
        const { line } = await lockedCredit(tx, id);
        if (line.state !== 'ambiguous') {
          if (line.state === 'matched' || line.state === 'not-revenue') refuseDecided(line);
          throw new AppError(
            'CONFLICT',
            'This credit has no candidates to pick from: post it instead.',
          );
        }
        if (!(line.candidatePaymentIds ?? []).includes(input.paymentId)) {
          throw fieldError('paymentId', 'Choose one of this credit’s candidates');
        }
        if (await isPaymentHeld(tx, input.paymentId)) {
          throw new AppError('CONFLICT', 'Another credit already holds this payment.');
        }
        const [candidate] = await selectCandidates(tx, [input.paymentId]);
        if (candidate?.status !== 'paid') {
          throw new AppError('CONFLICT', 'This payment is no longer paid in the ledger.');
        }
        await requireReasonIfSignedOff(tx, line, input.reason);
        const after = await updateLine(tx, line.id, {
          state: 'matched',
          paymentId: input.paymentId,
          rule: 'picked',
          candidatePaymentIds: null,
          decidedBy: actor.officerId,
          decidedAt: new Date(),
        });
        await decided(tx, actor, line, after, 'picked', input.reason ?? null);
        return lineView(tx, line.id);
      });
    },

    async markNotRevenue(
      actor: Actor,
      id: string,
      input: NotRevenueInput,
    ): Promise<StatementLineView> {
      return db.transaction(async (tx) => {
        const { line } = await lockedCredit(tx, id);
        if (line.state === 'matched' || line.state === 'not-revenue') refuseDecided(line);
        const after = await updateLine(tx, line.id, {
          state: 'not-revenue',
          paymentId: null,
          rule: null,
          candidatePaymentIds: null,
          stateReason: input.reason,
          decidedBy: actor.officerId,
          decidedAt: new Date(),
        });
        await decided(tx, actor, line, after, 'marked_not_revenue', input.reason);
        return lineView(tx, line.id);
      });
    },

    /**
     * Back to unmatched, with a reason: a match (by a rule, picked, or posted) or a not-revenue
     * mark. A posted credit's payment is reversed in the ledger with the same reason; a split's
     * parts are undone together. The line stays an officer's: the matcher leaves it alone.
     */
    async undoDecision(actor: Actor, id: string, input: UndoLineInput): Promise<StatementLineView> {
      return db.transaction(async (tx) => {
        await lockMatching(tx);
        const { line } = await lockedCredit(tx, id);
        if (line.state !== 'matched' && line.state !== 'not-revenue') {
          throw new AppError(
            'CONFLICT',
            'This credit is not matched or marked: there is nothing to undo.',
          );
        }
        const lines =
          line.rule === 'split' && line.paymentId
            ? await selectSplitPartsForUpdate(tx, line.paymentId)
            : [line];
        if (line.rule === 'posted' && line.paymentId) {
          await ledger.changeStatusByHand(tx, actor, line.paymentId, {
            to: 'reversed',
            reason: `Bank credit ${line.bankReference} un-posted: ${input.reason}`,
          });
        }
        for (const part of lines) {
          const after = await updateLine(tx, part.id, {
            state: 'unmatched',
            paymentId: null,
            rule: null,
            candidatePaymentIds: null,
            stateReason: null,
            decidedBy: actor.officerId,
            decidedAt: new Date(),
          });
          await decided(tx, actor, part, after, 'undone', input.reason);
        }
        return lineView(tx, line.id);
      });
    },
  };
}
