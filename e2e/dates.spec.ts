import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * One date field for the whole app (src/web/lib/dates/DateField.tsx): typed and shown day first,
 * carried as YYYY-MM-DD in the URL and the API. The browser runs in US English, whose own date
 * input reads mm/dd/yyyy, to prove the field ignores the browser's language.
 */
test.use({ locale: 'en-US' });

test('a date filter reads 05/03/2026 as 5 March 2026 and keeps it ISO in the URL', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/birs/taxpayer/individual-taxpayer');
  const from = page.getByRole('textbox', { name: 'Registered from', exact: true });
  await from.click();
  await page.keyboard.type('05/03/2026');
  await expect(page).toHaveURL(/[?&]registeredFrom=2026-03-05(&|$)/);
  await from.press('Tab');
  await expect(from).toHaveValue('05/03/2026');

  // The URL is the state (docs/architecture.md §11.8): a bookmarked range opens with both dates day first.
  await page.goto(
    '/birs/taxpayer/individual-taxpayer?registeredFrom=2025-12-01&registeredTo=2026-01-31',
  );
  await expect(page.getByRole('textbox', { name: 'Registered from', exact: true })).toHaveValue(
    '01/12/2025',
  );
  await expect(page.getByRole('textbox', { name: 'Registered to', exact: true })).toHaveValue(
    '31/01/2026',
  );

  // Emptying the field removes the bound.
  const to = page.getByRole('textbox', { name: 'Registered to', exact: true });
  await to.fill('');
  await expect(page).not.toHaveURL(/registeredTo=/);
  await expect(page).toHaveURL(/registeredFrom=2025-12-01/);
});

test('the calendar comes with the first date field entered; what was typed before it stays', async ({
  page,
}) => {
  // The calendar's chunk loads when an officer first enters a date field (DateField): held back
  // here, so the typed field alone takes the date, then hands over to the calendar.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route(/\/assets\/CalendarDateField-[\w-]+\.js$/, async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  await signIn(page, 'admin');
  await page.goto('/birs/taxpayer/individual-taxpayer');
  const from = page.getByRole('textbox', { name: 'Registered from', exact: true });
  await expect(from).toBeVisible();
  expect(asked).toBe(0);

  await from.click();
  await page.keyboard.type('5/3/2024');
  await expect(page).toHaveURL(/[?&]registeredFrom=2024-03-05(&|$)/);
  expect(asked).toBe(1);
  release();
  // The calendar arrived while the officer was typing: their text stays until they leave.
  await expect(from).toHaveValue('5/3/2024');
  await expect(from).toBeFocused();
  await from.press('Tab');
  await expect(from).toHaveValue('05/03/2024');

  // Entering the other field now opens the calendar at once, on this month; a day picked is
  // the bound.
  const today = new Date();
  const month = today.toLocaleString('en-GB', { month: 'long' });
  const monthNumber = String(today.getMonth() + 1).padStart(2, '0');
  const to = page.getByRole('textbox', { name: 'Registered to', exact: true });
  await to.click();
  await expect(page.getByRole('button', { name: 'Choose another month' })).toHaveText(
    `${month} ${today.getFullYear()}`,
  );
  await page
    .getByRole('button', { name: `1 ${month} ${today.getFullYear()}`, exact: true })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`[?&]registeredTo=${today.getFullYear()}-${monthNumber}-01(&|$)`),
  );
  await expect(to).toHaveValue(`01/${monthNumber}/${today.getFullYear()}`);
  expect(asked).toBe(1);
});

test('a date field entered before the calendar has come opens it when it comes', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/birs/taxpayer/individual-taxpayer?registeredFrom=2026-03-05');
  const from = page.getByRole('textbox', { name: 'Registered from', exact: true });
  await from.click();
  // Focus moved to the calendar's field when it took the typed one's place, and it opened.
  await expect(page.getByRole('button', { name: 'Choose another month' })).toBeVisible();
  await expect(from).toBeFocused();
  await expect(from).toHaveValue('05/03/2026');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Choose another month' })).toBeHidden();
});

test('a date of birth typed day first reaches the API as an ISO date', async ({ page }) => {
  // A whole registration form: slow on a machine shared by many browsers.
  test.slow();
  await signIn(page, 'admin');
  await page.goto('/birs/taxpayer/individual-taxpayer');
  await page.getByRole('button', { name: 'Register individual' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register an individual taxpayer' });
  await expect(dialog).toBeVisible();

  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await field(dialog, 'First name').fill('Ebiakpo');
  await field(dialog, 'Last name').fill('Datefirst');
  await choose(page, dialog, 'Gender', 'Female');
  const dateOfBirth = field(dialog, 'Date of birth');
  await dateOfBirth.click();
  await page.keyboard.type('02/09/1986');
  await dateOfBirth.press('Tab');
  await expect(dateOfBirth).toHaveValue('02/09/1986');
  await field(dialog, 'NIN').fill(digits.slice(-11));
  await field(dialog, 'Phone number').fill(`0803${digits.slice(-7)}`);
  await field(dialog, 'Address').fill('4 Azikoro Road, Yenagoa');
  await choose(page, dialog, 'LGA', 'Yenagoa');
  await choose(page, dialog, 'Employment status', 'Self-employed');

  const registration = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && request.url().endsWith('/api/v1/taxpayers/individuals'),
  );
  await dialog.getByRole('button', { name: 'Register individual' }).click();
  expect((await registration).postDataJSON()).toMatchObject({ dateOfBirth: '1986-09-02' });
  await expect(page).toHaveURL(/\/birs\/taxpayer\/\d{10}$/);
});

function field(scope: Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true });
}

/** Picks an option of a Mantine Select: open it by its label, then click the option. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
