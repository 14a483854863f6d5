import { and, asc, desc, eq } from 'drizzle-orm';
import type {
  TccEvidenceItem,
  TccHistoryEntry,
  TccListItem,
  TccView,
  TccYear,
} from '../../../shared/tcc/views';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { mdas, payments, taxpayers, tccEvidence, tccs } from '../../db/schema';
import { actionsFor, canReadKind, notFound, wholeDaysBetween } from './common';
import {
  findTcc,
  selectActingOn,
  selectOfficerNames,
  selectTccHistory,
  type TccActing,
  type TccRow,
} from './queries';

/** The holder as stored on the certificate (TccHolder). */
export type TccHolderRecord = {
  name: string;
  address: string | null;
  nationalId: string | null;
  phone: string | null;
  hasPhoto: boolean;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One row of a list, as the viewer sees it (their actions, its wait in whole days). */
export function toTccListItem(
  actor: Actor,
  row: TccRow,
  names: ReadonlyMap<string, string>,
  acting: readonly TccActing[],
  now: Date,
): TccListItem {
  const holder = row.holder as TccHolderRecord;
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    btin: row.btin,
    name: holder.name,
    purpose: row.purpose,
    generatedAt: row.createdAt.toISOString(),
    generatedBy: row.createdBy
      ? { id: row.createdBy, name: names.get(row.createdBy) ?? 'Former officer' }
      : null,
    statusChangedAt: row.statusChangedAt.toISOString(),
    waitingDays: wholeDaysBetween(row.statusChangedAt, now),
    flagged: row.flagged,
    actions: actionsFor(actor, row, acting),
  };
}

/** List items for many rows at once: officer names and who acted, in two queries. */
export async function toTccListItems(
  db: Db,
  actor: Actor,
  rows: readonly TccRow[],
  now: Date = new Date(),
): Promise<TccListItem[]> {
  const [names, acting] = await Promise.all([
    selectOfficerNames(
      db,
      rows.map((r) => r.createdBy),
    ),
    selectActingOn(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((row) => toTccListItem(actor, row, names, acting.get(row.id) ?? [], now));
}

/** One certificate as the viewer sees it: 404 when it is not of a kind they read. */
export async function tccViewOf(
  db: Db,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<TccView> {
  const row = await findTcc(db, id);
  if (!row || !canReadKind(actor, row.kind)) throw notFound();
  const [history, employer, mda, fee, duplicateOf, evidence] = await Promise.all([
    selectTccHistory(db, id),
    row.employerBtin
      ? db
          .select({ btin: taxpayers.btin, name: taxpayers.displayName })
          .from(taxpayers)
          .where(eq(taxpayers.btin, row.employerBtin))
          .limit(1)
      : Promise.resolve([]),
    row.mdaId
      ? db
          .select({ id: mdas.id, name: mdas.name })
          .from(mdas)
          .where(eq(mdas.id, row.mdaId))
          .limit(1)
      : Promise.resolve([]),
    row.feeKobo > 0
      ? db
          .select({ id: payments.id, rrr: payments.rrr, status: payments.status })
          .from(payments)
          .where(and(eq(payments.subjectKind, 'tcc'), eq(payments.subjectId, row.id)))
          .orderBy(desc(payments.createdAt))
          .limit(1)
      : Promise.resolve([]),
    row.duplicateOf
      ? db
          .select({ id: tccs.id, number: tccs.number, expiresOn: tccs.expiresOn })
          .from(tccs)
          .where(eq(tccs.id, row.duplicateOf))
          .limit(1)
      : Promise.resolve([]),
    db
      .select()
      .from(tccEvidence)
      .where(eq(tccEvidence.tccId, row.id))
      .orderBy(asc(tccEvidence.uploadedAt), asc(tccEvidence.id)),
  ]);
  const names = await selectOfficerNames(db, [row.createdBy, ...evidence.map((e) => e.uploadedBy)]);
  const acting: TccActing[] = history
    .filter(
      (h) => h.actorId && ['generated', 'resubmitted', 'approved', 'rejected'].includes(h.action),
    )
    .map((h) => ({ actorId: h.actorId as string, action: h.action, stage: h.stage }));
  const item = toTccListItem(actor, row, names, acting, now);
  const holder = row.holder as TccHolderRecord;
  const feePayment = fee[0];
  return {
    ...item,
    holder,
    purposeDetail: row.purposeDetail,
    sourceOfIncome: row.sourceOfIncome,
    comment: row.comment,
    years: row.years as TccYear[],
    exemption:
      row.exemptionReason && row.evidenceNote
        ? { reason: row.exemptionReason, evidenceNote: row.evidenceNote }
        : null,
    employer: employer[0] ?? null,
    mda: mda[0] ?? null,
    staffNumber: row.staffNumber,
    fee:
      row.feeKobo > 0
        ? {
            amountKobo: row.feeKobo,
            rrr: feePayment?.rrr ?? null,
            paymentId: feePayment?.id ?? null,
            paymentStatus: feePayment?.status ?? null,
          }
        : null,
    issuedAt: iso(row.issuedAt),
    expiresOn: row.expiresOn,
    printCount: row.printCount,
    lastPrintedAt: iso(row.lastPrintedAt),
    revokedAt: iso(row.revokedAt),
    revokeReason: row.revokeReason,
    history: history.map(
      (h): TccHistoryEntry => ({
        id: h.id,
        action: h.action,
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        stage: h.stage,
        actor: h.actorId ? { id: h.actorId, name: h.actorName ?? 'Former officer' } : null,
        comment: h.comment,
        at: h.at.toISOString(),
      }),
    ),
    duplicate:
      duplicateOf[0] && row.duplicateReason
        ? { of: duplicateOf[0], reason: row.duplicateReason }
        : null,
    evidence: evidence.map(
      (e): TccEvidenceItem => ({
        id: e.id,
        fileName: e.fileName,
        contentType: e.contentType,
        sizeBytes: e.sizeBytes,
        uploadedBy: e.uploadedBy
          ? { id: e.uploadedBy, name: names.get(e.uploadedBy) ?? 'Former officer' }
          : null,
        uploadedAt: e.uploadedAt.toISOString(),
      }),
    ),
    version: row.version,
  };
}
