import { stageAwaited } from '../../../../shared/tcc/chain';
import {
  TCC_OPEN_STATUSES,
  TCC_STAGE_LABELS,
  TCC_STAGE_PERMISSION,
  TCC_WAIT_WARNING_DAYS,
  type TccStatus,
} from '../../../../shared/tcc/enums';
import type { TccScreen } from '../../../../shared/tcc/lists';
import type { TccHistoryEntry, TccListItem, TccSort } from '../../../../shared/tcc/views';

/**
 * What the TCC screens say about a certificate, as pure functions (the list and the page share
 * them; tccText.test.ts holds them). Zod-free: the lists load first.
 */

/** A certificate still waits on someone (an approver, its fee, or its officer after a rejection). */
export function isWaiting(status: TccStatus): boolean {
  return (TCC_OPEN_STATUSES as readonly TccStatus[]).includes(status);
}

/**
 * Highlighted in a list: the law expects an answer within two weeks (docs/tax-rules.md, Tax
 * Clearance Certificate), so one waiting past TCC_WAIT_WARNING_DAYS needs attention.
 */
export function isWaitingTooLong(item: Pick<TccListItem, 'status' | 'waitingDays'>): boolean {
  return isWaiting(item.status) && item.waitingDays > TCC_WAIT_WARNING_DAYS;
}

/**
 * "Today", "1 day", "12 days"; an approved one waits on the printing officer; a printed or
 * revoked one waits on nobody: "—".
 */
export function waitingText(item: Pick<TccListItem, 'status' | 'waitingDays'>): string {
  if (!isWaiting(item.status) && item.status !== 'approved') return '—';
  if (item.waitingDays <= 0) return 'Today';
  return item.waitingDays === 1 ? '1 day' : `${item.waitingDays} days`;
}

/** Whom the certificate waits on now, in words, or null once decided. */
export function awaitedText(status: TccStatus): string | null {
  const stage = stageAwaited(status);
  if (stage) return `Waiting for the ${TCC_STAGE_LABELS[stage]}'s decision`;
  if (status === 'awaiting_payment') return 'Waiting for the processing fee to be paid';
  if (status === 'approved') return 'Approved: waiting for the printing officer';
  if (isWaiting(status)) return 'Sent back to the generating officer to amend and resubmit';
  return null;
}

/**
 * The screens where a stage's approver works through a queue: "Approve selected" appears there
 * for an officer holding that stage's permission (docs/product.md §2 pending-… lists).
 */
export function bulkApproveStage(
  screen: Pick<TccScreen, 'view' | 'stage'>,
  permissions: readonly string[],
) {
  if (screen.view !== 'stage-pending' || !screen.stage) return null;
  return permissions.includes(TCC_STAGE_PERMISSION[screen.stage]) ? screen.stage : null;
}

const HISTORY_TEXT: Record<TccHistoryEntry['action'], string> = {
  generated: 'Generated',
  fee_paid: 'Processing fee paid',
  approved: 'Approved',
  rejected: 'Rejected',
  resubmitted: 'Amended and resubmitted',
  printed: 'Printed',
  revoked: 'Revoked',
};

/** A history line's headline: "Approved by the Director of Assessment", "Printed". */
export function historyText(entry: Pick<TccHistoryEntry, 'action' | 'stage'>): string {
  const what = HISTORY_TEXT[entry.action];
  const stage = entry.stage ? TCC_STAGE_LABELS[entry.stage] : null;
  return stage && (entry.action === 'approved' || entry.action === 'rejected')
    ? `${what} by the ${stage}`
    : what;
}

/** What the comment of a history line is, so the timeline labels it. */
export function historyCommentLabel(action: TccHistoryEntry['action']): string {
  if (action === 'rejected' || action === 'revoked') return 'Reason';
  if (action === 'resubmitted') return 'What was changed';
  return 'Comment';
}

/** The comment of the latest history line of `action` (the rejection's reason), or null. */
export function latestReason(
  history: readonly Pick<TccHistoryEntry, 'action' | 'comment' | 'at'>[],
  action: TccHistoryEntry['action'],
): string | null {
  let latest: Pick<TccHistoryEntry, 'comment' | 'at'> | null = null;
  for (const entry of history) {
    if (entry.action === action && (!latest || entry.at >= latest.at)) latest = entry;
  }
  return latest?.comment ?? null;
}

/**
 * What a TCC list is sorted by, as ListTable's "Sorted by: …" line reads it (the queues say
 * which wait comes first).
 */
export function tccSortText(sort: TccSort): string {
  switch (sort) {
    case '-waiting':
      return 'time waiting at this step, the certificate that has waited longest first';
    case 'waiting':
      return 'time waiting at this step, the one that reached it most recently first';
    case 'queue':
      return 'approved certificates waiting to be printed first, the one approved longest ago at the top; then printed and revoked ones';
    case '-generatedAt':
      return 'date generated, newest first';
    case 'generatedAt':
      return 'date generated, oldest first';
    case 'number':
      return 'certificate number, lowest first';
    case '-number':
      return 'certificate number, highest first';
  }
}

export type TccResubmission = {
  at: string;
  by: string | null;
  note: string | null;
  /** The rejection it answered: by whom (the stage's role), when, why. */
  rejection: { at: string; by: string | null; reason: string | null } | null;
};

/**
 * The latest resubmission of a certificate and the rejection before it, or null when it was
 * never resubmitted. A certificate rejected again since shows its new rejection instead (the
 * page's "Sent back to be amended"), so this is null then too.
 */
export function lastResubmission(
  history: readonly Pick<TccHistoryEntry, 'action' | 'comment' | 'at' | 'actor' | 'stage'>[],
): TccResubmission | null {
  const ordered = [...history].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  let at = -1;
  ordered.forEach((entry, i) => {
    if (entry.action === 'resubmitted') at = i;
  });
  const resubmitted = ordered[at];
  if (!resubmitted) return null;
  if (ordered.slice(at + 1).some((entry) => entry.action === 'rejected')) return null;
  const rejected = ordered
    .slice(0, at)
    .reverse()
    .find((entry) => entry.action === 'rejected');
  return {
    at: resubmitted.at,
    by: resubmitted.actor?.name ?? null,
    note: resubmitted.comment,
    rejection: rejected
      ? {
          at: rejected.at,
          by: rejected.stage
            ? `the ${TCC_STAGE_LABELS[rejected.stage]}`
            : (rejected.actor?.name ?? null),
          reason: rejected.comment,
        }
      : null,
  };
}
