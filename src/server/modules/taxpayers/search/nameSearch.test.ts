import { describe, expect, it } from 'vitest';
import { wordsOf } from './nameSearch';

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
