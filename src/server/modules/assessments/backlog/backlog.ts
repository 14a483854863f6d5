import type { AssessmentView, BacklogAssessmentInput } from '../../../../shared/assessments';
import { ASSESSMENT_PAYMENT_TYPES } from '../../../../shared/assessments';
import type { Actor } from '../../../auth/actor';
import { isUniqueViolation } from '../../../db/errors';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { createMdaService } from '../../mdas/service';
import type { PaymentDeps } from '../../payments/deps';
import { linkPaymentToAssessment, recordManualReceipt } from '../../payments/ledger/backlog';
import { createLedger, receiptYear } from '../../payments/ledger/ledger';
import { findTaxpayerByBtin } from '../../taxpayers/service';
import { assertKind, assessmentViewOf, auditedAssessment, standingConflict } from '../common';
import { refreshPaidAmount } from '../money/settlement';
import { findStandingAssessment, insertAssessment } from '../queries';

/**
 * A receipt another entry used already is a 409 (ledger/backlog.ts); it names the receipt's field
 * (`receipts.1.receiptNumber`, `receipts.0.rrr`) so the form shows it beside that receipt, as
 * other 409s name theirs (`details.field`).
 */
async function withReceiptField(field: string, record: () => Promise<void>): Promise<void> {
  try {
    await record();
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') {
      const details = typeof err.details === 'object' && err.details !== null ? err.details : {};
      throw new AppError('CONFLICT', err.message, { details: { ...details, field } });
    }
    throw err;
  }
}

/** Lagos noon of a day: a receipt's date without a time counts on that day in Lagos. */
const paidAtOf = (day: string) => new Date(`${day}T12:00:00+01:00`);

/**
 * Backlog capture (docs/product.md §7 create/paid/da, generate/paid/presumptive/tax): an assessment of
 * a past year already paid outside RevDesk, entered with its figures and receipts. Each RRR is
 * checked with Remita (the MDA's credentials) before anything is written; a receipt without an
 * RRR is a `manual` payment. Then, in one transaction: the assessment (source `backlog`), each
 * receipt in the ledger linked to it, its paid amount and status from them, audited.
 */
