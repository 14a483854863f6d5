import { OBJECTION_STATUSES } from '../../../../shared/assessments/enums';
import {
  listParams,
  listSearch,
  matching,
  oneOf,
  type SearchOf,
} from '../../../lib/lists/searchParams';

/**
 * The objections list's state in the URL (docs/architecture.md §11.8): the status filter, the page, and the
 * objection open over the list. Mirrors ObjectionListQuery of src/shared/assessments/views.ts.
 */
export const ObjectionListSearch = listSearch({
  filters: { status: oneOf(OBJECTION_STATUSES) },
  open: { objection: matching(/^[0-9a-f-]{36}$/i) },
});
export type ObjectionListSearch = SearchOf<typeof ObjectionListSearch>;

/** The query string of GET /api/v1/objections for one page. */
export function objectionParams(search: ObjectionListSearch): URLSearchParams {
  return listParams(ObjectionListSearch.filtersOf(search), {
    page: search.page,
    pageSize: search.pageSize,
  });
}

/**
 * The 90-day clock in words (docs/tax-rules.md: an objection is answered within 90 days):
 * days left, due today, or days overdue; a decided objection has no clock.
 */
export function answerClock(daysLeft: number | null): {
  text: string;
  isOverdue: boolean;
} | null {
  if (daysLeft === null) return null;
  if (daysLeft < 0) {
    const late = -daysLeft;
    return { text: `${late} ${late === 1 ? 'day' : 'days'} overdue`, isOverdue: true };
  }
  if (daysLeft === 0) return { text: 'Due today', isOverdue: false };
  return { text: `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`, isOverdue: false };
}

/** The start of a long text, cut at a word, with an ellipsis; the whole text when short. */
export function truncateText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
