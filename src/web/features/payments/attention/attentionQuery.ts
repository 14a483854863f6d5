import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AttentionList } from '../../../../shared/payments/attention';
import { ATTENTION_KINDS } from '../../../../shared/payments/enums';
import { api } from '../../../lib/api/api';
import { listParams, listSearch, oneOf, type SearchOf } from '../../../lib/lists/searchParams';
import { paymentKeys } from '../queries';

/** The page's URL: its page, page size and the one kind kept (docs/architecture.md: the URL holds it). */
export const AttentionSearch = listSearch({ filters: { kind: oneOf(ATTENTION_KINDS) } });
export type AttentionSearch = SearchOf<typeof AttentionSearch>;

/** GET /api/v1/payments/needing-attention, one page (ADR 0031). */
export const attentionQuery = (search: AttentionSearch) => {
  const params = listParams(
    { kind: search.kind },
    { page: search.page, pageSize: search.pageSize },
  );
  return queryOptions({
    queryKey: [...paymentKeys.all, 'needing-attention', params.toString()] as const,
    queryFn: () => api.get<AttentionList>(`/api/v1/payments/needing-attention?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};
