import { todayInLagos } from '../../../../shared/dates';
import {
  type AttentionItem,
  type AttentionList,
  type AttentionQuery,
  REFUSED_NOTIFICATION_DAYS,
} from '../../../../shared/payments';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { findRecentEventsOfAction } from '../../audit/service';
import { listMdasWithRemitaFault, selectMdaNames } from '../../mdas/service';
import { type PaymentRow, selectUnconfirmedBills } from '../ledger/queries';

/**
 * "Payments needing attention" (ADR 0031): one list of what RevDesk could not settle on its
 * own, each with what to do. Three sources, each read through an index and never by scanning
 * the ledger: MDAs with a Remita fault (mdas.remita_fault_*, tens of rows), bills pending RRR
 * confirmation (the partial index of migration 0017: few), and refused notifications (the
 * audit trail's (action, occurred_at) index, the last REFUSED_NOTIFICATION_DAYS days, one row
 * per notification). They are paged as one list in that order.
 */

/** What to do about a refused item, by the reason notifications.ts gave it. */
const WHAT_TO_DO_BY_REASON: Record<string, string> = {
  'unknown-rrr':
    'Nothing was paid: Remita does not know this RRR. If such notifications keep coming, someone other than Remita may be sending them: set REMITA_NOTIFICATION_SOURCES to Remita’s addresses.',
  'unknown-mda':
    'No MDA collects with the service type this payment names. Add the service type to the right MDA under Manage MDAs, then use “Re-check and record” on the RRR.',
  'mda-not-configured':
    'The MDA has no Remita credentials. Add them under Manage MDAs, then use “Re-check and record” on the RRR.',
  'remita-auth-failed':
    'Remita refused the MDA’s settings. Check its merchant ID, service types and API key under Manage MDAs, then use “Re-check and record” on the RRR.',
  'remita-unavailable':
    'Remita could not be asked just now; Remita sends the notification again by itself. If the payer shows a receipt, use “Re-check and record” on the RRR.',
  unpaid:
    'Remita says the RRR is not paid (yet). Nothing to do unless the payer shows a receipt: then use “Re-check and record” on the RRR.',
  'amount-mismatch':
    'The notification claims an amount Remita does not confirm: nothing was recorded. Compare the payer’s receipt with Remita; this may be a forged notification.',
  'bill-amount-mismatch':
    'The amount paid differs from the bill. Compare the payer’s receipt with the bill, then raise a bill for any difference or ask Remita.',
  'malformed-item':
    'RevDesk could not read this item. If it came from Remita, ask Remita for the payment’s RRR and use “Re-check and record”; otherwise nothing to do.',
};

const FALLBACK_WHAT_TO_DO =
  'Open the audit trail for this notification, and use “Re-check and record” on the RRR if the payer shows a receipt.';

type RefusedItem = {
  rrr?: string | null;
  reason?: string;
  message?: string;
  mdaId?: string | null;
};

/** A refused-notification row: one per request since ADR 0031, one per item before it. */
function refusedItemsOf(after: unknown): { items: RefusedItem[]; refusedCount: number } {
  const value = (after ?? {}) as {
    items?: RefusedItem[];
    refusedCount?: number;
  } & RefusedItem;
  if (Array.isArray(value.items)) {
    return { items: value.items, refusedCount: value.refusedCount ?? value.items.length };
  }
  return { items: [value], refusedCount: 1 };
}

/** The part of the page [start, start + limit) that falls in a source of `count` rows at `at`. */
function windowIn(at: number, count: number, start: number, limit: number) {
  const from = Math.max(start, at);
  const to = Math.min(start + limit, at + count);
  return { offset: from - at, limit: Math.max(0, to - from) };
}

function lagosDayDaysAgo(days: number): string {
  return todayInLagos(new Date(Date.now() - days * 24 * 60 * 60_000));
}

function pendingItem(bill: PaymentRow, mdaName: string | null): AttentionItem {
  const payer = bill.payerName ? ` for ${bill.payerName}` : '';
  const at = mdaName ? ` at ${mdaName}` : '';
  const what = bill.rrrConfirmError
    ? `A bill${payer}${at} is waiting for its RRR from Remita. The last try failed: ${bill.rrrConfirmError}`
    : `A bill${payer}${at} is waiting for its RRR from Remita: Remita’s answer to RevDesk was lost.`;
  const whatToDo = bill.rrrConfirmError
    ? 'Put right what the failure names (most often the MDA’s Remita settings, under Manage MDAs). RevDesk keeps asking Remita by itself, less often after each failure and at least hourly; opening the bill asks at once.'
    : `RevDesk asks Remita for this bill every minute; opening the bill asks at once. If it still waits after a day, ask Remita about order ${bill.orderId ?? '(none)'}.`;
  return {
    id: `payment:${bill.id}`,
    kind: 'pending-confirmation',
    since: (bill.rrrRequestedAt ?? bill.createdAt).toISOString(),
    what,
    whatToDo,
    mdaId: bill.mdaId,
    mdaName,
    paymentId: bill.id,
    rrr: null,
    orderId: bill.orderId,
    amountKobo: bill.amountKobo,
    attempts: bill.rrrConfirmAttempts,
    nextAttemptAt: bill.rrrConfirmNextAt?.toISOString() ?? null,
    refusedCount: null,
  };
}

