import type { DuplicateReason, DuplicateWarning, ExactDuplicate } from '../../../shared/taxpayers';
import type { Db } from '../../db/client';
import {
  findByCacNumber,
  findByNin,
  findSameEmail,
  findSameNameAndBirthDate,
  findSamePhone,
  findSameRegisteredName,
} from './queries';

/**
 * The registry's duplicate rules. The same NIN or CAC number is the same taxpayer: refused.
 * The same name and date of birth (or a company's registered name), or a shared phone or
 * e-mail, is only likely the same: the officer is warned and decides.
 */
export type DraftIdentity = {
  kind: 'individual' | 'corporate';
  firstName?: string | null;
  lastName?: string | null;
  dateOfBirth?: string | null;
  registeredName?: string | null;
  nin?: string | null;
  cacNumber?: string | null;
  /** Already normalised to E.164 / lower case. */
  phone?: string | null;
  email?: string | null;
};

const MESSAGES: Record<DuplicateReason, string> = {
  name_and_date_of_birth: 'has the same name and date of birth',
  registered_name: 'has the same registered name',
  phone: 'has the same phone number',
  email: 'has the same e-mail address',
};

export async function findExactDuplicate(
  db: Db,
  draft: DraftIdentity,
  exceptTaxpayerId?: string,
): Promise<ExactDuplicate | null> {
  if (draft.kind === 'individual' && draft.nin) {
    const found = await findByNin(db, draft.nin);
    if (found && found.id !== exceptTaxpayerId) {
      return { btin: found.btin, displayName: found.displayName, field: 'nin' };
    }
  }
  if (draft.kind === 'corporate' && draft.cacNumber) {
    const found = await findByCacNumber(db, draft.cacNumber);
    if (found && found.id !== exceptTaxpayerId) {
      return { btin: found.btin, displayName: found.displayName, field: 'cacNumber' };
    }
  }
  return null;
}

export async function findLikelyDuplicates(
  db: Db,
  draft: DraftIdentity,
): Promise<DuplicateWarning[]> {
  const found: { btin: string; displayName: string; reason: DuplicateReason }[] = [];
  const add = (rows: { btin: string; displayName: string }[], reason: DuplicateReason) => {
    for (const row of rows) found.push({ btin: row.btin, displayName: row.displayName, reason });
  };
  if (draft.kind === 'individual' && draft.firstName && draft.lastName && draft.dateOfBirth) {
    add(
      await findSameNameAndBirthDate(db, {
        firstName: draft.firstName,
        lastName: draft.lastName,
        dateOfBirth: draft.dateOfBirth,
      }),
      'name_and_date_of_birth',
    );
  }
  if (draft.kind === 'corporate' && draft.registeredName) {
    add(await findSameRegisteredName(db, draft.registeredName), 'registered_name');
  }
  if (draft.phone) add(await findSamePhone(db, draft.phone), 'phone');
  if (draft.email) add(await findSameEmail(db, draft.email), 'email');
  return found.map((f) => ({
    ...f,
    message: `${f.displayName} (BTIN ${f.btin}) ${MESSAGES[f.reason]}.`,
  }));
}

export function duplicateMessage(exact: ExactDuplicate): string {
  const what = exact.field === 'nin' ? 'NIN' : 'CAC number';
  return `A taxpayer with this ${what} is already registered: ${exact.displayName}, BTIN ${exact.btin}.`;
}
