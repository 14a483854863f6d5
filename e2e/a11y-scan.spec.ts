import { expect, scan, test } from './fixtures';

/**
 * The scan every other test relies on (fixtures.ts) finds what it is there to find: were axe
 * not running in the page, every page would pass unseen.
 */
test('the accessibility scan reports a serious violation on the page, and none once it is gone', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.evaluate(() => {
    const unnamed = document.createElement('button');
    unnamed.id = 'unnamed-button';
    document.body.append(unnamed);
  });
  expect(await scan(page)).toContainEqual(
    expect.objectContaining({
      id: 'button-name',
      impact: 'critical',
      targets: ['#unnamed-button'],
    }),
  );

  await page.evaluate(() => document.getElementById('unnamed-button')?.remove());
  expect(await scan(page)).toEqual([]);
});
