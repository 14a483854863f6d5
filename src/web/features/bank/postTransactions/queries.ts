import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  BankAccountList,
  BankAccountView,
  BankAggregates,
  StatementFetchView,
} from '../../../../shared/bank/accounts';
import type {
  NotRevenueInput,
  PickLineInput,
  PostLineInput,
  ReconciliationDay,
  ReconciliationView,
  RematchResult,
  StatementLinePage,
  StatementLineView,
  UndoLineInput,
  UnmatchedPaymentList,
} from '../../../../shared/bank/matching';
import type { PaymentView } from '../../../../shared/payments/views';
import { api } from '../../../lib/api/api';
import { listParams } from '../../../lib/lists/searchParams';

/** The page's calls: the lines, decisions and reconciliation here; the accounts, the fetch and the aggregates of the statement side (docs/bank.md). */

export type BankAccount = BankAccountView;
export type FetchJob = StatementFetchView;

export const bankKeys = {
  all: ['bank'] as const,
  accounts: () => [...bankKeys.all, 'accounts'] as const,
  lines: () => [...bankKeys.all, 'lines'] as const,
  aggregates: () => [...bankKeys.all, 'aggregates'] as const,
  reconciliations: () => [...bankKeys.all, 'reconciliations'] as const,
};

export const bankAccountsQuery = () =>
  queryOptions({
    queryKey: bankKeys.accounts(),
    queryFn: () => api.get<BankAccountList>('/api/v1/bank/accounts'),
    staleTime: 5 * 60_000,
  });

export type LineFilter = {
  accountNumber: string;
  from: string;
  to: string;
  state?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

export const statementLinesQuery = (filter: LineFilter) => {
  const params = listParams(
    { accountNumber: filter.accountNumber, from: filter.from, to: filter.to, state: filter.state },
    { page: filter.page, pageSize: filter.pageSize },
  );
  return queryOptions({
    queryKey: [...bankKeys.lines(), params.toString()] as const,
    queryFn: () => api.get<StatementLinePage>(`/api/v1/bank/statement-lines?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

export const aggregatesQuery = (range: { accountNumber: string; from: string; to: string }) => {
  const params = new URLSearchParams(range);
  return queryOptions({
    queryKey: [...bankKeys.aggregates(), params.toString()] as const,
    queryFn: () => api.get<BankAggregates>(`/api/v1/bank/aggregates?${params}`),
    staleTime: 10_000,
    retry: false,
  });
};

export const reconciliationQuery = (range: { accountNumber: string; from: string; to: string }) =>
  queryOptions({
    queryKey: [...bankKeys.reconciliations(), range.accountNumber, range.from, range.to] as const,
    queryFn: () =>
      api.get<ReconciliationView>(
        `/api/v1/bank/reconciliations/${encodeURIComponent(range.accountNumber)}?from=${range.from}&to=${range.to}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function fetchStatement(range: { accountNumber: string; from: string; to: string }) {
  return api.post<{ jobId: string }>('/api/v1/bank/statements/fetch', range);
}

/** The days' open credits matched again (docs/bank-matching.md "Matching again"). */
export function rematchLines(range: { accountNumber: string; from: string; to: string }) {
  return api.post<RematchResult>('/api/v1/bank/statement-lines/rematch', range);
}

/** The fetch job, asked every second while it runs. */
export const fetchJobQuery = (jobId: string) =>
  queryOptions({
    queryKey: [...bankKeys.all, 'fetch', jobId] as const,
    queryFn: () => api.get<FetchJob>(`/api/v1/bank/statements/fetch/${encodeURIComponent(jobId)}`),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'succeeded' || status === 'failed' ? false : 1_000;
    },
  });

const lineUrl = (id: string, action: string) =>
  `/api/v1/bank/statement-lines/${encodeURIComponent(id)}/${action}`;

export const postLine = (id: string, input: PostLineInput) =>
  api.post<PaymentView>(lineUrl(id, 'post'), input);
export const pickPayment = (id: string, input: PickLineInput) =>
  api.post<StatementLineView>(lineUrl(id, 'pick'), input);
export const markNotRevenue = (id: string, input: NotRevenueInput) =>
  api.post<StatementLineView>(lineUrl(id, 'not-revenue'), input);
export const undoDecision = (id: string, input: UndoLineInput) =>
  api.post<StatementLineView>(lineUrl(id, 'undo'), input);

export const signOffDay = (accountNumber: string, day: string, note: string | undefined) =>
  api.post<ReconciliationDay>(
    `/api/v1/bank/reconciliations/${encodeURIComponent(accountNumber)}/${day}/sign-off`,
    note ? { note } : {},
  );

/** A day's ledger payments no credit holds (asked when the officer opens the list). */
export const unmatchedPaymentsQuery = (accountNumber: string, day: string) =>
  queryOptions({
    queryKey: [...bankKeys.reconciliations(), 'unmatched', accountNumber, day] as const,
    queryFn: () =>
      api.get<UnmatchedPaymentList>(
        `/api/v1/bank/reconciliations/${encodeURIComponent(accountNumber)}/${day}/unmatched-payments`,
      ),
    staleTime: 10_000,
  });
