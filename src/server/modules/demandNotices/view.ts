import { type DemandNoticeView, demandNoticeViewStatus } from '../../../shared/demandNotices';
import type { Db } from '../../db/client';
import { officerUsernames } from '../officers/service';
import {
  type DemandNoticeListRow,
  type DemandNoticeRow,
  selectNoticeBills,
  selectNoticeLines,
} from './queries';

/** What the audit trail keeps of a notice (its lines are written once, when it is issued). */
export function auditedNotice(row: DemandNoticeRow) {
  return {
    number: row.number,
    mdaId: row.mdaId,
    btin: row.btin,
    status: row.status,
    totalKobo: row.totalKobo,
    paidKobo: row.paidKobo,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    cancelReason: row.cancelReason,
  };
}

/** The views of a page of notices: their lines, their newest bill and who issued them, batched. */
export async function noticeViewsOf(
  db: Db,
  rows: readonly DemandNoticeListRow[],
  today: string,
): Promise<DemandNoticeView[]> {
  const ids = rows.map((r) => r.notice.id);
  const [lines, bills, usernames] = await Promise.all([
    selectNoticeLines(db, ids),
    selectNoticeBills(db, ids),
    officerUsernames(
      db,
      rows.map((r) => r.notice.createdBy),
    ),
  ]);
  return rows.map(({ notice, mdaCode, mdaName }) => {
    // The newest bill, unless it was cancelled while an older one still stands.
    const own = bills.filter((b) => b.subjectId === notice.id);
    const bill = own.find((b) => b.status !== 'cancelled') ?? own[0] ?? null;
    return {
      id: notice.id,
      number: notice.number,
      status: demandNoticeViewStatus(notice.status, notice.dueOn, today),
      mda: { id: notice.mdaId, code: mdaCode, name: mdaName },
      btin: notice.btin,
      payerName: notice.payerName,
      payerPhone: notice.payerPhone,
      lines: lines
        .filter((l) => l.demandNoticeId === notice.id)
        .map((l) => ({
          revenueHeadCode: l.revenueHeadCode,
          revenueHeadName: l.revenueHeadName,
          description: l.description,
          quantity: l.quantity,
          unitAmountKobo: l.unitAmountKobo,
          amountKobo: l.amountKobo,
        })),
      totalKobo: notice.totalKobo,
      paidKobo: notice.paidKobo,
      outstandingKobo:
        notice.status === 'cancelled' ? 0 : Math.max(0, notice.totalKobo - notice.paidKobo),
      issuedOn: notice.issuedOn,
      dueOn: notice.dueOn,
      bill: bill
        ? {
            id: bill.id,
            rrr: bill.rrr,
            status: bill.status,
            // As the bill's own view says it (rrrConfirmation.ts): paymentinit sent, no answer yet.
            isRrrPendingConfirmation:
              bill.rrr === null && bill.rrrRequestedAt !== null && bill.status === 'pending',
          }
        : null,
      cancelReason: notice.cancelReason,
      cancelledAt: notice.cancelledAt?.toISOString() ?? null,
      createdBy: notice.createdBy ? (usernames.get(notice.createdBy) ?? null) : null,
      createdAt: notice.createdAt.toISOString(),
    };
  });
}
