import { describe, expect, it } from 'vitest';
import { USER_TYPES } from '../userTypes';
import {
  BIRS_CHILD_AREAS,
  filterMenu,
  findMenuItemByLink,
  MENU,
  MENU_ICONS,
  type MenuItem,
  menuLinks,
} from '.';
import { COMPLETED_TCC_LISTS, EXPECTED_LINKS } from './specMenu.fixture';

/** Every item with its depth (1 = top level) and its parent. */
function walk(items: readonly MenuItem[], depth = 1, parent?: MenuItem) {
  return items.flatMap((item): { item: MenuItem; depth: number; parent?: MenuItem }[] => [
    { item, depth, ...(parent ? { parent } : {}) },
    ...walk(item.subItems ?? [], depth + 1, item),
  ]);
}

const sorted = (links: readonly string[]) => [...links].sort();

describe('menu per user type (docs/product.md §2 "Routes per role")', () => {
  it.each(USER_TYPES)('%s sees exactly the links SPEC gives it', (userType) => {
    const links = menuLinks(filterMenu(MENU, userType));
    expect(sorted(links)).toEqual(sorted(EXPECTED_LINKS[userType]));
    expect(new Set(links).size).toBe(links.length);
  });

  it('shows the audit trail to ADMIN only (docs/product.md §2 had it hidden)', () => {
    expect(findMenuItemByLink(MENU, '/birs/taxs/audit-trail')?.status).toBe(true);
    for (const userType of USER_TYPES) {
      expect(menuLinks(filterMenu(MENU, userType)).includes('/birs/taxs/audit-trail')).toBe(
        userType === 'ADMIN',
      );
    }
  });

  it('never shows a hidden item to anyone', () => {
    const hiddenLinks = walk(MENU)
      .filter(({ item }) => item.status === false)
      .flatMap(({ item }) => menuLinks([item]));
    expect(hiddenLinks.length).toBeGreaterThan(10);
    for (const userType of USER_TYPES) {
      const visible = walk(filterMenu(MENU, userType));
      expect(visible.every(({ item }) => item.status === true)).toBe(true);
      const links = menuLinks(filterMenu(MENU, userType));
      for (const link of hiddenLinks) expect(links).not.toContain(link);
    }
  });

  it('shows no chairman-only list to either director', () => {
    const chairmanOnly = menuLinks(filterMenu(MENU, 'TCC_CHAIRMAN')).filter(
      (link) =>
        !COMPLETED_TCC_LISTS.includes(link) && link !== '/birs/reporting/mda-transaction-report',
    );
    // Eight approval and revocation lists, and the service performance page (also ADMIN's, EXECUTIVE's).
    expect(chairmanOnly).toHaveLength(9);
    for (const director of ['DIRECTOR_ASSESSMENT', 'DIRECTOR_COLLECTION'] as const) {
      const links = menuLinks(filterMenu(MENU, director));
      for (const link of chairmanOnly) expect(links).not.toContain(link);
    }
  });
});

