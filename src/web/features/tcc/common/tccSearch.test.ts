import { describe, expect, it } from 'vitest';
import { defaultTccSortOf, TccListSearch, tccParams } from './tccSearch';

/** A stage's list: the certificates waiting for either director (TCC_SCREENS). */
const SCREEN = {
  kind: 'paye',
  statuses: ['pending_director_assessment', 'pending_director_collection'],
} as const;

describe('tccParams', () => {
  it('asks for the screen’s statuses first, then the filters, the sort and the page', () => {
    const search = TccListSearch.parse({ search: 'BIR', purpose: 'visa', page: '2' });
    expect([...tccParams(SCREEN, search)]).toEqual([
      ['kind', 'paye'],
      ['status', 'pending_director_assessment,pending_director_collection'],
      ['search', 'BIR'],
      ['purpose', 'visa'],
      ['sort', '-generatedAt'],
      ['page', '2'],
      ['pageSize', '50'],
    ]);
  });

  it('narrows to one of the screen’s statuses, and ignores a status outside them', () => {
    const narrowed = TccListSearch.parse({ status: 'pending_director_collection' });
    expect(tccParams(SCREEN, narrowed).get('status')).toBe('pending_director_collection');
    const outside = TccListSearch.parse({ status: 'approved' });
    expect(tccParams(SCREEN, outside).get('status')).toBe(
      'pending_director_assessment,pending_director_collection',
    );
  });

  it('exports the filtered list without paging', () => {
    const search = TccListSearch.parse({ mine: true, page: '3', sort: 'number' });
    expect(tccParams(SCREEN, search, 'csv').toString()).toBe(
      'kind=paye&status=pending_director_assessment%2Cpending_director_collection&mine=true&sort=number&format=csv',
    );
  });
});

describe('defaultTccSortOf', () => {
  it('opens a stage’s queue and the printing officer’s longest waiting first', () => {
    expect(defaultTccSortOf({ view: 'stage-pending' })).toBe('-waiting');
    expect(defaultTccSortOf({ view: 'completed' })).toBe('queue');
    expect(defaultTccSortOf({ view: 'officer-pending' })).toBe('-generatedAt');
    const params = tccParams({ ...SCREEN, view: 'stage-pending' }, TccListSearch.parse({}));
    expect(params.get('sort')).toBe('-waiting');
  });
});
