import { describe, expect, it } from 'vitest';
import { TCC_SORTS } from '../../../../shared/tcc/views';
import { fromSortStatus, toSortStatus } from './tableSort';

describe('the TCC table sort', () => {
  it('goes to the table and back unchanged for every sort the API takes', () => {
    for (const sort of TCC_SORTS) expect(fromSortStatus(toSortStatus(sort))).toBe(sort);
  });

  it('sorts the waiting column by the API’s `waiting`', () => {
    expect(toSortStatus('-waiting')).toEqual({ columnAccessor: 'waitingDays', direction: 'desc' });
    expect(fromSortStatus({ columnAccessor: 'waitingDays', direction: 'asc' })).toBe('waiting');
  });
});
