import { queryOptions } from '@tanstack/react-query';
import type { LetterheadView } from '../../../shared/letterhead';
import { api } from '../../lib/api/api';

export const letterheadKeys = { letterhead: ['letterhead'] as const };

export const letterheadQuery = () =>
  queryOptions({
    queryKey: letterheadKeys.letterhead,
    queryFn: () => api.get<LetterheadView>('/api/v1/letterhead'),
  });

/** The crest as an <img src>; the version makes a fresh upload show at once. */
export function crestUrl(version: string): string {
  return `/api/v1/letterhead/crest?v=${encodeURIComponent(version)}`;
}
