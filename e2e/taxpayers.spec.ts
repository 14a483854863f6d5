import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** Eleven digits nobody else in this run has: the NIN must be unique. */
function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
}

/** A unique Nigerian mobile number as an officer types it: 0803 and seven digits. */
function uniquePhone(): string {
  return `0803${uniqueDigits(7)}`;
}

/** A letters-only surname nobody else in this run has (names are matched by similarity). */
function uniqueSurname(stem: string): string {
  const letters = uniqueDigits(6).replace(/\d/g, (d) => 'bcdfghjklm'[Number(d)] ?? 'b');
  return `${stem}${letters}`;
}

/** The smallest real picture: a 2×2 PNG, as a phone camera's file would be checked (by its bytes). */
const PNG_2x2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGM4IScnV2HDAKEAG3ADre7YrsYAAAAASUVORK5CYII=',
  'base64',
);

/** Picks an option of a Mantine Select: open it by its label, then click the option. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function field(scope: Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true });
}

/** Registers an individual through the API, as a factory: the test that needs one makes it. */
async function createIndividual(
  page: Page,
  person: { firstName: string; lastName: string; phone?: string },
): Promise<{ btin: string }> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/v1/taxpayers/individuals', {
    headers: { Origin: origin },
    data: {
      firstName: person.firstName,
      lastName: person.lastName,
      gender: 'female',
      dateOfBirth: '1988-04-12',
      nin: uniqueDigits(11),
      phone: person.phone ?? uniquePhone(),
      address: '12 Mbiama Road, Yenagoa',
      stateId: 6,
      lgaId: 608,
      employmentStatus: 'self-employed',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).taxpayer;
}

