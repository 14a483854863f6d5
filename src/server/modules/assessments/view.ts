import type { AssessmentView } from '../../../shared/assessments';
import { computeLatePayment } from '../../../shared/tax/latePayment';
import type { AssessmentRow, AssessmentViewRow } from './queries';
import type { TaxSettings } from './settings';

/** Statuses in which money is still owed and lateness counts. */
const OWING_STATUSES: readonly AssessmentRow['status'][] = ['issued', 'part_paid', 'objected'];

/**
 * The money of an assessment on a day: payments go to the tax first; what is paid beyond the
 * tax is the taxpayer's credit; penalty and interest are on the tax still outstanding, at the
 * rates in force on the due date (docs/tax-rules.md; shared/tax/latePayment.ts), 0 when a
 * director waived them or nothing is owed.
 */
export function moneyOf(row: AssessmentRow, settings: TaxSettings, today: string) {
  // A draft is not owed yet; a revised or cancelled one no longer is.
  const outstandingKobo = OWING_STATUSES.includes(row.status)
    ? Math.max(0, row.taxKobo - row.paidKobo)
    : 0;
  const creditKobo = Math.max(0, row.paidKobo - row.taxKobo);
  const late =
    row.dueDate && OWING_STATUSES.includes(row.status) && !row.penaltyWaivedAt
      ? computeLatePayment({
          outstandingKobo,
          dueDate: row.dueDate,
          asOf: today,
          penaltyBasisPoints: settings.numberOn('latePayment.penaltyBasisPoints', row.dueDate),
          interestAnnualBasisPoints: settings.numberOn(
            'latePayment.interestAnnualBasisPoints',
            row.dueDate,
          ),
        })
      : { daysLate: 0, penaltyKobo: 0, interestKobo: 0 };
  return {
    outstandingKobo,
    creditKobo,
    ...late,
    amountDueKobo: outstandingKobo + late.penaltyKobo + late.interestKobo,
  };
}

export function toAssessmentView(
  row: AssessmentViewRow,
  settings: TaxSettings,
  today: string,
): AssessmentView {
  const a = row.assessment;
  const objection = row.openObjection;
  return {
    id: a.id,
    noticeNumber: a.noticeNumber,
    btin: a.btin,
    taxpayerName: row.taxpayerName,
    kind: a.kind,
    taxYear: a.taxYear,
    status: a.status,
    source: a.source,
    law: a.law,
    grossIncomeKobo: a.grossIncomeKobo,
    chargeableIncomeKobo: a.chargeableIncomeKobo,
    taxKobo: a.taxKobo,
    paidKobo: a.paidKobo,
    ...moneyOf(a, settings, today),
    isPenaltyWaived: a.penaltyWaivedAt !== null,
    dueDate: a.dueDate,
    issuedAt: a.issuedAt?.toISOString() ?? null,
    issuedBy: a.issuedBy && row.issuedByName ? { id: a.issuedBy, name: row.issuedByName } : null,
    createdAt: a.createdAt.toISOString(),
    createdBy:
      a.createdBy && row.createdByName ? { id: a.createdBy, name: row.createdByName } : null,
    evidenceNote: a.evidenceNote,
    tradeCategory:
      a.tradeCategoryId && row.tradeCategoryName
        ? { id: a.tradeCategoryId, name: row.tradeCategoryName }
        : null,
    traderSize: a.traderSize,
    estimatedTurnoverKobo: a.estimatedTurnoverKobo,
    lgaId: a.lgaId,
    tradeLocation: a.tradeLocation,
    revisionOf: a.revisionOf,
    cancelReason: a.cancelReason,
    cancelledAt: a.cancelledAt?.toISOString() ?? null,
    openObjection: objection
      ? {
          id: objection.id,
          status: objection.status,
          filedAt: new Date(objection.filedAt).toISOString(),
          answerDueDate: objection.answerDueDate,
          disputedKobo: Number(objection.disputedKobo),
        }
      : null,
    version: a.version,
  };
}
