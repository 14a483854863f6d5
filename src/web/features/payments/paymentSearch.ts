// zod/mini, not zod: the router validates this search on every route, so it is in the first
// load of the sign-in page too (DESIGN.md §9), and mini is a fraction of it.
import { z } from 'zod/mini';
import {
  PAYMENT_CHANNELS,
  PAYMENT_SORTS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
} from '../../../shared/payments/enums';
import type { AutoRegState } from '../../../shared/payments/views';
import { optional, whole } from '../../lib/lists/searchParams';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES } from '../taxpayers/listSearch';

/**
 * Coerced: the router reads `?paymentReference=280012345678` typed into the address bar as a
 * number. (A value with a leading zero, like a phone number, is no JSON number and stays text.)
 */
const text = (max: number) => z.coerce.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const uuid = z.string().check(z.regex(/^[0-9a-f-]{36}$/i));

/**
 * Payment history's state in the URL (STYLE.md §8): a filtered history can be bookmarked and
 * sent to a colleague. Mirrors PaymentListQuery of src/shared/payments/views.ts (SPEC.md §3
 * "Payment history filters", plus channel and status); defaults are left out.
 */
export const PaymentHistorySearch = z.object({
  assessmentId: optional(text(64)),
  btin: optional(text(10)),
  startDate: optional(z.iso.date()),
  endDate: optional(z.iso.date()),
  customerName: optional(text(100)),
  paymentReference: optional(text(64)),
  type: optional(z.enum(PAYMENT_TYPES)),
  mdaCode: optional(text(12)),
  channel: optional(z.enum(PAYMENT_CHANNELS)),
  status: optional(z.enum(PAYMENT_STATUSES)),
  sort: optional(z.enum(PAYMENT_SORTS)),
  page: optional(whole(1, 1_000_000)),
  pageSize: optional(
    whole(1, 200).check(
      z.refine((size) => (PAGE_SIZE_CHOICES as readonly number[]).includes(size)),
    ),
  ),
  /** The id of the payment whose details are open over the list. */
  payment: optional(uuid),
});
export type PaymentHistorySearch = z.infer<typeof PaymentHistorySearch>;

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
export const AutoRegSearch = z.object({
  state: optional(z.enum(AUTO_REG_STATES)),
  search: optional(text(100)),
  page: optional(whole(1, 1_000_000)),
  pageSize: optional(
    whole(1, 200).check(
      z.refine((size) => (PAGE_SIZE_CHOICES as readonly number[]).includes(size)),
    ),
  ),
});
export type AutoRegSearch = z.infer<typeof AutoRegSearch>;

export function autoRegParams(search: AutoRegSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.state) params.set('state', search.state);
  if (search.search) params.set('search', search.search);
  params.set('page', String(search.page ?? 1));
  params.set('pageSize', String(search.pageSize ?? DEFAULT_PAGE_SIZE));
  return params;
}