export function createAttentionService({ db }: { db: Db }) {
  return {
    async listNeedingAttention(_actor: Actor, query: AttentionQuery): Promise<AttentionList> {
      const wants = (kind: AttentionItem['kind']) => !query.kind || query.kind === kind;
      const start = (query.page - 1) * query.pageSize;
      const limit = query.pageSize;
      const items: AttentionItem[] = [];

      const faults = wants('mda-remita-fault') ? await listMdasWithRemitaFault(db) : [];
      const faultWindow = windowIn(0, faults.length, start, limit);
      for (const mda of faults.slice(faultWindow.offset, faultWindow.offset + faultWindow.limit)) {
        items.push({
          id: `mda:${mda.id}`,
          kind: 'mda-remita-fault',
          since: (mda.remitaFaultAt ?? new Date(0)).toISOString(),
          what: `Remita refuses ${mda.name}’s settings: ${mda.remitaFaultMessage ?? ''} (code ${mda.remitaFaultCode}).`,
          whatToDo: `Open ${mda.name} under Manage MDAs and compare its merchant ID, service types and API key with the MDA’s Remita profile. Until they are right its bills wait for their RRR and its notifications are not recorded; saving corrected settings clears this.`,
          mdaId: mda.id,
          mdaName: mda.name,
          paymentId: null,
          rrr: null,
          orderId: null,
          amountKobo: null,
          attempts: null,
          nextAttemptAt: null,
          refusedCount: null,
        });
      }

      let pendingCount = 0;
      if (wants('pending-confirmation')) {
        // The count first: the window of this source depends on it only for the next one.
        const probe = await selectUnconfirmedBills(db, { limit: 0, offset: 0 });
        pendingCount = probe.total;
        const window = windowIn(faults.length, pendingCount, start, limit);
        if (window.limit > 0) {
          const { rows } = await selectUnconfirmedBills(db, window);
          const names = await selectMdaNames(db, [...new Set(rows.map((r) => r.mdaId))]);
          for (const bill of rows) items.push(pendingItem(bill, names.get(bill.mdaId) ?? null));
        }
      }

      let refusedTotal = 0;
      if (wants('refused-notification')) {
        const at = faults.length + pendingCount;
        const window = windowIn(at, Number.MAX_SAFE_INTEGER, start, limit);
        const found = await findRecentEventsOfAction(
          db,
          'payment.notification_refused',
          lagosDayDaysAgo(REFUSED_NOTIFICATION_DAYS),
          window,
        );
        refusedTotal = found.total;
        const mdaIds = found.items.flatMap((row) =>
          refusedItemsOf(row.after).items.flatMap((i) => (i.mdaId ? [i.mdaId] : [])),
        );
        const names = await selectMdaNames(db, [...new Set(mdaIds)]);
        for (const row of found.items) {
          const { items: refused, refusedCount } = refusedItemsOf(row.after);
          const first = refused[0] ?? {};
          const reason = first.reason ?? 'unknown';
          const more =
            refusedCount > 1
              ? ` ${refusedCount - 1} more item(s) of the same notification were not recorded either.`
              : '';
          items.push({
            id: `audit:${row.id}`,
            kind: 'refused-notification',
            since: row.occurredAt.toISOString(),
            what: `Remita was answered OK for RRR ${first.rrr ?? '(unreadable)'}, but it was not recorded: ${first.message ?? reason}${more}`,
            whatToDo: WHAT_TO_DO_BY_REASON[reason] ?? FALLBACK_WHAT_TO_DO,
            mdaId: first.mdaId ?? null,
            mdaName: first.mdaId ? (names.get(first.mdaId) ?? null) : null,
            paymentId: row.entityType === 'payment' ? row.entityId : null,
            rrr: first.rrr ?? null,
            orderId: null,
            amountKobo: null,
            attempts: null,
            nextAttemptAt: null,
            refusedCount,
          });
        }
      }

      return {
        items,
        page: query.page,
        pageSize: query.pageSize,
        total: faults.length + pendingCount + refusedTotal,
      };
    },
  };
}
