import type { TccStage, TccStatus } from './enums';

/**
 * The TCC state machine of docs/architecture.md §5 as pure functions: which stage a status waits on, where
 * an approval or a rejection takes it. Who may act is checked by the server (the stage's
 * permission, separation of duties); these only say what the chain allows.
 */

const PENDING_STAGE: Partial<Record<TccStatus, TccStage>> = {
  pending_director_assessment: 'director_assessment',
  pending_director_collection: 'director_collection',
  pending_chairman: 'chairman',
};

const REJECTED_AT: Record<TccStage, TccStatus> = {
  director_assessment: 'rejected_director_assessment',
  director_collection: 'rejected_director_collection',
  chairman: 'rejected_chairman',
};

const PENDING_AT: Record<TccStage, TccStatus> = {
  director_assessment: 'pending_director_assessment',
  director_collection: 'pending_director_collection',
  chairman: 'pending_chairman',
};

const APPROVED_TO: Record<TccStage, TccStatus> = {
  director_assessment: 'pending_director_collection',
  director_collection: 'pending_chairman',
  chairman: 'approved',
};

/** The stage a certificate in `status` waits on, or null when it waits on no approver. */
export function stageAwaited(status: TccStatus): TccStage | null {
  return PENDING_STAGE[status] ?? null;
}

/** The status in which `stage` has a certificate to decide. */
export function pendingStatusOf(stage: TccStage): TccStatus {
  return PENDING_AT[stage];
}

/** Where `stage`'s approval takes a certificate (the chairman's: approved). */
export function statusAfterApproval(stage: TccStage): TccStatus {
  return APPROVED_TO[stage];
}

/** Where `stage`'s rejection takes a certificate: back to the generating officer. */
export function statusAfterRejection(stage: TccStage): TccStatus {
  return REJECTED_AT[stage];
}

/** A rejected certificate may be amended and resubmitted; it starts the chain again. */
export function isAmendable(status: TccStatus): boolean {
  return (
    status === 'rejected_director_assessment' ||
    status === 'rejected_director_collection' ||
    status === 'rejected_chairman'
  );
}

/** Only a certificate that exists (approved, printed) may be revoked. */
export function isRevocable(status: TccStatus): boolean {
  return status === 'approved' || status === 'printed';
}

/** Only an approved certificate is printed (again, as a copy, once printed). */
export function isPrintable(status: TccStatus): boolean {
  return status === 'approved' || status === 'printed';
}

/** The status a resubmitted certificate enters: the first stage again (docs/architecture.md §5). */
export const RESUBMITTED_STATUS: TccStatus = 'pending_director_assessment';
