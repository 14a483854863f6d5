import { expect, signIn, test } from './fixtures';

test.describe('page transitions', () => {
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });

  test('a page fades in over 500 ms', async ({ page }) => {
    await signIn(page, 'officer_da');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Preye');
    const duration = await page
      .locator('.revdesk-page-enter')
      .evaluate((el) => getComputedStyle(el).animationDuration);
    expect(duration).toBe('0.5s');
  });
});

test('no transition for a person who asks for reduced motion', async ({ page }) => {
  // The project's default context asks for reduced motion.
  await signIn(page, 'officer_da');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Preye');
  const duration = await page
    .locator('.revdesk-page-enter')
    .evaluate((el) => getComputedStyle(el).animationDuration);
  expect(duration).toBe('0s');
});

test('a new page starts at the top', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 400 });
  await signIn(page, 'admin');
  await page.evaluate(() => window.scrollTo(0, 300));
  await page
    .getByRole('link', { name: /Stamp Duty/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/birs\/taxs\/stamp-duty$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
