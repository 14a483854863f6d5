import { describe, expect, it } from 'vitest';
import { maskPayerName } from './view';

describe('maskPayerName', () => {
  it.each([
    ['Ebiere Alamieyeseigha', 'Ebiere A************a'],
    ['Ebiere A. Alamieyeseigha', 'Ebiere A* A************a'],
    ['  Tamara   Ebi   Ebiowei ', 'Tamara E*i E*****i'],
    ['Alamieyeseigha', 'A************a'],
    ['Bo', 'B*'],
    ['Bayelsa Fisheries Limited', 'Bayelsa F*******s L*****d'],
    // A letter with its tone mark is one letter, not two.
    ['Ọlọ́run Ọlọ́run', 'Ọlọ́run Ọ****n'],
    ['', ''],
    [null, ''],
  ])('%s → %s', (name, masked) => {
    expect(maskPayerName(name)).toBe(masked);
  });

  it('never shows a surname of three letters or more whole', () => {
    const masked = maskPayerName('Timipre Sylva');
    expect(masked).not.toContain('Sylva');
    expect(masked).toBe('Timipre S***a');
  });
});
