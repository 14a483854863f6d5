import { queryOptions } from '@tanstack/react-query';
import type { MdaList } from '../../../shared/mdas/views';
import { api } from './api';

/**
 * The active MDAs as a select's options (GET /api/v1/mdas, every officer's short list): the RRR
 * checks', the SSC schedules' and the TCC batches' MDA. Apart from the RRR checks' queries, whose
 * chunk a form's first load would otherwise carry with it (docs/architecture.md §9 "Web").
 */
export const checkMdasQuery = () =>
  queryOptions({
    queryKey: ['mdas', 'check-options'] as const,
    queryFn: () => api.get<MdaList>('/api/v1/mdas'),
    select: (list) =>
      list.items.map((mda) => ({ value: mda.id, label: `${mda.code} — ${mda.name}` })),
    staleTime: 5 * 60_000,
  });
