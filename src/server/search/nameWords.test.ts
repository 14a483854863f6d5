import { describe, expect, it } from 'vitest';
import { swappedLetterSpellings, wordsOf } from './nameWords';

describe('wordsOf', () => {
  it('splits as name_words does: lower case, at spaces and ASCII punctuation', () => {
    expect(wordsOf('  Abiodun-Funmilayo  O’Neil  ')).toEqual(['abiodun', 'funmilayo', 'o’neil']);
    expect(wordsOf("'; drop table taxpayers; --")).toEqual(['drop', 'table', 'taxpayers']);
    expect(wordsOf('Adébáyọ̀ Ọ̀ṣun')).toEqual(['adébáyọ̀', 'ọ̀ṣun']);
  });

  it('keeps at most six words', () => {
    expect(wordsOf('a b c d e f g h')).toHaveLength(6);
  });
});

describe('swappedLetterSpellings', () => {
  it('swaps each pair of neighbouring letters once, leaving out no-ops', () => {
    expect(swappedLetterSpellings('oknokwo')).toContain('okonkwo');
    expect(swappedLetterSpellings('aedmola')).toContain('ademola');
    expect(swappedLetterSpellings('abc')).toEqual(['bac', 'acb']);
    expect(swappedLetterSpellings('aab')).toEqual(['aba']);
    expect(swappedLetterSpellings('a')).toEqual([]);
  });

  it('swaps letters, not UTF-16 halves or bytes', () => {
    expect(swappedLetterSpellings('ọa')).toEqual(['aọ']);
  });
});
