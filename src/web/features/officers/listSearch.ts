import type { OfficerListQuery, UserTypeGroup } from '../../../shared/officers';
// userTypeEnums, not userTypes: the latter adds the zod schema, which this page's first load
// does without (docs/architecture.md §9, "Web").
import { USER_TYPES } from '../../../shared/userTypeEnums';
import {
  type Covers,
  type ExportFormat,
  flag,
  listParams,
  listSearch,
  matching,
  oneOf,
  type SearchOf,
  text,
} from '../../lib/lists/searchParams';

/** OFFICER_SORTS of the API contract, repeated to keep its schemas out of the first load. */
const SORTS = [
  'surname',
  '-surname',
  'username',
  '-username',
  'createdAt',
  '-createdAt',
] as const satisfies readonly OfficerListQuery['sort'][];
export const SORTS_ARE_COMPLETE: Covers<OfficerListQuery['sort'], typeof SORTS> = true;
export type OfficerSort = (typeof SORTS)[number];

/** The officer lists' state in the URL (docs/architecture.md §11.8): filters, page, and what is open over it. */
export const OfficerListSearch = listSearch({
  filters: {
    search: text(100),
    userType: oneOf(USER_TYPES),
    mdaId: matching(/^[0-9a-f-]{36}$/i),
    state: oneOf(['active', 'inactive', 'throttled']),
  },
  sort: oneOf(SORTS),
  open: {
    /** The "Add officer" form is open over the list. */
    add: flag,
    /** The id of the officer whose panel is open. */
    officer: matching(/^[0-9a-f-]{36}$/i),
  },
});
export type OfficerListSearch = SearchOf<typeof OfficerListSearch>;

/** The query string of GET /api/v1/officers for one of the two screens (a page, or an export). */
export function officerListParams(
  group: UserTypeGroup,
  search: OfficerListSearch,
  format?: ExportFormat,
): URLSearchParams {
  return listParams(
    { userTypeGroup: group, ...OfficerListSearch.filtersOf(search) },
    { sort: search.sort ?? 'surname', format, page: search.page, pageSize: search.pageSize },
  );
}
