import { isAmendable, isPrintable, isRevocable, stageAwaited } from '../../../shared/tcc/chain';
import {
  TCC_GENERATE_PERMISSION,
  TCC_KIND_LABELS,
  TCC_STAGE_LABELS,
  TCC_STAGE_PERMISSION,
  type TccKind,
  type TccStage,
  tccKindsOf,
} from '../../../shared/tcc/enums';
import type { TccAction } from '../../../shared/tcc/views';
import type { Actor } from '../../auth/actor';
import { AppError } from '../../errors';
import type { TccActing, TccRow } from './queries';

/** Helpers every TCC service shares: who may see and do what, numbers, audit shapes. */

export function notFound(): AppError {
  return new AppError('NOT_FOUND', 'No tax clearance certificate has this id.');
}

/** The kinds an officer reads (TCC_KINDS_OF); a certificate of another kind is a 404 to them. */
export function canReadKind(actor: Actor, kind: TccKind): boolean {
  return tccKindsOf(actor.userType).includes(kind);
}

/** 403 unless the actor may generate (amend, resubmit) certificates of this kind. */
export function assertMayGenerate(actor: Actor, kind: TccKind): void {
  if (!actor.permissions.includes(TCC_GENERATE_PERMISSION[kind])) {
    throw new AppError(
      'FORBIDDEN',
      `Your account does not generate ${TCC_KIND_LABELS[kind].toLowerCase()} certificates.`,
    );
  }
}

/** `<RECEIPT_PREFIX>/TCC/2026/000042`: six digits hold a million certificates a year. */
export function formatTccNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}/TCC/${year}/${String(sequence).padStart(6, '0')}`;
}

/**
 * Why `actor` may not decide at `stage` a certificate others acted on (docs/architecture.md §5, separation
 * of duties): the officer who generated or resubmitted it never approves it, and one person
 * decides at one stage only — an officer whose type changed cannot act at a second stage. Null
 * when nothing stands in the way. A director deciding again after a resubmission is a new round
 * at the same stage, which is allowed.
 */
export function separationOfDutiesBreach(
  actor: Actor,
  stage: TccStage,
  acting: readonly TccActing[],
): string | null {
  if (!actor.officerId) return null;
  const mine = acting.filter((a) => a.actorId === actor.officerId);
  if (mine.some((a) => a.action === 'generated' || a.action === 'resubmitted')) {
    return 'You generated or resubmitted this certificate: another officer must decide it.';
  }
  const other = mine.find((a) => a.stage && a.stage !== stage);
  if (other?.stage) {
    return `You already decided this certificate as ${TCC_STAGE_LABELS[other.stage]}: one person decides at one stage only.`;
  }
  return null;
}

/** What `actor` may do with a certificate now: the actions the page and the lists offer. */
export function actionsFor(
  actor: Actor,
  row: Pick<TccRow, 'status' | 'kind'>,
  acting: readonly TccActing[],
): TccAction[] {
  const actions: TccAction[] = [];
  const stage = stageAwaited(row.status);
  if (
    stage &&
    actor.permissions.includes(TCC_STAGE_PERMISSION[stage]) &&
    !separationOfDutiesBreach(actor, stage, acting)
  ) {
    actions.push('approve', 'reject');
  }
  if (isAmendable(row.status) && actor.permissions.includes(TCC_GENERATE_PERMISSION[row.kind])) {
    actions.push('resubmit');
  }
  if (isRevocable(row.status) && actor.permissions.includes('tcc:revoke')) actions.push('revoke');
  if (isPrintable(row.status) && actor.permissions.includes('tcc:print')) actions.push('print');
  return actions;
}

/** What an audit row keeps of a certificate: its facts, not the holder's whole record. */
export function auditedTcc(row: TccRow) {
  return {
    number: row.number,
    kind: row.kind,
    status: row.status,
    btin: row.btin,
    purpose: row.purpose,
    years: row.years,
    feeKobo: row.feeKobo,
    issuedAt: row.issuedAt,
    expiresOn: row.expiresOn,
    printCount: row.printCount,
    revokeReason: row.revokeReason,
    duplicateOf: row.duplicateOf,
    duplicateReason: row.duplicateReason,
  };
}

/** Whole days from `from` to `to` (Lagos days are UTC+1 with no daylight saving). */
export function wholeDaysBetween(from: Date, to: Date): number {
  const lagos = (d: Date) => Math.floor((d.getTime() + 3_600_000) / 86_400_000);
  return Math.max(0, lagos(to) - lagos(from));
}
