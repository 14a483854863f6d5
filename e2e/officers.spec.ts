import type { Browser, Page } from '@playwright/test';
import { expect, sidebar, signIn, signInThroughForm, test } from './fixtures';

/** A username nobody else in this run has. */
function uniqueUsername(stem: string): string {
  return `${stem}.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** The smallest real picture: a 2×2 PNG (the server checks the bytes, not the name). */
const PNG_2x2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGM4IScnV2HDAKEAG3ADre7YrsYAAAAASUVORK5CYII=',
  'base64',
);

async function signOut(page: Page): Promise<void> {
  await sidebar(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

/** An officer made through the API by the signed-in administrator of `page`. */
async function createOfficerByApi(page: Page, userType: string, temporaryPassword: string) {
  const username = uniqueUsername('e2e');
  const response = await page.request.post('/api/v1/officers', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      firstName: 'Ebiere',
      surname: 'Tonye',
      username,
      email: `${username}@birs.test`,
      phoneNumber: '08031234567',
      userType,
      temporaryPassword,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...(await response.json()), username } as { id: string; username: string };
}

/** Signs a new officer in, in a browser of their own, past the forced change through the API. */
async function officerBrowser(
  browser: Browser,
  baseURL: string,
  username: string,
  temporaryPassword: string,
) {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const response = await page.request.post('/api/v1/auth/change-temporary-password', {
    headers: { Origin: baseURL },
    data: { username, temporaryPassword, newPassword: 'officer-own-pass-1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { context, page };
}

test.describe('officers administration', () => {
  test('an administrator adds an officer; the officer must choose a password, then sees their menu; the audit trail tells the story', async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    const username = uniqueUsername('preye');
    // This test signs out: a session of its own, not the worker's shared one.
    await signInThroughForm(page, 'admin');
    await sidebar(page).getByRole('link', { name: 'Tax Officers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tax Officers' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Tax Officers' })).toBeVisible();

    await page.getByRole('button', { name: 'Add officer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an officer' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Preye');
    await dialog.getByRole('textbox', { name: 'Surname' }).fill('Dickson');
    await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`${username}@birs.test`);
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('0803 555 0101');
    await dialog.getByRole('combobox', { name: 'User type' }).click();
    await page.getByRole('option', { name: 'Presumptive Assessment Officer' }).click();
    await dialog.getByRole('textbox', { name: 'Temporary password' }).fill('short');
    await dialog.getByRole('button', { name: 'Add officer' }).click();
    // The policy's rule, beside its field, before anything is sent.
    await expect(dialog.getByText('Use at least 10 characters.')).toBeVisible();
    await checkA11y();
    await dialog.getByRole('textbox', { name: 'Temporary password' }).fill('temporary-pass-42');
    await dialog.getByRole('button', { name: 'Add officer' }).click();

    const panel = page.getByRole('dialog', { name: 'Preye Dickson' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Temporary password', { exact: true })).toBeVisible();
    await expect(panel.getByText('Presumptive Assessment Officer')).toBeVisible();
    await checkA11y();
    await page.screenshot({ path: '/tmp/c-shots/officers-panel.png' });
    await page.keyboard.press('Escape');
    await signOut(page);

    // The new officer: the temporary password opens only the change form.
    await page.getByLabel('Username or e-mail').fill(username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('temporary-pass-42');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await page
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill('temporary-pass-42');
    await page.getByRole('button', { name: 'Save password and continue' }).click();
    await expect(
      page.getByText('Choose a password different from the temporary one you were given.'),
    ).toBeVisible();
    await checkA11y();
    await page.screenshot({ path: '/tmp/c-shots/officers-choose-password.png' });
    await page
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill('preye-own-password');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('preye-own-password');
    await page.getByRole('button', { name: 'Save password and continue' }).click();
    await expect(page).toHaveURL(/\/birs\/dashboard$/);
    await expect(
      sidebar(page).getByRole('button', { name: 'Presumptive Tax', exact: true }),
    ).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Tax Officers' })).toHaveCount(0);
    await signOut(page);

    // The administrator reads the story in the audit trail.
    await signIn(page, 'admin');
    await page.goto(`/birs/taxs/audit-trail?actor=${encodeURIComponent(username)}`);
    const trail = page.getByRole('table', { name: 'Audit trail' });
    await expect(trail.getByText('auth.sign_in_needs_password_change')).toBeVisible();
    await expect(trail.getByText('auth.password_changed')).toBeVisible();
    await expect(trail.getByText('auth.signed_in')).toBeVisible();
    await page.goto('/birs/taxs/audit-trail?action=officer.created');
    await expect(
      page.getByRole('table', { name: 'Audit trail' }).getByText('officer.created').first(),
    ).toBeVisible();
  });

  test('deactivating an officer sends their open page to sign-in at its next request', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const officer = await createOfficerByApi(page, 'OFFICER_DA', 'temporary-pass-77');
    const other = await officerBrowser(
      browser,
      baseURL as string,
      officer.username,
      'temporary-pass-77',
    );
    await other.page.goto('/birs/dashboard');
    await expect(other.page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto(`/birs/admin/tax-officer-list?search=${officer.username}`);
    await page
      .getByRole('table', { name: 'Tax Officers' })
      .getByRole('cell', { name: officer.username, exact: true })
      .click();
    const panel = page.getByRole('dialog', { name: 'Ebiere Tonye' });
    await panel.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Ebiere Tonye?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect(panel.getByText('Deactivated', { exact: true })).toBeVisible();

    await other.page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(other.page).toHaveURL(/\/account\/login\?returnUrl=/);
    await other.context.close();
  });

  test('an administrator cannot deactivate themself: the button is not offered', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await sidebar(page).getByRole('link', { name: 'Administrators' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Administrators' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('admin');
    await page
      .getByRole('table', { name: 'Administrators' })
      .getByRole('cell', { name: 'admin', exact: true })
      .click();
    const panel = page.getByRole('dialog', { name: 'Ebiere Alamieyeseigha' });
    await expect(panel.getByRole('tab', { name: 'Edit details' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
  });
});

test.describe('my profile', () => {
  test('an officer edits their phone, uploads a picture and sees their sessions', async ({
    page,
    browser,
    baseURL,
    checkA11y,
  }) => {
    test.slow();
    // This test signs out: a session of its own, not the worker's shared one.
    await signInThroughForm(page, 'admin');
    const officer = await createOfficerByApi(page, 'OFFICER_DA', 'temporary-pass-55');
    const elsewhere = await officerBrowser(
      browser,
      baseURL as string,
      officer.username,
      'temporary-pass-55',
    );
    await signOut(page);
    await signIn(page, officer.username, { password: 'officer-own-pass-1' });

    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

    const contact = page.getByRole('form', { name: 'Contact details' });
    await contact.getByRole('textbox', { name: 'Phone number' }).fill('12345');
    await contact.getByRole('button', { name: 'Save details' }).click();
    await expect(
      contact.getByText('Enter a Nigerian phone number, e.g. 0803 123 4567'),
    ).toBeVisible();
    await contact.getByRole('textbox', { name: 'Phone number' }).fill('0809 765 4321');
    await contact.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your contact details are saved.')).toBeVisible();
    await expect(page.getByText('0809 765 4321').first()).toBeVisible();

    await page.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG_2x2,
    });
    await expect(page.getByRole('img', { name: 'Profile picture of Ebiere Tonye' })).toBeVisible();

    const sessions = page.getByRole('table', { name: 'Your sessions' });
    await expect(sessions.getByText('This session')).toBeVisible();
    await expect(sessions.getByRole('row')).toHaveCount(3);
    await checkA11y();
    await page.screenshot({ path: '/tmp/c-shots/profile.png', fullPage: true });
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('1 other session was signed out.')).toBeVisible();
    await expect(sessions.getByRole('row')).toHaveCount(2);
    const gone = await elsewhere.page.request.get('/api/v1/auth/me');
    expect(gone.status()).toBe(401);
    await elsewhere.context.close();
  });
});

test.describe("the chairman's signature", () => {
  test('the chairman sees the signature certificates print, and a wrong file is refused before it is sent', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, 'tcc_chairman');
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    const card = page.getByRole('region', { name: 'Signature on certificates' });
    // The demo seed gives the chairman a signature (seed/all.ts).
    await expect(
      card.getByRole('img', { name: 'Your signature as printed on certificates' }),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: 'Replace signature' })).toBeVisible();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') requests.push(request.url());
    });
    await card.locator('input[type="file"]').setInputFiles({
      name: 'signature.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    const refused = card.getByRole('alert');
    await expect(refused).toContainText('Signature not saved');
    await expect(refused).toContainText('Choose a PNG or JPEG image.');
    expect(requests.filter((url) => url.includes('/profile/signature'))).toEqual([]);
    await checkA11y();
  });
});
