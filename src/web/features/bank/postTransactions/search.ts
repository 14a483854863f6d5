import { OPEN_CREDIT_STATES, STATEMENT_LINE_STATES } from '../../../../shared/bank/enums';
import {
  isoDate,
  listSearch,
  matching,
  oneOf,
  type SearchOf,
} from '../../../lib/lists/searchParams';

/**
 * The page's URL: the account, the range of value dates and the state shown (the filters), the
 * page, and the reconciliation day open below the list.
 */
export const PostTransactionsSearch = listSearch({
  filters: {
    account: matching(/^[0-9]{10}$/),
    from: isoDate,
    to: isoDate,
    state: oneOf(STATEMENT_LINE_STATES),
  },
});
export type PostTransactionsSearch = SearchOf<typeof PostTransactionsSearch>;

/** The waiting credits' URL: one account or all, one state or both, and the page. */
export const WaitingCreditsSearch = listSearch({
  filters: {
    account: matching(/^[0-9]{10}$/),
    state: oneOf(OPEN_CREDIT_STATES),
  },
});
export type WaitingCreditsSearch = SearchOf<typeof WaitingCreditsSearch>;
