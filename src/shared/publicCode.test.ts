import { describe, expect, it } from 'vitest';
import { maskPublicName, PUBLIC_CODE_ALPHABET, publicCodeOf } from './publicCode';

describe('publicCodeOf', () => {
  it('reads a code typed from paper: any case, spaces and hyphens', () => {
    expect(publicCodeOf('K7MX93QDPA')).toBe('K7MX93QDPA');
    expect(publicCodeOf(' k7mx-93qd pa ')).toBe('K7MX93QDPA');
  });

  it('is no code: a number, a look-alike (0 O 1 I L), too short or too long', () => {
    for (const text of [
      'BIRS/2026/0000100',
      'K7MX93QDP0',
      'K7MX93QDPO',
      'K7MX93QDPI',
      'K7MX93QDPL',
      'K7MX93QDP1',
      'K7MX93QDP',
      'K7MX93QDPAA',
      '',
    ]) {
      expect(publicCodeOf(text), text).toBeNull();
    }
  });

  it('has 31 characters, none alike', () => {
    expect(PUBLIC_CODE_ALPHABET).toHaveLength(31);
    expect(PUBLIC_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });
});

describe('maskPublicName', () => {
  it.each([
    ['Ebiere Alamieyeseigha', 'E***** A*************'],
    ['Ebiere A. Alamieyeseigha', 'E***** A* A*************'],
    ['  John   Okoro ', 'J*** O****'],
    ['Bo', 'B*'],
    // A letter with its tone mark is one letter, not two.
    ['Ọlọ́run', 'Ọ*****'],
    ['', ''],
    [null, ''],
  ])('%s → %s', (name, masked) => {
    expect(maskPublicName(name)).toBe(masked);
  });
});
