import { queryOptions } from '@tanstack/react-query';
import type { PublicReceiptView } from '../../../shared/payments/views';
import type { PublicKeyList, PublicTccView } from '../../../shared/tcc/views';
import { api } from '../../lib/api';
import { loadTccKeys } from './tccSignature';

/** What the public may learn of a receipt. Receipt numbers hold '/', so the number is encoded. */
export const publicReceiptQuery = (receiptNumber: string) =>
  queryOptions({
    queryKey: ['public-receipt', receiptNumber] as const,
    queryFn: () =>
      api.get<PublicReceiptView>(`/api/v1/public/receipts/${encodeURIComponent(receiptNumber)}`),
    // A "not found" is an answer, not a hiccup to retry.
    retry: false,
  });

/** What the public may learn of a certificate by its number (ADR 0013). */
export const publicTccQuery = (number: string) =>
  queryOptions({
    queryKey: ['public-tcc', number] as const,
    queryFn: () => api.get<PublicTccView>(`/api/v1/public/tcc/${encodeURIComponent(number)}`),
    retry: false,
  });

/** The service's signing keys, fetched and kept in this browser for checking offline. */
export const tccKeysQuery = () =>
  queryOptions({
    queryKey: ['public-tcc-keys'] as const,
    queryFn: () =>
      loadTccKeys(
        () => api.get<PublicKeyList>('/api/v1/public/keys'),
        typeof localStorage === 'undefined' ? null : localStorage,
      ),
    retry: false,
    staleTime: 5 * 60_000,
  });
