import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { USER_TYPE_LABELS, USER_TYPE_MENU_TAGS, USER_TYPES } from './userTypeEnums';

/** docs/product.md §6, the one place outside the code that lists the user types. */
const section6 = (() => {
  const product = readFileSync(path.resolve(import.meta.dirname, '../../docs/product.md'), 'utf8');
  const start = product.indexOf('\n## 6. ');
  return product.slice(start, product.indexOf('\n## 7. ', start));
})();

describe('the 17 user types (USER_TYPES, the one list)', () => {
  it('are the ones docs/product.md §6 names, in its order', () => {
    const sentence = /There are 17 user types: ([^.]+)\./.exec(section6.replace(/\s+/g, ' '));
    expect(sentence?.[1]?.split(', ')).toEqual([...USER_TYPES]);
  });

  it('carry the menu tags of docs/product.md §6, and a label each', () => {
    const rows = [...section6.matchAll(/^\| ([A-Z_]+) \| ([a-z_]+) \|$/gm)].map(([, type, tag]) => [
      type,
      tag,
    ]);
    expect(Object.fromEntries(rows)).toEqual(USER_TYPE_MENU_TAGS);
    expect(rows).toHaveLength(17);
    expect(Object.keys(USER_TYPE_LABELS).sort()).toEqual([...USER_TYPES].sort());
  });
});