export function createBacklogService(deps: PaymentDeps) {
  const { db, config, integrations, secrets, settlements } = deps;
  const mdas = createMdaService({ db, secrets });
  const ledger = createLedger({ receiptPrefix: config.receiptPrefix, settlements });

  async function confirmRrrs(actor: Actor, input: BacklogAssessmentInput) {
    const confirmed = new Map<number, { payerName: string | null; paidAt: Date }>();
    for (const [index, receipt] of input.receipts.entries()) {
      if (!receipt.rrr) continue;
      const credentials = await mdas.getRemitaCredentials(actor, receipt.mdaId);
      const status = await integrations.remita.getRrrStatus(
        credentials,
        receipt.rrr.replaceAll('-', ''),
      );
      if (!status.isPaid) {
        throw fieldError(
          `receipts.${index}.rrr`,
          `Remita says RRR ${receipt.rrr} is not paid (${status.status})`,
        );
      }
      if (status.amountKobo !== receipt.amountKobo) {
        throw fieldError(
          `receipts.${index}.amountKobo`,
          `Remita says ${status.amountKobo ?? 0} kobo was paid for RRR ${receipt.rrr}, not ${receipt.amountKobo}`,
        );
      }
      confirmed.set(index, {
        payerName: status.payerName,
        paidAt: status.transactionDate
          ? new Date(status.transactionDate)
          : paidAtOf(receipt.paidOn),
      });
    }
    return confirmed;
  }

  return {
    async captureBacklog(actor: Actor, input: BacklogAssessmentInput): Promise<AssessmentView> {
      assertKind(actor, input.kind);
      const record = await findTaxpayerByBtin(db, input.btin);
      if (!record) throw new AppError('TAXPAYER_NOT_FOUND', `No taxpayer has BTIN ${input.btin}.`);
      const taxpayer = record.taxpayer;
      if (input.kind === 'direct' && taxpayer.kind !== 'individual') {
        throw fieldError(
          'btin',
          `${taxpayer.displayName} is a company: personal income tax is assessed on individuals`,
        );
      }
      const standing = await findStandingAssessment(db, input.btin, input.taxYear, input.kind);
      if (standing) throw standingConflict(standing);
      const confirmed = await confirmRrrs(actor, input);
      const type = ASSESSMENT_PAYMENT_TYPES[input.kind];
      const chargeable = input.chargeableIncomeKobo ?? input.grossIncomeKobo;
      try {
        const id = await db.transaction(async (tx) => {
          const row = await insertAssessment(tx, {
            kind: input.kind,
            source: 'backlog',
            status: 'paid',
            btin: taxpayer.btin,
            taxYear: input.taxYear,
            input: { receipts: input.receipts },
            computation: {
              backlog: true,
              grossIncomeKobo: input.grossIncomeKobo,
              chargeableIncomeKobo: chargeable,
              taxKobo: input.taxKobo,
            },
            law: 'backlog',
            evidenceNote: input.evidenceNote || null,
            grossIncomeKobo: input.grossIncomeKobo,
            chargeableIncomeKobo: chargeable,
            taxKobo: input.taxKobo,
            tradeCategoryId: input.tradeCategoryId ?? null,
            createdBy: actor.officerId,
          });
          // Receipts are recorded in order of the year they count in, then their reference, so
          // two entries recording at once take the per-year receipt counters (ADR 0010) in the
          // same order and cannot deadlock on them.
          const ordered = [...input.receipts.entries()].sort(([a, ra], [b, rb]) => {
            const yearA = receiptYear(confirmed.get(a)?.paidAt ?? paidAtOf(ra.paidOn));
            const yearB = receiptYear(confirmed.get(b)?.paidAt ?? paidAtOf(rb.paidOn));
            const refA = ra.rrr ?? ra.receiptNumber ?? '';
            const refB = rb.rrr ?? rb.receiptNumber ?? '';
            return yearA - yearB || (refA < refB ? -1 : refA > refB ? 1 : 0);
          });
          for (const [index, receipt] of ordered) {
            const link = { type, assessmentId: row.id, btin: taxpayer.btin };
            const remita = confirmed.get(index);
            const field = `receipts.${index}.${receipt.rrr ? 'rrr' : 'receiptNumber'}`;
            await withReceiptField(field, async () => {
              if (receipt.rrr && remita) {
                const { payment } = await ledger.recordConfirmedPayment(tx, actor, {
                  rrr: receipt.rrr.replaceAll('-', ''),
                  mdaId: receipt.mdaId,
                  amountKobo: receipt.amountKobo,
                  paidAt: remita.paidAt,
                  arrival: 'status-check',
                  payerName: remita.payerName ?? taxpayer.displayName,
                  btin: taxpayer.btin,
                  sourceReference: receipt.receiptNumber || null,
                });
                await linkPaymentToAssessment(tx, actor, payment, link);
              } else if (receipt.receiptNumber) {
                await recordManualReceipt(tx, config.receiptPrefix, actor, {
                  ...link,
                  mdaId: receipt.mdaId,
                  receiptNumber: receipt.receiptNumber,
                  amountKobo: receipt.amountKobo,
                  paidAt: paidAtOf(receipt.paidOn),
                  payerName: taxpayer.displayName,
                });
              }
            });
          }
          const settled = await refreshPaidAmount(tx, actor, row.id);
          await recordAudit(tx, actor, {
            action: 'assessment.captured',
            entityType: 'assessment',
            entityId: row.id,
            after: auditedAssessment(settled ?? row),
          });
          return row.id;
        });
        return assessmentViewOf(db, id);
      } catch (err) {
        if (isUniqueViolation(err, 'assessments_standing_key')) {
          throw standingConflict(
            await findStandingAssessment(db, input.btin, input.taxYear, input.kind),
          );
        }
        if (isUniqueViolation(err, 'payments_manual_receipt_key')) {
          throw new AppError(
            'CONFLICT',
            'One of these paper receipts was recorded by another entry just now.',
          );
        }
        throw err;
      }
    },
  };
}
