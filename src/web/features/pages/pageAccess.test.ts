import { describe, expect, it } from 'vitest';
import { filterMenu, MENU } from '../../../shared/menu';
import { classifyShellPath } from './pageAccess';

describe('classifyShellPath', () => {
  const daMenu = filterMenu(MENU, 'OFFICER_DA');

  it("finds a page of the officer's own menu", () => {
    const page = classifyShellPath('/birs', 'taxs/direct-assessment', daMenu);
    expect(page).toMatchObject({ kind: 'page', link: '/birs/taxs/direct-assessment' });
  });

  it("refuses a page that only another officer type's menu holds", () => {
    expect(classifyShellPath('/birs', 'admin/admin-list', daMenu).kind).toBe('no-access');
  });

  it('knows nothing of paths outside the menu or the shell areas', () => {
    expect(classifyShellPath('/birs', 'taxs/no-such-list', daMenu).kind).toBe('unknown');
    expect(classifyShellPath('/birs', 'nowhere/page', daMenu).kind).toBe('unknown');
  });

  it('keeps stamp-duty in the birs shell only', () => {
    const stampMenu = filterMenu(MENU, 'OFFICER_STAMP_DUTY');
    expect(classifyShellPath('/birs', 'stamp-duty/all', stampMenu).kind).toBe('page');
    expect(classifyShellPath('/governor', 'stamp-duty/all', stampMenu).kind).toBe('unknown');
  });

  it('ignores a trailing slash', () => {
    expect(classifyShellPath('/birs', 'mda/mda-list/', daMenu).kind).toBe('page');
  });
});
