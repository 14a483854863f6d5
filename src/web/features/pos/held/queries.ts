import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AssignHeldPosBody,
  HeldPosDecision,
  HeldPosTransactionPage,
  RejectHeldPosBody,
} from '../../../../shared/pos/held';
import { api } from '../../../lib/api/api';

/** POS transactions held for review (docs/pos.md "Held transactions"). */
export const heldPosKeys = { all: ['pos', 'held'] as const };

export const heldPosListQuery = (params: URLSearchParams) =>
  queryOptions({
    queryKey: [...heldPosKeys.all, params.toString()] as const,
    queryFn: () => api.get<HeldPosTransactionPage>(`/api/v1/pos/held?${params}`),
    placeholderData: keepPreviousData,
  });

export const assignHeldPos = (id: string, body: AssignHeldPosBody) =>
  api.post<HeldPosDecision>(`/api/v1/pos/transactions/${encodeURIComponent(id)}/assign`, body);
export const rejectHeldPos = (id: string, body: RejectHeldPosBody) =>
  api.post<HeldPosDecision>(`/api/v1/pos/transactions/${encodeURIComponent(id)}/reject`, body);
