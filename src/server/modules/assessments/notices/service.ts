import { TRADE_CATEGORY_RULE_LABELS } from '../../../../shared/assessments/categories';
import {
  type AssessmentKind,
  assessmentKindsOf,
  STANDING_ASSESSMENT_STATUSES,
} from '../../../../shared/assessments/enums';
import {
  INCOME_SOURCE_LABELS,
  type PublicAssessmentView,
  RELIEF_LABELS,
  StoredIncomeLines,
  StoredPresumptiveComputation,
} from '../../../../shared/assessments/notices';
import { todayInLagos } from '../../../../shared/dates';
import { PaymentListQuery } from '../../../../shared/payments';
import type { PublicMatch } from '../../../../shared/publicCheck';
import { maskPublicName } from '../../../../shared/publicCode';
import { PersonalIncomeTaxComputation } from '../../../../shared/tax';
import type { Actor } from '../../../auth/actor';
import { limitPerMinute } from '../../../auth/rateLimit';
import type { Db } from '../../../db/client';
import { readLetterhead } from '../../../documents/letterhead';
import { AppError } from '../../../errors';
import type { PaymentDeps } from '../../payments/deps';
import { createPaymentHistoryService } from '../../payments/history/service';
import { createTaxpayerService } from '../../taxpayers/service';
import { createAssessmentService } from '../service';
import { type DecisionLetter, renderDecisionLetterPdf } from './letter';
import { type NoticeDocument, renderNoticePdf } from './notice';
import {
  type NoticeAssessmentRow,
  selectAssessmentById,
  selectAssessmentByNoticeNumber,
  selectAssessmentByPublicCode,
  selectLgaName,
  selectObjectionForLetter,
} from './queries';

export type NoticeServiceDeps = Pick<
  PaymentDeps,
  'db' | 'config' | 'secrets' | 'files' | 'settlements'
>;

const UNKNOWN_NOTICE =
  'No notice of assessment has this verification code. It may have been mistyped, or the notice is not genuine.';

const isStanding = (status: string) =>
  (STANDING_ASSESSMENT_STATUSES as readonly string[]).includes(status);

type PdfFile = { body: Buffer; fileName: string };

const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');

/** The kinds this officer works with (ASSESSMENT_KINDS_OF); another kind does not exist for them. */
function mayRead(actor: Actor, kind: AssessmentKind): boolean {
  return assessmentKindsOf(actor.userType).includes(kind);
}

/** The stored computation as the notice prints it; null parts when the row does not parse. */
function computationOf(
  row: NoticeAssessmentRow,
): Pick<NoticeDocument, 'direct' | 'presumptive' | 'lawTitle'> {
  if (row.kind === 'direct') {
    const parsed = PersonalIncomeTaxComputation.safeParse(row.computation);
    if (!parsed.success) return { direct: null, presumptive: null, lawTitle: row.law };
    const c = parsed.data;
    const lines = StoredIncomeLines.safeParse(row.input);
    const incomes = lines.success
      ? lines.data.incomes.map((l) => ({
          label: INCOME_SOURCE_LABELS[l.source],
          amountKobo: l.amountKobo,
        }))
      : [{ label: 'Gross income', amountKobo: c.grossIncomeKobo }];
    return {
      lawTitle: c.lawTitle,
      presumptive: null,
      direct: {
        incomes,
        grossIncomeKobo: c.grossIncomeKobo,
        // The CRA has its own line, with its breakdown; the rest are the claimed deductions.
        consolidatedRelief: c.consolidatedRelief,
        deductions: c.deductions
          // The engine lists every kind; the notice shows the ones claimed or allowed.
          .filter(
            (d) => d.kind !== 'consolidatedRelief' && (d.claimedKobo > 0 || d.allowedKobo > 0),
          )
          .map((d) => ({
            label: RELIEF_LABELS[d.kind],
            claimedKobo: d.claimedKobo,
            allowedKobo: d.allowedKobo,
            capKobo: d.capKobo,
            note: d.note,
          })),
        reliefsKobo: c.reliefsKobo,
        chargeableIncomeKobo: c.chargeableIncomeKobo,
        bands: c.bands,
        computedTaxKobo: c.computedTaxKobo,
        minimumTaxKobo: c.minimumTaxKobo,
        minimumTaxApplied: c.minimumTaxApplied,
        exemptMinimumWage: c.exemptMinimumWage,
      },
    };
  }
  const parsed = StoredPresumptiveComputation.safeParse(row.computation);
  if (!parsed.success) return { direct: null, presumptive: null, lawTitle: row.law };
  const c = parsed.data;
  return {
    // The year's law presumes it (docs/tax-rules.md, "Presumptive tax"); the rule is the category's.
    lawTitle: `Presumptive tax: ${TRADE_CATEGORY_RULE_LABELS[c.rule]}`,
    direct: null,
    presumptive: {
      categoryName: c.categoryName,
      rule: c.rule,
      size: c.size,
      estimatedTurnoverKobo: c.estimatedTurnoverKobo,
      turnoverThresholdKobo: c.turnoverThresholdKobo,
      rateBasisPoints: c.rateBasisPoints,
      note: c.note,
    },
  };
}

