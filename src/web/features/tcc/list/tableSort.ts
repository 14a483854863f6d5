import type { TccSort } from '../../../../shared/tcc/views';

/** The columns the server sorts by (TCC_SORTS), and its name for each. */
export const TCC_SORT_COLUMNS = {
  number: 'number',
  generatedAt: 'generatedAt',
  waitingDays: 'waiting',
} as const;

export const DEFAULT_TCC_SORT: TccSort = '-generatedAt';
