import {
  PAYMENT_CHANNELS,
  PAYMENT_SORTS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
} from '../../../shared/payments/enums';
import type { AutoRegState } from '../../../shared/payments/views';
import {
  isoDate,
  matching,
  oneOf,
  type SearchOf,
  searchSchema,
  text as trimmedText,
  whole,
} from '../../lib/lists/searchParams';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES } from '../taxpayers/listSearch';

/**
 * Coerced: the router reads `?paymentReference=280012345678` typed into the address bar as a
 * number. (A value with a leading zero, like a phone number, is no JSON number and stays text.)
 */
const text = (max: number) => trimmedText(max, { coerce: true });
const uuid = matching(/^[0-9a-f-]{36}$/i);

/**
 * Payment history's state in the URL (STYLE.md §8): a filtered history can be bookmarked and
 * sent to a colleague. Mirrors PaymentListQuery of src/shared/payments/views.ts (SPEC.md §3
 * "Payment history filters", plus channel and status); defaults are left out.
 */
export const PaymentHistorySearch = searchSchema({
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
  sort: oneOf(PAYMENT_SORTS),
  page: whole(1, 1_000_000),
  pageSize: whole(1, 200, PAGE_SIZE_CHOICES),
  /** The id of the payment whose details are open over the list. */
  payment: uuid,
});
export type PaymentHistorySearch = SearchOf<typeof PaymentHistorySearch>;

/** The filter part of the search: what an export and "Clear filters" act on. */
export const PAYMENT_FILTER_KEYS = [
  'assessmentId',
  'btin',
  'startDate',
  'endDate',
  'customerName',
  'paymentReference',
  'type',
  'mdaCode',
  'channel',
  'status',
] as const;

export function hasPaymentFilters(search: PaymentHistorySearch): boolean {
  return PAYMENT_FILTER_KEYS.some((key) => search[key] !== undefined);
}

/** The query string of GET /api/v1/payments for this view (a page, or an export). */
export function paymentParams(
  search: Omit<PaymentHistorySearch, 'payment'>,
  format?: 'csv' | 'xlsx',
): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of PAYMENT_FILTER_KEYS) {
    const value = search[key];
    if (value !== undefined) params.set(key, value);
  }
  params.set('sort', search.sort ?? '-createdAt');
  if (format) {
    params.set('format', format);
  } else {
    params.set('page', String(search.page ?? 1));
    params.set('pageSize', String(search.pageSize ?? DEFAULT_PAGE_SIZE));
  }
  return params;
}

/** AUTO_REG_STATES of the contract, repeated: views.ts brings the whole of zod with it. */
const AUTO_REG_STATES = ['auto-registered', 'unmatched'] as const satisfies readonly AutoRegState[];

/** The auto-reg list's state in the URL: which payers, a search, the page. */
export const AutoRegSearch = searchSchema({
  state: oneOf(AUTO_REG_STATES),
  search: text(100),
  page: whole(1, 1_000_000),
  pageSize: whole(1, 200, PAGE_SIZE_CHOICES),
});
export type AutoRegSearch = SearchOf<typeof AutoRegSearch>;

export function autoRegParams(search: AutoRegSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.state) params.set('state', search.state);
  if (search.search) params.set('search', search.search);
  params.set('page', String(search.page ?? 1));
  params.set('pageSize', String(search.pageSize ?? DEFAULT_PAGE_SIZE));
  return params;
}
