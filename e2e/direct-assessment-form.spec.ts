import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** 56960000 → "₦569,600.00", as the screens print kobo. */
function naira(kobo: number): string {
  const whole = String(Math.floor(kobo / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `₦${whole}.${String(kobo % 100).padStart(2, '0')}`;
}

type Taxpayer = { btin: string; displayName: string };

/** A demo taxpayer of a kind (the e2e server runs with the demo seed's 2,000 individuals). */
async function demoTaxpayer(page: Page, kind: 'individual' | 'corporate', index = 0) {
  const response = await page.request.get(`/api/v1/taxpayers?kind=${kind}&pageSize=20`);
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: Taxpayer[] };
  const taxpayer = items[index];
  if (!taxpayer) throw new Error(`no demo ${kind} at ${index}`);
  return taxpayer;
}

/** What the server's engine answers for the figures (POST …/direct/compute): the same engine. */
async function serverTax(page: Page, body: object): Promise<number> {
  const response = await page.request.post('/api/v1/assessments/direct/compute', {
    headers: { Origin: new URL(page.url()).origin },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { taxKobo: number }).taxKobo;
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function amount(page: Page, label: string): Locator {
  return page.getByRole('textbox', { name: label, exact: true });
}

const FORM_PATH = '/birs/taxs/direct-assessment/new';

test('an officer assesses a year under PITA and under the NTA 2025, band by band, and saves and edits the draft', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'officer_da');
  const person = await demoTaxpayer(page, 'individual', 3);
  await page.goto(FORM_PATH);
  await expect(page.getByRole('heading', { name: 'New direct assessment' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Taxpayer’s BTIN' }).fill(person.btin);
  await expect(page.getByTestId('taxpayer-name')).toContainText(person.displayName);

  // 2025: PITA as amended by the Finance Act 2020; no rent relief or mortgage interest yet.
  await choose(page, 'Year of assessment', '2025');
  await expect(
    page.getByText(
      'The law that applies: Personal Income Tax Act, as amended by the Finance Act 2020',
    ),
  ).toBeVisible();
  await expect(amount(page, 'Annual rent paid')).toHaveCount(0);
  await expect(amount(page, 'Mortgage interest (owner-occupied house)')).toHaveCount(0);

  await amount(page, 'Income 1: amount').fill('4000000');
  await page.getByRole('button', { name: 'Add an income' }).click();
  await choose(page, 'Income 2: source', 'Rent received');
  await amount(page, 'Income 2: amount').fill('600000');
  await amount(page, 'Pension contributions').fill('250000');
  await amount(page, 'National Housing Fund (NHF)').fill('50000');

  // By hand: gross 4,600,000 − pension and NHF 300,000 = 4,300,000; CRA 200,000 + 20 % of it
  // = 1,060,000; chargeable 3,240,000: 21,000 + 33,000 + 75,000 + 95,000 + 336,000 + 24 % of
  // 40,000 (9,600) = 569,600.
  const pita = {
    taxYear: 2025,
    incomes: [
      { source: 'trade', amountKobo: 400_000_000 },
      { source: 'rent', amountKobo: 60_000_000 },
    ],
    deductions: { pensionKobo: 25_000_000, nhfKobo: 5_000_000 },
  };
  expect(await serverTax(page, pita)).toBe(56_960_000);
  const panel = page.getByRole('region', { name: 'Tax computation' });
  await expect(panel.getByTestId('gross-income')).toHaveText('₦4,600,000.00');
  await expect(panel.getByTestId('chargeable-income')).toHaveText('₦3,240,000.00');
  const bands = panel.getByRole('table', { name: 'Tax on each band' });
  await expect(
    bands.getByRole('row', { name: /Above ₦3,200,000 24 % ₦40,000\.00 ₦9,600\.00/ }),
  ).toBeVisible();
  await expect(panel.getByTestId('tax-payable')).toHaveText(naira(56_960_000));

  // 2026: the Nigeria Tax Act 2025; rent relief is 20 % of the rent, at most ₦500,000.
  await choose(page, 'Year of assessment', '2026');
  await expect(page.getByText('The law that applies: Nigeria Tax Act 2025')).toBeVisible();
  await amount(page, 'Annual rent paid').fill('3000000');
  // By hand: 4,600,000 − 250,000 − 50,000 − 500,000 = 3,800,000 chargeable: 0 % on 800,000,
  // 15 % on 2,200,000 (330,000), 18 % on 800,000 (144,000) = 474,000.
  const nta = {
    ...pita,
    taxYear: 2026,
    deductions: { ...pita.deductions, annualRentKobo: 300_000_000 },
  };
  expect(await serverTax(page, nta)).toBe(47_400_000);
  await expect(panel.getByTestId('tax-payable')).toHaveText(naira(47_400_000));
  const rentRelief = panel.getByRole('listitem', { name: 'Rent relief' });
  await expect(rentRelief).toContainText('₦500,000.00');
  await expect(rentRelief).toContainText('Capped at ₦500,000.00');
  await expect(rentRelief).toContainText('Rent paid ₦3,000,000.00');
  await expect(bands.getByRole('row', { name: /₦800,000\s–\s₦3,000,000 15 %/ })).toContainText(
    '₦330,000.00',
  );

  await page
    .getByRole('textbox', { name: 'Evidence seen' })
    .fill('Bank statements and tenancy agreement');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/birs\/taxs\/assessment\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';

  const saved = await page.request.get(`/api/v1/assessments/${id}`);
  expect(saved.status()).toBe(200);
  const draft = await saved.json();
  expect(draft).toMatchObject({
    btin: person.btin,
    kind: 'direct',
    status: 'draft',
    taxYear: 2026,
    law: 'NTA2025',
    grossIncomeKobo: 460_000_000,
    chargeableIncomeKobo: 380_000_000,
    taxKobo: 47_400_000,
    evidenceNote: 'Bank statements and tenancy agreement',
    version: 1,
  });
  expect(draft.input).toEqual({ incomes: nta.incomes, deductions: nta.deductions });

  // Edit the draft: the figures come back; a larger rent income raises the tax.
  await page.goto(`/birs/taxs/direct-assessment/${id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit direct assessment' })).toBeVisible();
  await expect(page.getByText(`(BTIN ${person.btin})`)).toBeVisible();
  await expect(amount(page, 'Income 1: amount')).toHaveValue('₦4,000,000');
  await expect(amount(page, 'Annual rent paid')).toHaveValue('₦3,000,000');
  await expect(panel.getByTestId('tax-payable')).toHaveText(naira(47_400_000));
  await amount(page, 'Income 2: amount').fill('1000000');
  // 5,000,000 − 800,000 = 4,200,000: 330,000 + 18 % of 1,200,000 (216,000) = 546,000.
  await expect(panel.getByTestId('tax-payable')).toHaveText(naira(54_600_000));
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(new RegExp(`/birs/taxs/assessment/${id}$`));
  const edited = await (await page.request.get(`/api/v1/assessments/${id}`)).json();
  expect(edited).toMatchObject({ taxKobo: 54_600_000, grossIncomeKobo: 500_000_000, version: 2 });
});

test('the form refuses a company, a mistyped BTIN and an empty income beside the fields', async ({
  page,
}) => {
  await signIn(page, 'officer_da');
  const company = await demoTaxpayer(page, 'corporate');
  await page.goto(FORM_PATH);
  const btin = page.getByRole('textbox', { name: 'Taxpayer’s BTIN' });

  await btin.fill(company.btin);
  await expect(
    page.getByText(
      `${company.displayName} is a company: personal income tax is assessed on individuals only`,
    ),
  ).toBeVisible();
  await expect(btin).toHaveAttribute('aria-invalid', 'true');

  // One digit changed: the check digit catches it before any lookup.
  const last = Number(company.btin.at(-1));
  await btin.fill(`${company.btin.slice(0, 9)}${(last + 1) % 10}`);
  await btin.blur();
  await expect(page.getByText('This BTIN’s check digit is wrong: check the number')).toBeVisible();

  const person = await demoTaxpayer(page, 'individual', 4);
  await btin.fill(person.btin);
  await expect(page.getByTestId('taxpayer-name')).toContainText(person.displayName);
  await page.getByRole('button', { name: 'Save draft' }).click();
  const income = amount(page, 'Income 1: amount');
  await expect(income).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter the amount')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${FORM_PATH}$`));
  await expect(page.getByRole('region', { name: 'Tax computation' })).toContainText(
    'Choose the year and enter an income',
  );
});

test('?btin= preselects the taxpayer; on a phone the computation sits under the form', async ({
  page,
}) => {
  await signIn(page, 'officer_da');
  const person = await demoTaxpayer(page, 'individual', 5);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${FORM_PATH}?btin=${person.btin}`);
  await expect(page.getByTestId('taxpayer-name')).toContainText(person.displayName);
  await amount(page, 'Income 1: amount').fill('900000');
  const panel = page.getByRole('region', { name: 'Tax computation' });
  await expect(panel.getByTestId('gross-income')).toHaveText('₦900,000.00');
  const save = await page.getByRole('button', { name: 'Save draft' }).boundingBox();
  const computation = await panel.boundingBox();
  expect(save && computation && computation.y > save.y).toBe(true);
});

test('an officer who does not draft direct assessments gets the no-access page', async ({
  page,
}) => {
  await signIn(page, 'officer_pa');
  await page.goto(FORM_PATH);
  await expect(
    page.getByRole('heading', { name: 'You do not have access to this page' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
});

test('a draft saved meanwhile is not overwritten; an issued one cannot be edited and is flagged on a new draft', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'officer_da');
  const person = await demoTaxpayer(page, 'individual', 6);
  const origin = { Origin: new URL(page.url()).origin };
  const body = {
    btin: person.btin,
    taxYear: 2026,
    incomes: [{ source: 'trade', amountKobo: 250_000_000 }],
    deductions: {},
    evidenceNote: 'Sales book seen',
  };
  const created = await page.request.post('/api/v1/assessments/direct', {
    headers: origin,
    data: body,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/birs/taxs/direct-assessment/${id}/edit`);
  await expect(amount(page, 'Income 1: amount')).toHaveValue('₦2,500,000');
  // Someone else saves the draft while this officer has it open.
  const { btin: _btin, ...figures } = body;
  const meanwhile = await page.request.put(`/api/v1/assessments/${id}`, {
    headers: origin,
    data: { ...figures, version: 1 },
  });
  expect(meanwhile.status(), await meanwhile.text()).toBe(200);
  await amount(page, 'Income 1: amount').fill('2600000');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The draft was not saved' }),
  ).toContainText('Someone saved this draft after you opened it');
  await expect(page).toHaveURL(new RegExp(`/direct-assessment/${id}/edit$`));

  const issued = await page.request.post(`/api/v1/assessments/${id}/issue`, { headers: origin });
  expect(issued.status(), await issued.text()).toBe(200);
  const { noticeNumber } = (await issued.json()) as { noticeNumber: string };

  await page.goto(`/birs/taxs/direct-assessment/${id}/edit`);
  await expect(page.getByText('Only a draft can be edited; this one is issued.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);

  await page.goto(`${FORM_PATH}?btin=${person.btin}`);
  const warning = page.getByText(`This taxpayer already has an assessment for 2026`);
  await expect(warning).toBeVisible();
  await expect(page.getByRole('link', { name: noticeNumber })).toBeVisible();
});
