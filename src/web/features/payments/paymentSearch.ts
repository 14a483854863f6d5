import {
  PAYMENT_CHANNELS,
  PAYMENT_SORTS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
} from '../../../shared/payments/enums';
import type { AutoRegState } from '../../../shared/payments/views';
import {
  type ExportFormat,
  isoDate,
  listParams,
  listSearch,
  matching,
  oneOf,
  type SearchOf,
  text as trimmedText,
} from '../../lib/lists/searchParams';

/**
 * Coerced: the router reads `?paymentReference=280012345678` typed into the address bar as a
 * number. (A value with a leading zero, like a phone number, is no JSON number and stays text.)
 */
const text = (max: number) => trimmedText(max, { coerce: true });
const uuid = matching(/^[0-9a-f-]{36}$/i);

/**
 * Payment history's state in the URL (docs/architecture.md §11.8): a filtered history can be bookmarked and
 * sent to a colleague. Mirrors PaymentListQuery of src/shared/payments/views.ts (docs/product.md §3
 * "Payment history filters", plus channel and status); defaults are left out.
 */
export const PaymentHistorySearch = listSearch({
  filters: {
    assessmentId: text(64),
    btin: text(10),
    startDate: isoDate,
    endDate: isoDate,
    customerName: text(100),
    paymentReference: text(64),
    type: oneOf(PAYMENT_TYPES),
    mdaCode: text(12),
    channel: oneOf(PAYMENT_CHANNELS),
    status: oneOf(PAYMENT_STATUSES),
  },
  sort: oneOf(PAYMENT_SORTS),
  /** The id of the payment whose details are open over the list. */
  open: { payment: uuid },
});
export type PaymentHistorySearch = SearchOf<typeof PaymentHistorySearch>;

/** The query string of GET /api/v1/payments for this view (a page, or an export). */
export function paymentParams(
  search: Omit<PaymentHistorySearch, 'payment'>,
  format?: ExportFormat,
): URLSearchParams {
  return listParams(PaymentHistorySearch.filtersOf(search), {
    sort: search.sort ?? '-date',
    format,
    page: search.page,
    pageSize: search.pageSize,
  });
}

/** AUTO_REG_STATES of the contract, repeated: views.ts brings the whole of zod with it. */
const AUTO_REG_STATES = ['auto-registered', 'unmatched'] as const satisfies readonly AutoRegState[];

/** The auto-reg list's state in the URL: which payers, a search, the page. */
export const AutoRegSearch = listSearch({
  filters: { state: oneOf(AUTO_REG_STATES), search: text(100) },
});
export type AutoRegSearch = SearchOf<typeof AutoRegSearch>;

export function autoRegParams(search: AutoRegSearch): URLSearchParams {
  return listParams(
    { state: search.state, search: search.search },
    { page: search.page, pageSize: search.pageSize },
  );
}
