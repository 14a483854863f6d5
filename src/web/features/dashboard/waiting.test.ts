import { describe, expect, it } from 'vitest';
import { splitLink, waitedFor } from './waiting';

describe('waitedFor', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  it('counts whole days, today first', () => {
    expect(waitedFor('2026-05-10T08:00:00Z', now)).toBe('Oldest waiting since today');
    expect(waitedFor('2026-05-09T11:00:00Z', now)).toBe('Oldest waiting 1 day');
    expect(waitedFor('2026-04-28T12:00:00Z', now)).toBe('Oldest waiting 12 days');
  });
});

describe('splitLink', () => {
  it('gives the path and the search, flags as booleans', () => {
    expect(splitLink('/birs/taxs/direct-assessment?status=draft&mine=true')).toEqual({
      path: '/birs/taxs/direct-assessment',
      search: { status: 'draft', mine: true },
    });
    expect(splitLink('/birs/transactions/benjis-held')).toEqual({
      path: '/birs/transactions/benjis-held',
      search: {},
    });
  });
});
