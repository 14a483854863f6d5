import type { OfficerListQuery, UserTypeGroup } from '../../../shared/officers';
import type { UserType } from '../../../shared/userTypes';
import {
  flag,
  matching,
  oneOf,
  type SearchOf,
  searchSchema,
  text,
  whole,
} from '../../lib/lists/searchParams';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES } from '../taxpayers/listSearch';

/** OFFICER_SORTS of the API contract, repeated to keep its schemas out of the first load. */
const SORTS = [
  'surname',
  '-surname',
  'username',
  '-username',
  'createdAt',
  '-createdAt',
] as const satisfies readonly OfficerListQuery['sort'][];
/** Fails to compile when the contract gains a sort that SORTS lacks. */
export const SORTS_ARE_COMPLETE: [
  Exclude<OfficerListQuery['sort'], (typeof SORTS)[number]>,
] extends [never]
  ? true
  : never = true;
export type OfficerSort = (typeof SORTS)[number];

/** USER_TYPES, repeated: src/shared/userTypes.ts imports the whole of zod, this file none. */
const USER_TYPES = [
  'ADMIN',
  'EXECUTIVE',
  'OFFICER_DA',
  'OFFICER_PAYEE',
  'OFFICER_PA',
  'OFFICER_MDA',
  'OFFICER_MDA_ADMIN',
  'DG_BUDGET',
  'DIRECTOR_ASSESSMENT',
  'DIRECTOR_COLLECTION',
  'ASSESSMENT_OFFICER',
  'PRINTING_OFFICER',
  'TCC_CHAIRMAN',
  'OFFICER_BENJIS',
  'OFFICER_BENJIS_READ',
  'OFFICER_STAMP_DUTY',
  'INFORMAL_SECTOR_ADMIN',
] as const satisfies readonly UserType[];
/** Fails to compile when a user type is added to the contract but not here. */
export const USER_TYPES_ARE_COMPLETE: [Exclude<UserType, (typeof USER_TYPES)[number]>] extends [
  never,
]
  ? true
  : never = true;

/** The officer lists' state in the URL (STYLE.md §8): filters, page, and what is open over it. */
export const OfficerListSearch = searchSchema({
  search: text(100),
  userType: oneOf(USER_TYPES),
  mdaId: matching(/^[0-9a-f-]{36}$/i),
  state: oneOf(['active', 'inactive', 'throttled']),
  sort: oneOf(SORTS),
  page: whole(1, 1_000_000),
  pageSize: whole(1, 200, PAGE_SIZE_CHOICES),
  /** The "Add officer" form is open over the list. */
  add: flag,
  /** The id of the officer whose panel is open. */
  officer: matching(/^[0-9a-f-]{36}$/i),
});
export type OfficerListSearch = SearchOf<typeof OfficerListSearch>;

export const FILTER_KEYS = ['search', 'userType', 'mdaId', 'state'] as const;

export function hasFilters(search: OfficerListSearch): boolean {
  return FILTER_KEYS.some((key) => search[key] !== undefined);
}

/** The query string of GET /api/v1/officers for one of the two screens (a page, or an export). */
export function officerListParams(
  group: UserTypeGroup,
  search: OfficerListSearch,
  format?: 'csv' | 'xlsx',
): URLSearchParams {
  const params = new URLSearchParams({ userTypeGroup: group });
  for (const key of FILTER_KEYS) {
    const value = search[key];
    if (value !== undefined) params.set(key, String(value));
  }
  params.set('sort', search.sort ?? 'surname');
  if (format) {
    params.set('format', format);
  } else {
    params.set('page', String(search.page ?? 1));
    params.set('pageSize', String(search.pageSize ?? DEFAULT_PAGE_SIZE));
  }
  return params;
}
