import { describe, expect, it } from 'vitest';
import { diffLines, shownValue } from './diff';

describe('diffLines', () => {
  it('lines up both sides field by field and marks what changed', () => {
    expect(
      diffLines(
        { name: 'Health', isActive: true, heads: ['1201'] },
        { name: 'Ministry of Health', isActive: true, code: 'MOH' },
      ),
    ).toEqual([
      { field: 'name', before: 'Health', after: 'Ministry of Health', isChanged: true },
      { field: 'isActive', before: 'true', after: 'true', isChanged: false },
      { field: 'heads', before: '[\n  "1201"\n]', after: '—', isChanged: true },
      { field: 'code', before: '—', after: 'MOH', isChanged: true },
    ]);
  });

  it('reads a missing side as empty, and marks nothing changed: a creation is all "after"', () => {
    expect(diffLines(null, { code: 'MOH' })).toEqual([
      { field: 'code', before: '—', after: 'MOH', isChanged: false },
    ]);
    expect(diffLines(null, null)).toEqual([]);
  });

  it('shows a side that is no object as one value line', () => {
    expect(diffLines('<b>old</b>', [1])).toEqual([
      { field: 'value', before: '<b>old</b>', after: '[\n  1\n]', isChanged: true },
    ]);
  });
});

describe('shownValue', () => {
  it('keeps markup as text and tells empty from absent', () => {
    expect(shownValue('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(shownValue('')).toBe('""');
    expect(shownValue(undefined)).toBe('—');
    expect(shownValue(0)).toBe('0');
  });
});
