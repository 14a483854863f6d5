import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  StampDutyComputation,
  StampDutyRuleTables,
  StampInstrumentDetail,
  StampInstrumentPage,
} from '../../../shared/stampDuty/schemas';
import { api } from '../../lib/api/api';
import type { ExportFormat } from '../../lib/lists/searchParams';
import { type StampListSearch, stampListParams } from './search';

/** Query keys of the stamp duty screens: a change to one instrument invalidates `all`. */
export const stampKeys = {
  all: ['stamp-duty'] as const,
  lists: () => [...stampKeys.all, 'list'] as const,
  detail: (id: string) => [...stampKeys.all, 'detail', id] as const,
  rules: () => [...stampKeys.all, 'rules'] as const,
};

export const stampListQuery = (search: StampListSearch) => {
  const params = stampListParams(search);
  return queryOptions({
    queryKey: [...stampKeys.lists(), params.toString()] as const,
    queryFn: () => api.get<StampInstrumentPage>(`/api/v1/stamp-duty/instruments?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

export const stampExportUrl = (search: StampListSearch, format: ExportFormat) =>
  `/api/v1/stamp-duty/instruments?${stampListParams(search, format)}`;

export const stampInstrumentQuery = (id: string) =>
  queryOptions({
    queryKey: stampKeys.detail(id),
    queryFn: () =>
      api.get<StampInstrumentDetail>(`/api/v1/stamp-duty/instruments/${encodeURIComponent(id)}`),
  });

export const stampRulesQuery = () =>
  queryOptions({
    queryKey: stampKeys.rules(),
    queryFn: () => api.get<StampDutyRuleTables>('/api/v1/stamp-duty/rules'),
    staleTime: 60_000,
  });

/** The live duty preview of the create form: nothing stored (POST /compute). */
export const stampComputeQuery = (body: {
  instrumentType: string;
  considerationKobo: number;
  termYears?: number;
  executedOn?: string;
}) =>
  queryOptions({
    queryKey: [...stampKeys.all, 'compute', body] as const,
    queryFn: () => api.post<StampDutyComputation>('/api/v1/stamp-duty/compute', body),
    staleTime: 60_000,
    retry: false,
  });
