import { PNG } from 'pngjs';
import { expect, sidebar, signIn, test } from './fixtures';

/**
 * The letterhead page (ADMIN): the crest every printed document carries, seen, refused with the
 * server's reason, replaced, removed, and the service's name changed; at a laptop's width and a
 * phone's. Each test leaves a crest and the board's name in place, as the demo seeds them.
 */

const BOARD = 'Bayelsa State Board of Internal Revenue';

function squarePng(rgb: [number, number, number]): Buffer {
  const image = new PNG({ width: 64, height: 64 });
  for (let i = 0; i < image.data.length; i += 4) {
    image.data[i] = rgb[0];
    image.data[i + 1] = rgb[1];
    image.data[i + 2] = rgb[2];
    image.data[i + 3] = 255;
  }
  return PNG.sync.write(image);
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('ADMIN sees the crest, is told why a broken file is refused, replaces and removes it, renames the service', async ({
      page,
      checkA11y,
    }) => {
      await signIn(page, 'admin');
      if (viewport.width > 1000) {
        await sidebar(page)
          .getByRole('link', { name: /Document Letterhead/ })
          .click();
        await expect(page).toHaveURL(/\/birs\/admin\/letterhead$/);
      } else {
        await page.goto('/birs/admin/letterhead');
      }
      await expect(
        page.getByRole('heading', { name: 'Document Letterhead', level: 1 }),
      ).toBeVisible();
      const crest = page.getByRole('region', { name: 'Crest' });
      const image = crest.getByRole('img', { name: 'The crest as printed on documents' });
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await checkA11y();

      // Called a PNG, but not one: the browser lets it through, the server says why not.
      const file = crest.locator('input[type="file"]');
      await file.setInputFiles({
        name: 'crest.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<html><body>not an image</body></html>'),
      });
      const refused = crest.getByRole('alert');
      await expect(refused).toContainText('Crest not saved');
      await expect(refused).toContainText('The crest must be a PNG or JPEG image');
      await expect(image).toBeVisible();

      const before = await image.getAttribute('src');
      await file.setInputFiles({
        name: 'crest.png',
        mimeType: 'image/png',
        buffer: squarePng([26, 77, 143]),
      });
      await expect(page.getByText('Crest saved')).toBeVisible();
      await expect(crest.getByRole('alert')).toHaveCount(0);
      await expect(image).not.toHaveAttribute('src', before ?? '');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

      await crest.getByRole('button', { name: 'Remove crest' }).click();
      await expect(
        crest.getByText('No crest uploaded: documents print the service name only.'),
      ).toBeVisible();
      await expect(crest.getByRole('button', { name: 'Upload crest' })).toBeVisible();
      await file.setInputFiles({
        name: 'crest.png',
        mimeType: 'image/png',
        buffer: squarePng([201, 162, 39]),
      });
      await expect(image).toBeVisible();
      await expect(crest.getByRole('button', { name: 'Replace crest' })).toBeVisible();

      const naming = page.getByRole('region', { name: 'Service name' });
      const name = naming.getByRole('textbox', { name: 'Service name' });
      await expect(name).toHaveValue(BOARD);
      await name.fill('Bayelsa State Internal Revenue Service');
      await naming.getByRole('button', { name: 'Save name' }).click();
      await expect(page.getByText('Name saved')).toBeVisible();
      await expect(name).toHaveValue('Bayelsa State Internal Revenue Service');
      await name.fill(BOARD);
      await naming.getByRole('button', { name: 'Save name' }).click();
      await expect(naming.getByRole('button', { name: 'Save name' })).toBeDisabled();
      await expect(name).toHaveValue(BOARD);

      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
      await checkA11y();
    });
  });
}

test('officers other than ADMIN have no letterhead page', async ({ page }) => {
  await signIn(page, 'tcc_chairman');
  await expect(sidebar(page).getByRole('link', { name: /Document Letterhead/ })).toHaveCount(0);
});
