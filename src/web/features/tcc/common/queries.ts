import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TccKind } from '../../../../shared/tcc/enums';
import type { TccScreen } from '../../../../shared/tcc/lists';
import type { TccNext, TccPage, TccQueue, TccView } from '../../../../shared/tcc/views';
import { api } from '../../../lib/api/api';
import { type TccListSearch, tccParams } from './tccSearch';

/** Query keys of the TCC screens: a change to one certificate invalidates `all`. */
export const tccKeys = {
  all: ['tcc'] as const,
  lists: () => [...tccKeys.all, 'list'] as const,
  detail: (id: string) => [...tccKeys.all, 'detail', id] as const,
};

/** One page of one screen's certificates (a SPEC list: a kind and its statuses). */
export const tccListQuery = (
  screen: Pick<TccScreen, 'kind' | 'statuses'> & Partial<Pick<TccScreen, 'view'>>,
  search: TccListSearch,
) => {
  const params = tccParams(screen, search);
  return queryOptions({
    queryKey: [...tccKeys.lists(), params.toString()] as const,
    queryFn: () => api.get<TccPage>(`/api/v1/tcc?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/**
 * What the caller decides next in a queue, read by the server when asked (GET /tcc/next), not
 * picked from a list the page had: right when others decided meanwhile. Never cached.
 */
export const tccNextQuery = (kind: TccKind, queue: TccQueue, after: string) => {
  const params = new URLSearchParams({ kind, queue, after });
  return queryOptions({
    queryKey: [...tccKeys.all, 'next', params.toString()] as const,
    queryFn: () => api.get<TccNext>(`/api/v1/tcc/next?${params}`),
    staleTime: 0,
  });
};

/** One certificate with its three-year table, history and the viewer's actions. */
export const tccQuery = (id: string) =>
  queryOptions({
    queryKey: tccKeys.detail(id),
    queryFn: () => api.get<TccView>(`/api/v1/tcc/${encodeURIComponent(id)}`),
  });

/** The URL that downloads one screen's list with its current filter (the cookie goes along). */
export function tccExportUrl(
  screen: Pick<TccScreen, 'kind' | 'statuses'> & Partial<Pick<TccScreen, 'view'>>,
  search: TccListSearch,
  format: 'csv' | 'xlsx',
): string {
  return `/api/v1/tcc?${tccParams(screen, search, format)}`;
}

/** A decision or change on one certificate: approve, reject, revoke, print. */
export function tccActionPath(id: string, action: 'approve' | 'reject' | 'revoke' | 'print') {
  return `/api/v1/tcc/${encodeURIComponent(id)}/${action}`;
}

/** Approve many from a stage's list: each certificate gets its own outcome. */
export const TCC_BULK_APPROVE_PATH = '/api/v1/tcc/approve';

/** The certificate as PDF, with its signed QR code (opened after "Print"). */
export function tccCertificateUrl(id: string): string {
  return `/api/v1/tcc/${encodeURIComponent(id)}/certificate.pdf`;
}

/** Where an evidence file is added (multipart, field `file`). */
export function tccEvidencePath(id: string): string {
  return `/api/v1/tcc/${encodeURIComponent(id)}/evidence`;
}

/** One evidence file, downloaded (the server checks the officer reads the certificate). */
export function tccEvidenceUrl(id: string, evidenceId: string): string {
  return `${tccEvidencePath(id)}/${encodeURIComponent(evidenceId)}`;
}
