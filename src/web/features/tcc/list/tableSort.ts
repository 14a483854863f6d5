import type { TccSort } from '../../../../shared/tcc/views';

/**
 * The table's sort as mantine-datatable sees it (a column and a direction) and as the API takes
 * it (TCC_SORTS). Columns the server does not sort by stay unsortable.
 */

type Column = 'number' | 'generatedAt' | 'waitingDays';

const COLUMN_OF: Record<string, Column> = {
  number: 'number',
  generatedAt: 'generatedAt',
  waiting: 'waitingDays',
};

const SORT_KEY_OF: Record<Column, 'number' | 'generatedAt' | 'waiting'> = {
  number: 'number',
  generatedAt: 'generatedAt',
  waitingDays: 'waiting',
};

export const DEFAULT_TCC_SORT: TccSort = '-generatedAt';

export function toSortStatus(sort: TccSort): { columnAccessor: Column; direction: 'asc' | 'desc' } {
  return {
    columnAccessor: COLUMN_OF[sort.replace(/^-/, '')] ?? 'generatedAt',
    direction: sort.startsWith('-') ? 'desc' : 'asc',
  };
}

export function fromSortStatus(status: {
  columnAccessor: string;
  direction: 'asc' | 'desc';
}): TccSort {
  const key = SORT_KEY_OF[status.columnAccessor as Column] ?? 'generatedAt';
  return status.direction === 'desc' ? `-${key}` : key;
}