/** A presumptive notice names where the trade is, as the assessment's page does. */
async function withTradePlaceOf(
  db: Db,
  row: NoticeAssessmentRow,
  computation: Pick<NoticeDocument, 'direct' | 'presumptive' | 'lawTitle'>,
) {
  if (!computation.presumptive) return computation;
  const lga = row.lgaId === null ? null : await selectLgaName(db, row.lgaId);
  const where = [row.tradeLocation, lga ? `${lga} LGA` : null].filter(Boolean).join(', ');
  return { ...computation, presumptive: { ...computation.presumptive, where: where || null } };
}

/**
 * The documents of an assessment (docs/product.md §7 Assessment): its notice, the public check of the
 * notice's QR code, and the letter answering an objection. Reads only: nothing here changes.
 */
export function createNoticeService(deps: NoticeServiceDeps) {
  const { db, config } = deps;
  const taxpayers = createTaxpayerService({ db, files: deps.files });
  const payments = createPaymentHistoryService(deps);
  // The money on a notice is the assessment's own view of it (paid across revisions, penalty
  // and interest from the dated settings), never a second computation here.
  const assessments = createAssessmentService({ db, config });

  /** Every public check, by code or by number, counts against one limit per address. */
  function limitChecks(actor: Actor): Promise<void> {
    return limitPerMinute(db, {
      bucket: 'notice-verify',
      ip: actor.ip,
      perMinute: config.publicCheckRateLimitPerMinute,
      what: 'notice checks',
    });
  }

  /** The RRR of the newest bill still pending for the assessment, if any. */
  async function pendingRrrOf(actor: Actor, assessmentId: string): Promise<string | null> {
    const query = PaymentListQuery.parse({
      assessmentId,
      status: 'pending',
      sort: '-createdAt',
      pageSize: 1,
    });
    const page = await payments.findPayments(actor, query);
    return page.items[0]?.rrr ?? null;
  }

  return {
    /** The notice of an issued assessment; `requestOrigin` unless PUBLIC_URL is set (as receipts). */
    async noticePdf(actor: Actor, id: string, requestOrigin: string): Promise<PdfFile> {
      const row = await selectAssessmentById(db, id);
      if (!row || !mayRead(actor, row.kind)) throw new AppError('NOT_FOUND', 'No such assessment.');
      if (!row.noticeNumber || !row.issuedAt || !row.dueDate) {
        throw new AppError(
          'CONFLICT',
          row.status === 'draft'
            ? 'This assessment is a draft: it has no notice until it is issued.'
            : 'This assessment was never issued, so it has no notice to print.',
          { details: { status: row.status } },
        );
      }
      const view = await assessments.getAssessmentForNotice(row.id);
      if (!view) throw new AppError('NOT_FOUND', 'No such assessment.');
      const taxpayer = await taxpayers.getTaxpayer(actor, row.btin);
      const address = [taxpayer.address, taxpayer.townName, taxpayer.lgaName, taxpayer.stateName]
        .filter(Boolean)
        .join(', ');
      const notice: NoticeDocument = {
        noticeNumber: row.noticeNumber,
        publicCode: row.publicCode,
        kind: row.kind,
        taxYear: row.taxYear,
        issuedOn: todayInLagos(row.issuedAt),
        dueDate: row.dueDate,
        taxpayer: { name: taxpayer.displayName, btin: taxpayer.btin, address: address || null },
        ...(await withTradePlaceOf(db, row, computationOf(row))),
        taxKobo: row.taxKobo,
        paidKobo: view.paidKobo,
        late:
          view.isPenaltyWaived || view.penaltyKobo + view.interestKobo > 0
            ? {
                daysLate: view.daysLate,
                penaltyKobo: view.penaltyKobo,
                interestKobo: view.interestKobo,
                isWaived: view.isPenaltyWaived,
              }
            : null,
        pendingRrr: await pendingRrrOf(actor, row.id),
      };
      return {
        body: await renderNoticePdf(
          notice,
          config.publicUrl ?? requestOrigin,
          await readLetterhead(db, deps.files),
        ),
        fileName: `notice-${fileSafe(row.noticeNumber)}.pdf`,
      };
    },

    /** The public check by the notice's code (ADR 0032; rate-limited per address). */
    async verifyNotice(actor: Actor, code: string): Promise<PublicAssessmentView> {
      await limitChecks(actor);
      const row = await selectAssessmentByPublicCode(db, code);
      if (!row?.noticeNumber || !row.issuedAt) throw new AppError('NOT_FOUND', UNKNOWN_NOTICE);
      const taxpayer = await taxpayers.getTaxpayer(actor, row.btin);
      return {
        noticeNumber: row.noticeNumber,
        isGenuine: isStanding(row.status),
        status: row.status,
        maskedName: maskPublicName(taxpayer.displayName),
        taxYear: row.taxYear,
        kind: row.kind,
        amountKobo: row.taxKobo,
        // The day, not the time (ADR 0032).
        issuedOn: todayInLagos(row.issuedAt),
      };
    },

    /**
     * The bare notice number's check (ADR 0032): a standing notice with this number and this tax
     * assessed, or not. Nothing else, so walking the numbers learns nothing.
     */
    async matchNotice(
      actor: Actor,
      noticeNumber: string,
      amountKobo: number,
    ): Promise<PublicMatch> {
      await limitChecks(actor);
      const row = await selectAssessmentByNoticeNumber(db, noticeNumber);
      return {
        match: !!row?.issuedAt && isStanding(row.status) && row.taxKobo === amountKobo,
      };
    },

    /** The letter answering a decided objection (409 while it is open). */
    async decisionLetterPdf(actor: Actor, objectionId: string): Promise<PdfFile> {
      const row = await selectObjectionForLetter(db, objectionId);
      if (!row || !mayRead(actor, row.assessment.kind)) {
        throw new AppError('NOT_FOUND', 'No such objection.');
      }
      if (row.status === 'open' || !row.decidedAt) {
        throw new AppError(
          'CONFLICT',
          'This objection has not been decided yet, so there is no letter to print.',
          { details: { status: row.status } },
        );
      }
      const taxpayer = await taxpayers.getTaxpayer(actor, row.assessment.btin);
      const address = [taxpayer.address, taxpayer.townName, taxpayer.lgaName, taxpayer.stateName]
        .filter(Boolean)
        .join(', ');
      const noticeNumber = row.assessment.noticeNumber ?? '(no notice number)';
      const letter: DecisionLetter = {
        decidedOn: todayInLagos(row.decidedAt),
        filedOn: todayInLagos(row.filedAt),
        taxpayer: { name: taxpayer.displayName, btin: taxpayer.btin, address: address || null },
        noticeNumber,
        taxYear: row.assessment.taxYear,
        assessedKobo: row.assessment.taxKobo,
        grounds: row.grounds,
        disputedKobo: row.disputedKobo,
        decision: row.status,
        reasons: row.decisionReasons ?? '',
        revised:
          row.revisedTaxKobo === null
            ? null
            : { noticeNumber: row.revisedNoticeNumber, taxKobo: row.revisedTaxKobo },
        decidedBy:
          row.deciderFirstName && row.deciderSurname
            ? `${row.deciderFirstName} ${row.deciderSurname}`
            : null,
      };
      return {
        body: await renderDecisionLetterPdf(letter, await readLetterhead(db, deps.files)),
        fileName: `objection-decision-${fileSafe(noticeNumber)}.pdf`,
      };
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
