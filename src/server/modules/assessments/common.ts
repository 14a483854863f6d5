import {
  type AssessmentKind,
  type AssessmentView,
  assessmentKindsOf,
} from '../../../shared/assessments';
import { todayInLagos } from '../../../shared/dates';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type AssessmentRow, selectAssessmentView } from './queries';
import { loadTaxSettings } from './settings';
import { toAssessmentView } from './view';

/** Helpers every assessment service shares. */

/** Every action checks the kind is one the actor works with (ASSESSMENT_KINDS_OF): 403 otherwise. */
export function assertKind(actor: Actor, kind: AssessmentKind): void {
  if (!assessmentKindsOf(actor.userType).includes(kind)) {
    throw new AppError(
      'FORBIDDEN',
      kind === 'direct'
        ? 'Your account does not work with direct assessments.'
        : 'Your account does not work with presumptive tax.',
    );
  }
}

export function notFound(): AppError {
  return new AppError('NOT_FOUND', 'No assessment has this id.');
}

/** The view of one assessment as of today (penalty and interest counted to today, in Lagos). */
export async function assessmentViewOf(db: Db, id: string): Promise<AssessmentView> {
  const [row, settings] = await Promise.all([selectAssessmentView(db, id), loadTaxSettings(db)]);
  if (!row) throw notFound();
  return toAssessmentView(row, settings, todayInLagos());
}

/** What an audit row keeps of an assessment: its facts, not the stored computation. */
export function auditedAssessment(row: AssessmentRow) {
  return {
    noticeNumber: row.noticeNumber,
    kind: row.kind,
    source: row.source,
    status: row.status,
    btin: row.btin,
    taxYear: row.taxYear,
    law: row.law,
    grossIncomeKobo: row.grossIncomeKobo,
    chargeableIncomeKobo: row.chargeableIncomeKobo,
    taxKobo: row.taxKobo,
    paidKobo: row.paidKobo,
    dueDate: row.dueDate,
    revisionOf: row.revisionOf,
  };
}

/** The standing assessment's 409, naming the notice that stands. */
export function standingConflict(
  existing: Pick<AssessmentRow, 'id' | 'noticeNumber' | 'taxYear'> | null,
) {
  return new AppError(
    'CONFLICT',
    existing?.noticeNumber
      ? `Assessment ${existing.noticeNumber} already stands for this taxpayer and year. Cancel or revise it first.`
      : 'An assessment already stands for this taxpayer, year and kind. Cancel or revise it first.',
    { details: { existingId: existing?.id ?? null, noticeNumber: existing?.noticeNumber ?? null } },
  );
}

/** The notice number's kind code: DA for direct assessment, PT for presumptive tax. */
const NOTICE_CODE = { direct: 'DA', presumptive: 'PT' } as const;

/** `<RECEIPT_PREFIX>/DA/2026/000042`: six digits hold a million notices a year and kind. */
export function formatNoticeNumber(
  prefix: string,
  kind: AssessmentRow['kind'],
  year: number,
  sequence: number,
): string {
  return `${prefix}/${NOTICE_CODE[kind]}/${year}/${String(sequence).padStart(6, '0')}`;
}
