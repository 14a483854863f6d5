import { queryOptions } from '@tanstack/react-query';
import type { BankAccountList } from '../../../../shared/bank/accounts';
import type { MdaList } from '../../../../shared/mdas/views';
import { api } from '../../../lib/api/api';

export const bankAccountKeys = { all: ['bank-accounts'] as const };

/** Every collection account, deactivated ones too, as one page of the list. */
export const collectionAccountsQuery = () =>
  queryOptions({
    queryKey: [...bankAccountKeys.all, 'with-inactive'] as const,
    queryFn: () => api.get<BankAccountList>('/api/v1/bank/accounts?includeInactive=true'),
    select: (list) => ({
      items: list.items,
      total: list.items.length,
      page: 1,
      pageSize: Math.max(list.items.length, 1),
    }),
  });

/** The MDAs an account can collect for (GET /api/v1/mdas, the active ones). */
export const accountMdasQuery = () =>
  queryOptions({
    queryKey: ['mdas', 'account-options'] as const,
    queryFn: () => api.get<MdaList>('/api/v1/mdas'),
    select: (list) =>
      list.items.map((mda) => ({ value: mda.id, label: `${mda.code} — ${mda.name}` })),
    staleTime: 5 * 60_000,
  });
