import { queryOptions } from '@tanstack/react-query';
import type { TccKind } from '../../../../shared/tcc/enums';
import type { TccPreview } from '../../../../shared/tcc/views';
import { api } from '../../../lib/api/api';
import { tccKeys } from '../common/queries';

/**
 * What a certificate of the kind would say for the taxpayer (GET /api/v1/tcc/preview): the
 * holder, the three-year table, the fee and the open certificates. Nothing is stored; under
 * `tccKeys.all`, so a certificate generated elsewhere refreshes it.
 */
export const tccPreviewQuery = (kind: TccKind, btin: string) =>
  queryOptions({
    queryKey: [...tccKeys.all, 'preview', kind, btin] as const,
    queryFn: () =>
      api.get<TccPreview>(`/api/v1/tcc/preview?${new URLSearchParams({ kind, btin })}`),
    retry: false,
    staleTime: 10_000,
  });
