import type { Locator, Page } from '@playwright/test';
import { expect, sidebar, signIn, test } from './fixtures';

/**
 * Finding a taxpayer by name wherever a BTIN is asked (src/web/lib/forms/TaxpayerPicker.tsx) and in
 * the top bar: a misspelt name finds both namesakes, each option tells them apart (BTIN, phone,
 * LGA), and the keyboard alone picks one. At a desk's 1366 px and a phone's 375 px.
 */

function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
}

/** A letters-only surname nobody else in this run has (names are matched by similarity). */
function uniqueSurname(): string {
  return `Adebayo${uniqueDigits(6).replace(/\d/g, (d) => 'bcdfghjklm'[Number(d)] ?? 'b')}`;
}

type Person = { btin: string; phone: string; lga: string };

/** Two people of the same name: one in Yenagoa, one in Brass, each with their own phone. */
async function namesakes(page: Page, lastName: string): Promise<[Person, Person]> {
  const register = async (lgaId: number, lga: string): Promise<Person> => {
    const local = `080${uniqueDigits(8)}`;
    const response = await page.request.post('/api/v1/taxpayers/individuals', {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        firstName: 'Tonye',
        lastName,
        gender: 'male',
        dateOfBirth: '1979-03-14',
        nin: uniqueDigits(11),
        phone: local,
        address: '5 Azikoro Road',
        stateId: 6,
        lgaId,
        employmentStatus: 'self-employed',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { btin } = (await response.json()).taxpayer as { btin: string };
    return { btin, phone: `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`, lga };
  };
  return [await register(608, 'Yenagoa'), await register(601, 'Brass')];
}

/** One letter of the surname dropped, as a hurried officer types it. */
const misspelt = (lastName: string) => `Tonye ${lastName.slice(0, 5)}${lastName.slice(6)}`;

/**
 * Presses ArrowDown until `option` is the active one (the field's aria-activedescendant, what a
 * screen reader announces), then Enter: keyboard only.
 */
async function pickWithKeys(
  page: Page,
  field: Locator,
  options: Locator,
  option: Locator,
): Promise<void> {
  const id = await option.getAttribute('id');
  const count = await options.count();
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press('ArrowDown');
    if ((await field.getAttribute('aria-activedescendant')) === id) break;
  }
  await expect(field).toHaveAttribute('aria-activedescendant', id ?? 'an id');
  await page.keyboard.press('Enter');
}

/** Tabs until `target` has the focus (keyboard only). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 20; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Each test runs at a desk's 1366 px, then resized to a phone's 375 px, on the same namesakes:
 * the same checks at each size as a test per size made, with one sign-in and one registration.
 */
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
];

test('an assessment officer picks a taxpayer by a misspelt name in the direct assessment form', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'officer_da');
  const lastName = uniqueSurname();
  const [, inBrass] = await namesakes(page, lastName);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/birs/taxs/direct-assessment/new');
    await expect(page.getByRole('heading', { name: 'New direct assessment' })).toBeVisible();

    const field = page.getByRole('textbox', { name: 'Taxpayer’s BTIN' });
    await field.focus();
    await page.keyboard.type(misspelt(lastName));
    const found = page.getByRole('listbox', { name: 'Taxpayers found' });
    const options = found.getByRole('option');
    // The first name search of a fresh server builds its statements: give it time.
    await expect(options).toHaveCount(2, { timeout: 20_000 });
    // Each option tells the namesakes apart: BTIN, kind, phone and LGA.
    const wanted = options.filter({ hasText: inBrass.btin });
    await expect(wanted).toContainText(`Tonye ${lastName}`);
    await expect(wanted).toContainText(`Individual · ${inBrass.phone} · Brass`);
    await checkA11y();

    await pickWithKeys(page, field, options, wanted);
    await expect(found).toBeHidden();
    await expect(field).toHaveValue(inBrass.btin);
    // The name, then its kind and LGA beside it, as both assessment forms show them.
    await expect(page.getByTestId('taxpayer-name')).toHaveText(`Tonye ${lastName}`);
    await expect(page.getByTestId('taxpayer-name').locator('xpath=..')).toContainText('Brass');
  }
});

test('the top bar finds by name and lists two people of the same name, telling them apart', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'officer_da');
  const lastName = uniqueSurname();
  const [inYenagoa, inBrass] = await namesakes(page, lastName);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/birs/dashboard');
    if (viewport.width < 500) {
      const open = page.getByRole('button', { name: 'Search taxpayer' });
      await open.focus();
      await page.keyboard.press('Enter');
    }
    const search = page.getByRole('searchbox', {
      name: 'Search taxpayer by name, BTIN, e-mail or phone',
    });
    await search.focus();
    await page.keyboard.type(misspelt(lastName));
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', {
      name: `Taxpayers matching “${misspelt(lastName)}”`,
    });
    await expect(dialog).toBeVisible();
    const items = dialog.getByRole('listitem');
    await expect(items).toHaveCount(2);
    for (const person of [inYenagoa, inBrass]) {
      await expect(items.filter({ hasText: person.btin })).toContainText(
        `${person.btin} · Individual · ${person.phone} · ${person.lga}`,
      );
    }
    await checkA11y();

    const link = items
      .filter({ hasText: inYenagoa.btin })
      .getByRole('link', { name: `Tonye ${lastName}` });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/birs/taxpayer/${inYenagoa.btin}$`));
    await expect(dialog).toBeHidden();
  }
});

test('the top bar still opens one taxpayer by exact BTIN', async ({ page }) => {
  await signIn(page, 'officer_da');
  const [person] = await namesakes(page, uniqueSurname());
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/birs/dashboard');
    if (viewport.width < 500) await page.getByRole('button', { name: 'Search taxpayer' }).click();
    await page
      .getByRole('searchbox', { name: 'Search taxpayer by name, BTIN, e-mail or phone' })
      .fill(person.btin);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Tax Payer Information' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(person.btin, { exact: true })).toBeVisible();
  }
});

test('the officers who assess see the registry lists in their menu, badged New', async ({
  page,
}) => {
  await signIn(page, 'officer_pa');
  const lists = sidebar(page).getByRole('link', { name: /Individual Taxpayers/ });
  await expect(lists).toBeVisible();
  await expect(lists).toContainText('New');
  await lists.click();
  await expect(page.getByRole('table', { name: 'Individual taxpayers' })).toBeVisible();
});
