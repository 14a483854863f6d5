import { describe, expect, it } from 'vitest';
import { sortText } from './sortText';

describe('sortText', () => {
  it('names the key and the direction as a person says them', () => {
    expect(sortText('-issuedAt')).toBe('date issued, newest first');
    expect(sortText('name')).toBe('name, A to Z');
    expect(sortText('-taxKobo')).toBe('tax, largest first');
    expect(sortText('relevance')).toBe('best match first');
  });

  it("takes a list's own words for a key", () => {
    expect(
      sortText('-createdAt', { createdAt: ['date raised', 'oldest first', 'newest first'] }),
    ).toBe('date raised, newest first');
  });
});
