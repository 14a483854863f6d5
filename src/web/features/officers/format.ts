import type { OfficerDetail, UserTypeGroup } from '../../../shared/officers';
import { USER_TYPE_LABELS, USER_TYPES, type UserType } from '../../../shared/userTypeEnums';

export type OfficerStateLabel = 'Active' | 'Sign-in throttled' | 'Deactivated';

export function stateOf(officer: OfficerDetail): OfficerStateLabel {
  if (!officer.isActive) return 'Deactivated';
  return officer.isSignInThrottled ? 'Sign-in throttled' : 'Active';
}

/** Shades that carry white badge text at 4.5:1 or better (axe colour-contrast). */
export const STATE_COLORS: Record<OfficerStateLabel, string> = {
  Active: 'revenue.8',
  'Sign-in throttled': 'red.9',
  Deactivated: 'gray.7',
};

/** The two screens of docs/product.md §2 admin/admin-list and admin/tax-officer-list. */
export const GROUP_PAGES: Record<
  UserTypeGroup,
  { title: string; noun: string; plural: string; addLabel: string; userTypes: UserType[] }
> = {
  admin: {
    title: 'Administrators',
    noun: 'administrator',
    plural: 'administrators',
    addLabel: 'Add administrator',
    userTypes: ['ADMIN'],
  },
  staff: {
    title: 'Tax Officers',
    noun: 'officer',
    plural: 'tax officers',
    addLabel: 'Add officer',
    userTypes: USER_TYPES.filter((type) => type !== 'ADMIN'),
  },
};

export const userTypeOptions = (types: readonly UserType[]) =>
  types.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }));
