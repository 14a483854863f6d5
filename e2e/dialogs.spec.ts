import type { Locator, Page } from '@playwright/test';
import { expect, sidebar, signIn, test } from './fixtures';

/** Presses Tab until `target` has focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Whether the focused element is inside `dialog`, and its accessible-ish name. */
function focusInside(dialog: Locator): Promise<{ isInside: boolean; name: string }> {
  return dialog.evaluate((element) => {
    const active = document.activeElement as HTMLElement | null;
    return {
      isInside: active !== null && element.contains(active),
      name: active?.getAttribute('aria-label') ?? active?.textContent ?? active?.tagName ?? '',
    };
  });
}

/** Two frames: long enough for a key's state change to render. */
function nextFrames(page: Page): Promise<unknown> {
  return page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** docs/product.md §2 "RRR check modals": static dialogs, opened from the sidebar (ADMIN sees all three). */
const CHECKS = [
  { title: 'Check RRR', firstField: (d: Locator) => d.getByRole('combobox', { name: 'MDA' }) },
  {
    title: 'Check RRR (Multiple)',
    firstField: (d: Locator) =>
      d.getByRole('combobox', { name: 'MDA for rows without an mdaCode' }),
  },
  {
    title: 'Auto Reg/EVAS Check Status',
    firstField: (d: Locator) => d.getByRole('textbox', { name: 'RRR' }),
  },
];

test.describe('Check dialogs by keyboard only (WAI-ARIA modal dialog)', () => {
  for (const { title, firstField } of CHECKS) {
    test(`${title}: focus moves in, stays in, Escape is ignored, Close gives it back`, async ({
      page,
    }) => {
      await signIn(page, 'admin');
      const entry = sidebar(page).getByRole('button', { name: title, exact: true });
      await tabTo(page, entry);
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(firstField(dialog)).toBeFocused();
      // The page behind is out of the Tab order and of the accessibility tree.
      await expect(page.locator('#root')).toHaveAttribute('inert', '');
      await expect(dialog).toHaveAttribute('aria-modal', 'true');

      // Tab cycles inside the dialog: twenty presses never leave it and come back round.
      const names = new Set<string>();
      for (let presses = 0; presses < 20; presses += 1) {
        await page.keyboard.press('Tab');
        const focus = await focusInside(dialog);
        expect(focus.isInside, `Tab ${presses + 1} left the dialog for "${focus.name}"`).toBe(true);
        names.add(focus.name);
      }
      expect(names.size).toBeGreaterThan(1);
      expect(names.size).toBeLessThan(20);

      // Static (docs/product.md §2): Escape does not close it.
      await page.keyboard.press('Escape');
      await nextFrames(page);
      await page.keyboard.press('Escape');
      await nextFrames(page);
      await expect(dialog).toBeVisible();
      expect((await focusInside(dialog)).isInside).toBe(true);

      await tabTo(page, dialog.getByRole('button', { name: 'Close', exact: true }), 20);
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(entry).toBeFocused();
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
    });
  }
});
