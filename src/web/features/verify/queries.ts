import { queryOptions } from '@tanstack/react-query';
import type { PublicReceiptView } from '../../../shared/payments/views';
import { api } from '../../lib/api';

/** What the public may learn of a receipt. Receipt numbers hold '/', so the number is encoded. */
export const publicReceiptQuery = (receiptNumber: string) =>
  queryOptions({
    queryKey: ['public-receipt', receiptNumber] as const,
    queryFn: () =>
      api.get<PublicReceiptView>(`/api/v1/public/receipts/${encodeURIComponent(receiptNumber)}`),
    // A "not found" is an answer, not a hiccup to retry.
    retry: false,
  });
