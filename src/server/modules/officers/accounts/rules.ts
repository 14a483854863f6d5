import { normaliseNigerianPhone } from '../../../../shared/phone';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError, fieldError } from '../../../errors';
import { findUnknownMdaIds } from '../../mdas/service';
import { findUsernameOrEmailOwner, lockActiveAdminIds } from './queries';

/** 409 naming the field another officer already uses; `details.field` lets a form show it there. */
export async function refuseTakenUsernameOrEmail(
  db: Db,
  input: { username?: string; email?: string },
  exceptId: string | null = null,
): Promise<void> {
  const owner = await findUsernameOrEmailOwner(db, input, exceptId);
  if (!owner) return;
  const field =
    input.username && owner.username.toLowerCase() === input.username.toLowerCase()
      ? 'username'
      : 'email';
  throw new AppError(
    'CONFLICT',
    `Another officer already has this ${field === 'username' ? 'username' : 'e-mail address'}.`,
    { details: { field } },
  );
}

/** 422 on the field when an id names no MDA. */
export async function refuseUnknownMdas(
  db: Db,
  field: string,
  ids: readonly string[],
): Promise<void> {
  const unknown = await findUnknownMdaIds(db, ids);
  if (unknown.length > 0) throw fieldError(field, 'Choose MDAs from the list');
}

/** E.164 for a number the schema has already accepted as Nigerian. */
export function storedPhone(phone: string): string {
  return normaliseNigerianPhone(phone) ?? phone.trim();
}

/**
 * A guard rail: RevDesk never loses its last active administrator, by deactivation
 * or by a change of user type. Call inside the transaction that makes the change: it locks
 * the ADMIN rows until the transaction ends.
 */
export async function refuseLosingLastAdmin(
  db: Db,
  officerId: string,
  what: 'deactivate' | 'demote',
): Promise<void> {
  const admins = await lockActiveAdminIds(db);
  if (!admins.includes(officerId)) return;
  if (admins.length > 1) return;
  throw new AppError(
    'RULE_VIOLATION',
    what === 'deactivate'
      ? 'This is the last active administrator: make another administrator first, then deactivate this one.'
      : 'This is the last active administrator: make another administrator first, then change this one’s user type.',
  );
}

export function refuseSelfDeactivation(actor: Actor, officerId: string): void {
  if (actor.officerId === officerId) {
    throw new AppError(
      'RULE_VIOLATION',
      'You cannot deactivate your own account. Ask another administrator to do it.',
    );
  }
}
