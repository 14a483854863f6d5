import { describe, expect, it } from 'vitest';
import { MENU } from '../menu/items';
import type { MenuItem } from '../menu/types';
import { TCC_KINDS } from './enums';
import { TCC_SCREENS, tccGenerateScreenOf, tccScreenAt } from './lists';

function links(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.link ? [item.link] : []),
    ...links(item.subItems ?? []),
  ]);
}

describe('the TCC pages of docs/product.md §2', () => {
  const tccLinks = links(MENU.filter((item) => item.id.startsWith('group-tcc-'))).map((link) =>
    link.replace(/^\/birs\//, ''),
  );

  it('are exactly the Tax Clearance menu entries, each once', () => {
    expect(tccLinks.length).toBeGreaterThan(40);
    expect([...TCC_SCREENS.map((s) => s.path)].sort()).toEqual([...tccLinks].sort());
    expect(new Set(TCC_SCREENS.map((s) => s.path)).size).toBe(TCC_SCREENS.length);
  });

  it('give every kind a generate page, and every stage page its stage', () => {
    for (const kind of TCC_KINDS) expect(tccGenerateScreenOf(kind).kind).toBe(kind);
    for (const screen of TCC_SCREENS) {
      const staged = screen.view === 'stage-pending' || screen.view === 'stage-rejected';
      expect(Boolean(screen.stage), screen.path).toBe(staged);
      expect(screen.statuses.length, screen.path).toBeGreaterThan(0);
    }
    expect(tccScreenAt('taxs/process-mda-tcc')).toMatchObject({
      kind: 'mda-employee',
      view: 'stage-pending',
      stage: 'chairman',
      statuses: ['pending_chairman'],
    });
  });
});
