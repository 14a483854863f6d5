import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RevenueHeadList } from '../../../shared/mdas/views';
import type {
  AutoRegEntry,
  AutoRegPage,
  EvasStatusView,
  InvoiceInput,
  MatchPayerInput,
  PaymentPage,
  PaymentView,
  ReasonInput,
} from '../../../shared/payments/views';
import { api } from '../../lib/api/api';
import {
  type AutoRegSearch,
  autoRegParams,
  type PaymentHistorySearch,
  paymentParams,
} from './paymentSearch';

export const paymentKeys = {
  all: ['payments'] as const,
  lists: () => [...paymentKeys.all, 'list'] as const,
  autoReg: () => [...paymentKeys.all, 'auto-reg'] as const,
};

/** One page of payment history, with the totals of the whole filtered set. */
export const paymentListQuery = (search: Omit<PaymentHistorySearch, 'payment'>) => {
  const params = paymentParams(search);
  return queryOptions({
    queryKey: [...paymentKeys.lists(), params.toString()] as const,
    queryFn: () => api.get<PaymentPage>(`/api/v1/payments?${params}`),
    // The rows stay while the next page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/** The URL that downloads the history with its current filter (the session cookie goes along). */
export function paymentExportUrl(search: PaymentHistorySearch, format: 'csv' | 'xlsx'): string {
  return `/api/v1/payments?${paymentParams(search, format)}`;
}

/** The e-receipt PDF of a paid payment: a link, so the browser downloads it with the cookie. */
export function receiptPdfUrl(paymentId: string): string {
  return `/api/v1/payments/${encodeURIComponent(paymentId)}/receipt.pdf`;
}

/** An MDA's active revenue heads (every officer may read them), for the bill form. */
export const revenueHeadsQuery = (mdaId: string | null) =>
  queryOptions({
    queryKey: ['mdas', 'revenue-heads', mdaId ?? ''] as const,
    queryFn: () =>
      api.get<RevenueHeadList>(`/api/v1/mdas/${encodeURIComponent(mdaId ?? '')}/revenue-heads`),
    enabled: mdaId !== null,
    staleTime: 60_000,
  });

export function reversePayment(paymentId: string, input: ReasonInput): Promise<PaymentView> {
  return api.post<PaymentView>(`/api/v1/payments/${encodeURIComponent(paymentId)}/reverse`, input);
}

export function raiseBill(input: InvoiceInput): Promise<PaymentView> {
  return api.post<PaymentView>('/api/v1/invoices', input);
}

export function cancelBill(paymentId: string, input: ReasonInput): Promise<PaymentView> {
  return api.post<PaymentView>(`/api/v1/invoices/${encodeURIComponent(paymentId)}/cancel`, input);
}

/** Payers who paid without a BTIN: auto-registered ones and ones waiting to be matched. */
export const autoRegQuery = (search: AutoRegSearch) => {
  const params = autoRegParams(search);
  return queryOptions({
    queryKey: [...paymentKeys.autoReg(), params.toString()] as const,
    queryFn: () => api.get<AutoRegPage>(`/api/v1/payments/auto-reg?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

export function matchPayer(paymentId: string, input: MatchPayerInput): Promise<unknown> {
  return api.post<unknown>(`/api/v1/payments/${encodeURIComponent(paymentId)}/match`, input);
}

export function checkEvasStatus(entry: AutoRegEntry): Promise<EvasStatusView> {
  return api.get<EvasStatusView>(`/api/v1/evas/rrr/${encodeURIComponent(entry.rrr ?? '')}/status`);
}

/** One payment (GET /api/v1/payments/{id}): the details drawer opened from a bookmark. */
export const paymentQuery = (paymentId: string) =>
  queryOptions({
    queryKey: [...paymentKeys.all, 'one', paymentId] as const,
    queryFn: () => api.get<PaymentView>(`/api/v1/payments/${encodeURIComponent(paymentId)}`),
    enabled: paymentId !== '',
  });
