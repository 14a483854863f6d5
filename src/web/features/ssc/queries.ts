import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SscCategory } from '../../../shared/ssc/enums';
import type {
  SscBillInput,
  SscRateList,
  SscScheduleDetail,
  SscSchedulePage,
  SscScheduleView,
} from '../../../shared/ssc/views';
import { api } from '../../lib/api/api';

/** SSC schedules (src/server/modules/ssc): one queryOptions per resource. */

export const sscKeys = {
  all: ['ssc'] as const,
  lists: () => [...sscKeys.all, 'schedules'] as const,
  schedule: (id: string) => [...sscKeys.all, 'schedule', id] as const,
  rates: () => [...sscKeys.all, 'rates'] as const,
};

export const sscScheduleListQuery = (params: URLSearchParams) =>
  queryOptions({
    queryKey: [...sscKeys.lists(), params.toString()] as const,
    queryFn: () => api.get<SscSchedulePage>(`/api/v1/ssc/schedules?${params}`),
    placeholderData: keepPreviousData,
  });

export const sscScheduleQuery = (id: string) =>
  queryOptions({
    queryKey: sscKeys.schedule(id),
    queryFn: () => api.get<SscScheduleDetail>(`/api/v1/ssc/schedules/${encodeURIComponent(id)}`),
  });

export const sscRatesQuery = () =>
  queryOptions({
    queryKey: sscKeys.rates(),
    queryFn: () => api.get<SscRateList>('/api/v1/ssc/rates'),
    staleTime: 5 * 60_000,
  });

/** Sends a schedule file with its MDA, category and month (fields first, then the file). */
export function uploadSscSchedule(input: {
  file: File;
  mdaId: string;
  category: SscCategory;
  month: string;
}): Promise<SscScheduleView> {
  const form = new FormData();
  form.append('mdaId', input.mdaId);
  form.append('category', input.category);
  form.append('month', input.month);
  form.append('file', input.file, input.file.name);
  return api.post<SscScheduleView>('/api/v1/ssc/schedules', form);
}

/** The collecting MDA and revenue head shown to the officer are the ones billed (SscBillModal). */
export function billSscSchedule(id: string, input: SscBillInput = {}): Promise<SscScheduleDetail> {
  return api.post<SscScheduleDetail>(`/api/v1/ssc/schedules/${encodeURIComponent(id)}/bill`, input);
}

export const SSC_TEMPLATE_URL = '/api/v1/ssc/schedules/template.csv';

/** The SPEC-style route of each category's list, below the shell. */
export const SSC_LIST_PATHS = {
  'office-holders': 'ssc/office-holders',
  'civil-servants': 'ssc/civil-servants',
  'federal-civil-servants': 'ssc/federal-civil-servants',
} as const satisfies Record<SscCategory, string>;
