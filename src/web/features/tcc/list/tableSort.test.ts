import { describe, expect, it } from 'vitest';
import { TCC_SORTS, type TccSort } from '../../../../shared/tcc/views';
import { fromSortStatus, toSortStatus } from '../../../lib/lists/ListTable';
import { DEFAULT_TCC_SORT, TCC_SORT_COLUMNS } from './tableSort';

describe('the TCC table sort', () => {
  it('goes to the table and back unchanged for every sort the API takes', () => {
    for (const sort of TCC_SORTS) {
      const status = toSortStatus<TccSort>(sort, TCC_SORT_COLUMNS);
      expect(fromSortStatus<TccSort>(status, TCC_SORT_COLUMNS, DEFAULT_TCC_SORT)).toBe(sort);
    }
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
