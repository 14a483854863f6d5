import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './like';

describe('escapeLike', () => {
  it('escapes the wildcards and the escape itself, and nothing else', () => {
    expect(escapeLike('auth.signed_in')).toBe('auth.signed\\_in');
    expect(escapeLike('10%')).toBe('10\\%');
    expect(escapeLike('a\\b')).toBe('a\\\\b');
    expect(escapeLike('Ọlọ́run Ebiowei')).toBe('Ọlọ́run Ebiowei');
  });

  it('containsPattern wraps the escaped text', () => {
    expect(containsPattern('_x%')).toBe('%\\_x\\%%');
  });
});
