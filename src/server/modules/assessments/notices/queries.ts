import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { assessments, lgas, objections, officers } from '../../../db/schema';

/**
 * The reads the documents of an assessment need: the assessment, an objection with the notices
 * it concerns, and a dated tax setting. Read only; the lifecycle's writes live beside it.
 */

export type NoticeAssessmentRow = typeof assessments.$inferSelect;

/** An LGA's name, for the place of a trade on a presumptive notice. */
export async function selectLgaName(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ name: lgas.name }).from(lgas).where(eq(lgas.id, id)).limit(1);
  return row?.name ?? null;
}

export async function selectAssessmentById(
  db: Db,
  id: string,
): Promise<NoticeAssessmentRow | null> {
  const [row] = await db.select().from(assessments).where(eq(assessments.id, id)).limit(1);
  return row ?? null;
}

export async function selectAssessmentByNoticeNumber(
  db: Db,
  noticeNumber: string,
): Promise<NoticeAssessmentRow | null> {
  const [row] = await db
    .select()
    .from(assessments)
    .where(eq(assessments.noticeNumber, noticeNumber))
    .limit(1);
  return row ?? null;
}

/** An assessment by its public code (ADR 0032), looked up by its unique index. */
export async function selectAssessmentByPublicCode(
  db: Db,
  code: string,
): Promise<NoticeAssessmentRow | null> {
  const [row] = await db
    .select()
    .from(assessments)
    .where(eq(assessments.publicCode, code))
    .limit(1);
  return row ?? null;
}

const objected = alias(assessments, 'objected_assessment');
const revised = alias(assessments, 'revised_assessment');

/** An objection with the notice objected to, the revised one if any, and who decided. */
export async function selectObjectionForLetter(db: Db, id: string) {
  const [row] = await db
    .select({
      id: objections.id,
      status: objections.status,
      grounds: objections.grounds,
      disputedKobo: objections.disputedKobo,
      filedAt: objections.filedAt,
      decidedAt: objections.decidedAt,
      decisionReasons: objections.decisionReasons,
      assessment: {
        id: objected.id,
        kind: objected.kind,
        btin: objected.btin,
        taxYear: objected.taxYear,
        noticeNumber: objected.noticeNumber,
        taxKobo: objected.taxKobo,
      },
      revisedNoticeNumber: revised.noticeNumber,
      revisedTaxKobo: revised.taxKobo,
      deciderFirstName: officers.firstName,
      deciderSurname: officers.surname,
    })
    .from(objections)
    .innerJoin(objected, eq(objected.id, objections.assessmentId))
    .leftJoin(revised, eq(revised.id, objections.revisedAssessmentId))
    .leftJoin(officers, eq(officers.id, objections.decidedBy))
    .where(eq(objections.id, id))
    .limit(1);
  return row ?? null;
}

export type ObjectionLetterRow = NonNullable<Awaited<ReturnType<typeof selectObjectionForLetter>>>;
