import { describe, expect, it } from 'vitest';
import { TCC_SORTS, type TccSort } from '../../../../shared/tcc/views';
import { fromSortStatus, toSortStatus } from '../../../lib/lists/ListTable';
import { DEFAULT_TCC_SORT, TCC_SORT_COLUMNS } from './tableSort';

describe('the TCC table sort', () => {
  it('goes to the table and back unchanged for every sort of a column the API takes', () => {
    // `queue` (the printing officer's queue) orders by status then wait: no one column shows it,
    // and the page says it in words (tccText tccSortText).
    for (const sort of TCC_SORTS.filter((s) => s !== 'queue')) {
      const status = toSortStatus<TccSort>(sort, TCC_SORT_COLUMNS);
      expect(fromSortStatus<TccSort>(status, TCC_SORT_COLUMNS, DEFAULT_TCC_SORT)).toBe(sort);
    }
  });

  it('keeps the queue order while no column is clicked', () => {
    const status = toSortStatus<TccSort>('queue', TCC_SORT_COLUMNS);
    expect(fromSortStatus<TccSort>(status, TCC_SORT_COLUMNS, 'queue')).toBe('queue');
  });

  it('sorts the waiting column by the API’s `waiting`', () => {
    expect(toSortStatus<TccSort>('-waiting', TCC_SORT_COLUMNS)).toEqual({
      columnAccessor: 'waitingDays',
      direction: 'desc',
    });
    expect(
      fromSortStatus<TccSort>(
        { columnAccessor: 'waitingDays', direction: 'asc' },
        TCC_SORT_COLUMNS,
        'number',
      ),
    ).toBe('waiting');
  });

  it('keeps the sort when a column it does not know is asked for', () => {
    expect(
      fromSortStatus<TccSort>(
        { columnAccessor: 'purpose', direction: 'asc' },
        TCC_SORT_COLUMNS,
        'number',
      ),
    ).toBe('number');
  });
});
