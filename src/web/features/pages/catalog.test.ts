import { describe, expect, it } from 'vitest';
import { MENU, menuLinks } from '../../../shared/menu';
import { PAGE_CATALOG } from './catalog';

describe('PAGE_CATALOG', () => {
  const links = menuLinks(MENU);

  it('has an entry for every menu link, hidden ones included', () => {
    const missing = links.filter((link) => !(link in PAGE_CATALOG));
    expect(missing).toEqual([]);
  });

  it('has no entry for a link the menu does not hold', () => {
    const extra = Object.keys(PAGE_CATALOG).filter((link) => !links.includes(link));
    expect(extra).toEqual([]);
  });

  it('gives every page a title and a description of one or two sentences', () => {
    for (const [link, page] of Object.entries(PAGE_CATALOG)) {
      expect(page.title.trim(), link).not.toBe('');
      expect(page.description, link).toMatch(/^[A-Z"'].*\.$/);
      const sentences = page.description.split(/[.!?](?:\s|$)/).filter((part) => part.trim());
      expect(sentences.length, link).toBeLessThanOrEqual(2);
    }
  });
});