describe('menu data', () => {
  const all = walk(MENU);

  it('has unique kebab-case ids', () => {
    const ids = all.map(({ item }) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has one item per link', () => {
    const links = menuLinks(MENU);
    expect(new Set(links).size).toBe(links.length);
  });

  it("gives every child its parent's id and goes no deeper than three levels", () => {
    for (const { item, depth, parent } of all) {
      expect(item.parentId).toBe(parent?.id);
      expect(depth).toBeLessThanOrEqual(3);
    }
  });

  it('keeps every link under /birs/ in one of the child areas', () => {
    for (const link of menuLinks(MENU)) {
      const [, root, area] = link.split('/');
      expect(root).toBe('birs');
      expect(BIRS_CHILD_AREAS).toContain(area);
    }
  });

  it('keeps every TCC list under /birs/taxs/', () => {
    const isTccList = (link: string) =>
      /\/(pending|rejected|completed|all|process)-[a-z-]*tcc/.test(link);
    const tccLists = menuLinks(MENU).filter(isTccList);
    const expected = new Set(Object.values(EXPECTED_LINKS).flat().filter(isTccList));
    expect(new Set(tccLists)).toEqual(expected);
    expect(tccLists).toHaveLength(39);
    for (const link of tccLists) expect(link).toMatch(/^\/birs\/taxs\/[a-z-]+$/);
  });

  it('marks every shown item status true and uses only known icons', () => {
    for (const { item } of all) {
      expect(typeof item.status).toBe('boolean');
      if (item.icon !== undefined) expect(MENU_ICONS).toContain(item.icon);
    }
    for (const { item, depth } of all) {
      if (depth === 1 && !item.isTitle) expect(item.icon).toBeDefined();
      if (item.subItems) expect(item.icon).toBeDefined();
    }
  });

  it('tags titles and groups with the union of what they hold', () => {
    for (const { item } of all.filter(({ item }) => item.subItems)) {
      const childTags = new Set(item.subItems?.flatMap((child) => child.tags));
      expect(new Set(item.tags)).toEqual(childTags);
    }
    const titleIndexes = MENU.flatMap((item, index) => (item.isTitle ? [index] : []));
    titleIndexes.forEach((start, i) => {
      const section = MENU.slice(start + 1, titleIndexes[i + 1] ?? MENU.length);
      expect(new Set(MENU[start]?.tags)).toEqual(new Set(section.flatMap((item) => item.tags)));
    });
  });
});

describe('filterMenu', () => {
  const leaf = (id: string, tags: MenuItem['tags'], status = true): MenuItem => ({
    id,
    label: id,
    link: `/birs/dashboard/${id}`,
    tags,
    status,
  });

  it('drops a title with nothing visible under it, and an empty group', () => {
    const menu: MenuItem[] = [
      { id: 'title-a', label: 'A', isTitle: true, tags: ['admin', 'executive'], status: true },
      leaf('a-1', ['executive']),
      { id: 'title-b', label: 'B', isTitle: true, tags: ['admin'], status: true },
      leaf('b-1', ['admin']),
      {
        id: 'group-c',
        label: 'C',
        tags: ['executive'],
        status: true,
        subItems: [{ ...leaf('c-1', ['admin'], false), parentId: 'group-c' }],
      },
      { id: 'title-d', label: 'D', isTitle: true, tags: ['general'], status: true },
    ];
    expect(filterMenu(menu, 'EXECUTIVE').map((item) => item.id)).toEqual(['title-a', 'a-1']);
    expect(filterMenu(menu, 'ADMIN').map((item) => item.id)).toEqual(['title-b', 'b-1']);
  });

  it('shows items tagged general to every user type', () => {
    const menu: MenuItem[] = [leaf('everyone', ['general']), leaf('hidden', ['general'], false)];
    for (const userType of USER_TYPES) {
      expect(menuLinks(filterMenu(menu, userType))).toEqual(['/birs/dashboard/everyone']);
    }
  });

  it('does not mutate its input', () => {
    const before = structuredClone(MENU);
    for (const userType of USER_TYPES) {
      const filtered = filterMenu(MENU, userType);
      filtered.forEach((item) => {
        item.tags.push('general');
        item.subItems?.splice(0);
      });
    }
    expect(MENU).toEqual(before);
  });

  it('finds an item by link at any depth', () => {
    expect(findMenuItemByLink(MENU, '/birs/taxs/pending-tcc-da-director')?.parentId).toBe(
      findMenuItemByLink(MENU, '/birs/taxs/tcc-direct-assessment')?.parentId,
    );
    expect(findMenuItemByLink(MENU, '/birs/nowhere')).toBeUndefined();
  });
});

describe('the registry lists for the officers who assess (RevDesk’s own)', () => {
  const LISTS = ['/birs/taxpayer/individual-taxpayer', '/birs/taxpayer/corporate-taxpayer'];

  it.each(['OFFICER_DA', 'OFFICER_PA', 'OFFICER_PAYEE', 'ASSESSMENT_OFFICER'] as const)(
    '%s sees them, badged New',
    (userType) => {
      const menu = filterMenu(MENU, userType);
      for (const link of LISTS) expect(findMenuItemByLink(menu, link)?.badge?.text).toBe('New');
    },
  );

  it('ADMIN sees them as docs/product.md §2 has them, without the badge; the shared MENU is untouched', () => {
    const menu = filterMenu(MENU, 'ADMIN');
    for (const link of LISTS) {
      expect(findMenuItemByLink(menu, link)).toBeDefined();
      expect(findMenuItemByLink(menu, link)?.badge).toBeUndefined();
      expect(findMenuItemByLink(MENU, link)?.badge).toBeUndefined();
    }
  });
});
