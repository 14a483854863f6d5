import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AuditActionList,
  AuditEventListResult,
  AuditVerifyResult,
} from '../../../shared/audit';
import { api } from '../../lib/api/api';
import { type AuditTrailSearch, auditParams } from './auditSearch';

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  actions: () => [...auditKeys.all, 'actions'] as const,
};

/** One page of the trail. */
export const auditEventsQuery = (search: AuditTrailSearch) => {
  const params = auditParams(search);
  return queryOptions({
    queryKey: [...auditKeys.lists(), params.toString()] as const,
    queryFn: () => api.get<AuditEventListResult>(`/api/v1/audit-events?${params}`),
    // The rows stay while the next page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/** The action names for the filter; new kinds of action come with a release, not by the minute. */
export const auditActionsQuery = () =>
  queryOptions({
    queryKey: auditKeys.actions(),
    queryFn: () => api.get<AuditActionList>('/api/v1/audit-events/actions'),
    select: (list) => list.items,
    staleTime: 5 * 60_000,
  });

/** The URL that downloads the trail with its current filter (the session cookie goes along). */
export function auditExportUrl(search: AuditTrailSearch, format: 'csv' | 'xlsx'): string {
  return `/api/v1/audit-events?${auditParams(search, format)}`;
}

/** Walks the whole chain on the server; recorded there as `audit.verified`. */
export function verifyAuditChain(): Promise<AuditVerifyResult> {
  return api.get<AuditVerifyResult>('/api/v1/audit-events/verify');
}