test.describe('registering a taxpayer', () => {
  test('an administrator registers an individual, then finds them from the top bar by phone', async ({
    page,
    checkA11y,
  }) => {
    // The whole journey (form, two searches, the page, four axe scans) is long on 2 cores.
    test.slow();
    const lastName = uniqueSurname('Ebikabowei');
    const nin = uniqueDigits(11);
    const localPhone = uniquePhone();
    await signIn(page, 'admin');
    await page.goto('/birs/taxpayer/individual-taxpayer');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Individual Taxpayers' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Register individual' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register an individual taxpayer' });
    await expect(dialog).toBeVisible();
    await checkA11y();

    await field(dialog, 'First name').fill('Tarilayefa');
    await field(dialog, 'Last name').fill(lastName);
    await choose(page, dialog, 'Gender', 'Female');
    await dialog.getByLabel('Date of birth').fill('15/06/1990');
    await field(dialog, 'NIN').fill(nin);
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill(localPhone);
    await dialog.getByRole('textbox', { name: 'Address' }).fill('4 Azikoro Road, Yenagoa');
    await choose(page, dialog, 'LGA', 'Yenagoa');
    await choose(page, dialog, 'Employment status', 'Self-employed');
    await dialog.getByRole('button', { name: 'Register individual' }).click();

    await expect(page).toHaveURL(/\/birs\/taxpayer\/\d{10}$/);
    const btin = page.url().split('/').pop() ?? '';
    await expect(page.getByRole('heading', { level: 1 })).toContainText(lastName);
    await expect(page.getByText(`BTIN ${btin}`, { exact: true })).toBeVisible();
    await expect(page.getByText(new RegExp(`registered with BTIN ${btin}`))).toBeVisible();

    // The same phone, typed the international way.
    const search = page.getByRole('searchbox', {
      name: /^Search taxpayer by (name, )?BTIN, e-mail or phone$/,
    });
    await search.fill(`+234${localPhone.slice(1)}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const info = page.getByRole('dialog', { name: 'Tax Payer Information' });
    await expect(info).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Searching Taxpayer...' })).toHaveCount(0);
    await expect(info.getByRole('cell', { name: btin })).toBeVisible();
    await expect(info.getByRole('cell', { name: 'Tarilayefa' })).toBeVisible();
    await expect(info.getByRole('cell', { name: lastName })).toBeVisible();
    await checkA11y();
    await page.keyboard.press('Escape');
    await expect(info).toBeVisible();

    await page.goto('/birs/dashboard');
    await search.fill(`+234${localPhone.slice(1)}`);
    await search.press('Enter');
    await info.getByRole('link', { name: 'Open taxpayer page' }).click();
    await expect(page).toHaveURL(new RegExp(`/birs/taxpayer/${btin}$`));
    await expect(info).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(lastName);
    await expect(page.getByRole('heading', { name: 'Change history' })).toBeVisible();
  });

  test('the form shows what is wrong beside each field before asking the server', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, 'officer_da');
    await page.goto('/birs/taxpayer/individual-taxpayer');
    await page.getByRole('button', { name: 'Register individual' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register an individual taxpayer' });
    await expect(dialog).toBeVisible();

    let writes = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/taxpayers')) writes += 1;
    });
    await field(dialog, 'NIN').fill('1234567890');
    // Typed day first, as officers write dates (DateField).
    const tooYoung = `01/01/${new Date().getFullYear() - 10}`;
    await dialog.getByLabel('Date of birth').fill(tooYoung);
    // Leaving the field shows its message at once (and moves the button below it).
    await dialog.getByLabel('Date of birth').blur();
    await expect(
      dialog.getByText('An individual taxpayer must be at least 16 years old'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Register individual' }).click();

    await expect(dialog.getByText('The NIN is 11 digits')).toBeVisible();
    await expect(
      dialog.getByText('An individual taxpayer must be at least 16 years old'),
    ).toBeVisible();
    await expect(dialog.getByText('Enter the first name')).toBeVisible();
    await expect(dialog.getByText('Choose the LGA')).toBeVisible();
    await expect(field(dialog, 'NIN')).toHaveAttribute('aria-invalid', 'true');
    await checkA11y();
    expect(writes).toBe(0);

    // The state starts on Bayelsa; its LGAs are offered, and a town list follows the LGA.
    await expect(dialog.getByRole('combobox', { name: 'State', exact: true })).toHaveValue(
      'Bayelsa',
    );
    await choose(page, dialog, 'LGA', 'Sagbama');
    await dialog.getByRole('combobox', { name: 'Town', exact: true }).click();
    await expect(page.getByRole('option', { name: 'Sagbama', exact: true })).toBeVisible();
  });

  test('a company with one director is registered', async ({ page, checkA11y }) => {
    const name = `Nembe Creek Ventures ${uniqueSurname('')} Ltd`;
    const cac = `RC${uniqueDigits(7)}`;
    await signIn(page, 'admin');
    await page.goto('/birs/taxpayer/corporate-taxpayer');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Corporate Taxpayers' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Register company' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register a company' });
    await expect(dialog).toBeVisible();

    await field(dialog, 'Registered name').fill(name);
    await field(dialog, 'CAC number').fill(cac);
    await dialog.getByLabel('Date of incorporation').fill('02/03/2015');
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill(uniquePhone());
    await dialog.getByRole('textbox', { name: 'Address' }).fill('Plot 7, Swali Market Road');
    await choose(page, dialog, 'LGA', 'Yenagoa');
    await dialog.getByRole('button', { name: 'Add director' }).click();
    await field(dialog, 'Director 1: name').fill('Ebiere Alamieyeseigha');
    await dialog.getByRole('textbox', { name: 'Director 1: phone' }).fill(uniquePhone());
    await checkA11y();
    await dialog.getByRole('button', { name: 'Register company' }).click();

    await expect(page).toHaveURL(/\/birs\/taxpayer\/\d{10}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const directors = page.getByRole('region', { name: 'Directors' });
    await expect(directors.getByRole('cell', { name: 'Ebiere Alamieyeseigha' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Corporate Taxpayers' })).toBeVisible();
  });
});

test.describe('duplicates', () => {
  /** Fills the individual form with what the register tests need, and the given NIN and phone. */
  async function fillIndividual(
    page: Page,
    dialog: Locator,
    person: { lastName: string; nin: string; phone: string },
  ) {
    await field(dialog, 'First name').fill('Owoupele');
    await field(dialog, 'Last name').fill(person.lastName);
    await choose(page, dialog, 'Gender', 'Male');
    await dialog.getByLabel('Date of birth').fill('03/11/1979');
    await field(dialog, 'NIN').fill(person.nin);
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill(person.phone);
    await dialog.getByRole('textbox', { name: 'Address' }).fill('9 Imgbi Road, Amarata');
    await choose(page, dialog, 'LGA', 'Yenagoa');
    await choose(page, dialog, 'Employment status', 'Employed');
  }

  test('a shared phone asks the officer to confirm; registering anyway gives a new BTIN', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, 'admin');
    const phone = uniquePhone();
    const relative = await createIndividual(page, {
      firstName: 'Ebiakpo',
      lastName: uniqueSurname('Seibofa'),
      phone,
    });
    await page.goto('/birs/taxpayer/individual-taxpayer?register=true');
    const dialog = page.getByRole('dialog', { name: 'Register an individual taxpayer' });
    await fillIndividual(page, dialog, {
      lastName: uniqueSurname('Seibofa'),
      nin: uniqueDigits(11),
      phone,
    });
    await dialog.getByRole('button', { name: 'Register individual' }).click();

    const warning = page.getByRole('dialog', { name: 'Possible duplicate taxpayers' });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('link', { name: new RegExp(relative.btin) })).toBeVisible();
    await checkA11y();
    // Cancel keeps the form as typed; nothing is registered.
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/register=true/);

    await dialog.getByRole('button', { name: 'Register individual' }).click();
    await warning.getByRole('button', { name: 'Register anyway' }).click();
    await expect(page).toHaveURL(/\/birs\/taxpayer\/\d{10}$/);
    expect(page.url()).not.toContain(relative.btin);
  });

  test('the same NIN is refused and names the BTIN that has it', async ({ page }) => {
    await signIn(page, 'officer_da');
    const nin = uniqueDigits(11);
    const origin = new URL(page.url()).origin;
    const first = await page.request.post('/api/v1/taxpayers/individuals', {
      headers: { Origin: origin },
      data: {
        firstName: 'Preye',
        lastName: uniqueSurname('Ayibatonye'),
        gender: 'female',
        dateOfBirth: '1991-02-20',
        nin,
        phone: uniquePhone(),
        address: '3 Tombia Road',
        stateId: 6,
        lgaId: 608,
        employmentStatus: 'employed',
      },
    });
    expect(first.status()).toBe(201);
    const { btin } = (await first.json()).taxpayer;

    await page.goto('/birs/taxpayer/individual-taxpayer?register=true');
    const dialog = page.getByRole('dialog', { name: 'Register an individual taxpayer' });
    await fillIndividual(page, dialog, {
      lastName: uniqueSurname('Ayibatonye'),
      nin,
      phone: uniquePhone(),
    });
    await dialog.getByRole('button', { name: 'Register individual' }).click();
    const refusal = dialog.getByRole('alert').filter({ hasText: 'Already registered' });
    await expect(refusal).toContainText(`This NIN is already registered as BTIN ${btin}`);
    await expect(refusal.getByRole('link', { name: `Open BTIN ${btin}` })).toBeVisible();
    await expect(page).toHaveURL(/register=true/);
  });
});

test.describe('the top bar search', () => {
  test('nobody found: the Validation Failed dialog', async ({ page, checkA11y }) => {
    await signIn(page, 'dg_budget');
    const search = page.getByRole('searchbox', {
      name: /^Search taxpayer by (name, )?BTIN, e-mail or phone$/,
    });
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await expect(button).toBeDisabled();
    await search.fill('nobody-here@example.com');
    await expect(button).toBeEnabled();
    await button.click();
    const failed = page.getByRole('dialog', { name: 'Validation Failed' });
    await expect(failed).toBeVisible();
    await expect(failed.getByText('Taxpayer not found!.', { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Searching Taxpayer...' })).toHaveCount(0);
    await checkA11y();
    await failed.getByRole('button', { name: 'OK' }).click();
    await expect(failed).toBeHidden();
  });
});

test.describe('the registry lists', () => {
  test('a misspelt name finds the person; the filter is in the URL and survives a reload', async ({
    page,
  }) => {
    await signIn(page, 'officer_pa');
    const lastName = uniqueSurname('Okoroafor');
    const taxpayer = await createIndividual(page, { firstName: 'Diepreye', lastName });
    await page.goto('/birs/taxpayer/individual-taxpayer');
    const table = page.getByRole('table', { name: 'Individual taxpayers' });
    await expect(table).toBeVisible();

    // One letter dropped from the surname.
    const misspelt = `Diepreye ${lastName.slice(0, 4)}${lastName.slice(5)}`;
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(misspelt);
    await expect(page).toHaveURL(/[?&]search=/);
    await expect(table.getByRole('link', { name: taxpayer.btin })).toBeVisible();

    await page.getByRole('combobox', { name: 'LGA', exact: true }).click();
    await page.getByRole('option', { name: 'Yenagoa', exact: true }).click();
    await expect(page).toHaveURL(/[?&]lga=608/);
    await expect(table.getByRole('link', { name: taxpayer.btin })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue(
      misspelt,
    );
    await expect(page.getByRole('combobox', { name: 'LGA', exact: true })).toHaveValue('Yenagoa');
    await expect(table.getByRole('link', { name: taxpayer.btin })).toBeVisible();
    const csv = page.getByRole('link', { name: 'Export CSV' });
    await expect(csv).toHaveAttribute('href', /format=csv/);
    await expect(csv).toHaveAttribute('href', /lga=608/);

    await table.getByRole('link', { name: taxpayer.btin }).click();
    await expect(page).toHaveURL(new RegExp(`/birs/taxpayer/${taxpayer.btin}$`));
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Individual Taxpayers' })
      .click();
    await expect(page).toHaveURL(/\/birs\/taxpayer\/individual-taxpayer$/);
  });

  test('nothing matches: the empty state clears the filters', async ({ page }) => {
    await signIn(page, 'director_assessment');
    await page.goto('/birs/taxpayer/individual-taxpayer?search=%22Zzqxwv%20Qqqzzx%22');
    await expect(page.getByText(/No taxpayers match/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register individual' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/birs\/taxpayer\/individual-taxpayer$/);
    await expect(page.getByRole('table', { name: 'Individual taxpayers' })).toBeVisible();
  });

  test('an officer without taxpayer:read is told the page is not for them', async ({ page }) => {
    await signIn(page, 'officer_mda');
    await page.goto('/birs/taxpayer/individual-taxpayer');
    await expect(page.getByText('You do not have access to this page')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('a BTIN nobody has shows a not-found page that leads back to the lists', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/birs/taxpayer/9999999983');
    await expect(page.getByRole('heading', { level: 1, name: 'Taxpayer not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Individual Taxpayers' }).last().click();
    await expect(page).toHaveURL(/\/birs\/taxpayer\/individual-taxpayer$/);
  });
});

test.describe('the taxpayer page', () => {
  test('an officer edits a taxpayer, the change is in the history, and a wrong photo is refused', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, 'officer_da');
    const lastName = uniqueSurname('Amakiri');
    const taxpayer = await createIndividual(page, { firstName: 'Boma', lastName });
    await page.goto(`/birs/taxpayer/${taxpayer.btin}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(lastName);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Edit / });
    await expect(field(dialog, 'First name')).toHaveValue('Boma');
    await checkA11y();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('boma.amakiri@example.com');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('boma.amakiri@example.com').first()).toBeVisible();
    const history = page.getByRole('region', { name: 'Change history' });
    await expect(history.getByText(/email:/)).toBeVisible();
    // The history names the officer who made the change, not their username.
    await expect(history.getByText(/^Changed · [^·]+ · Preye Agadah$/)).toBeVisible();
    await expect(history.getByText(/officer_da/)).toHaveCount(0);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await (await chooser).setFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(page.getByText('Choose a JPEG, PNG or WebP picture.')).toBeVisible();
  });

  test('a photo is uploaded and shown on the record', async ({ page }) => {
    await signIn(page, 'admin');
    const taxpayer = await createIndividual(page, {
      firstName: 'Ebimobowei',
      lastName: uniqueSurname('Sapele'),
    });
    await page.goto(`/birs/taxpayer/${taxpayer.btin}`);
    const photo = page.getByRole('region', { name: 'Photo' });
    await expect(photo.getByText('No photo yet')).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await photo.getByRole('button', { name: 'Upload photo' }).click();
    await (await chooser).setFiles({
      name: 'passport.png',
      mimeType: 'image/png',
      buffer: PNG_2x2,
    });
    const picture = photo.getByRole('img', { name: /^Photo of / });
    await expect(picture).toBeVisible();
    // The picture really came back from the server, not a broken link.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(2);
    await expect(photo.getByRole('button', { name: 'Replace photo' })).toBeVisible();
  });

  test('two officers edit the same taxpayer: the second is told, and nothing is overwritten', async ({
    page,
  }) => {
    await signIn(page, 'officer_pa');
    const taxpayer = await createIndividual(page, {
      firstName: 'Tamarapreye',
      lastName: uniqueSurname('Ogbotobo'),
    });
    await page.goto(`/birs/taxpayer/${taxpayer.btin}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Edit / });
    await expect(field(dialog, 'First name')).toHaveValue('Tamarapreye');

    // Meanwhile another officer saves a change to the same record.
    const origin = new URL(page.url()).origin;
    const other = await page.request.patch(`/api/v1/taxpayers/${taxpayer.btin}`, {
      headers: { Origin: origin },
      data: { employerName: 'Bayelsa State Ministry of Health', version: 1 },
    });
    expect(other.status(), await other.text()).toBe(200);

    await dialog.getByRole('textbox', { name: 'Employer' }).fill('Niger Delta University');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Someone else changed this taxpayer while you were editing.',
    );
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Bayelsa State Ministry of Health')).toBeVisible();
  });
});
