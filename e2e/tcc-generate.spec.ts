import type { APIRequestContext, Page } from '@playwright/test';
import { TCC_PURPOSE_LABELS, type TccPurpose } from '../src/shared/tcc/enums';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';

/**
 * The TCC generate pages (docs/product.md §2 OFFICER_DA taxs/tcc-direct-assessment, OFFICER_PAYEE
 * taxs/paye-tcc-backlog; §7 TCC generate calls): find the taxpayer, the three years, the form,
 * the confirmation; and amending a certificate the Director of Assessment rejected.
 */

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

type Listed = { items: { btin: string; kind?: string }[] };
type Preview = { years: { year: number; flag: string | null }[] };

/** A demo individual with direct assessments still owed (the demo seed's ARREARS group). */
async function taxpayerInArrears(page: Page, skip = 0): Promise<string> {
  const response = await page.request.get(
    '/api/v1/assessments?kind=direct&status=issued&taxYear=2024&pageSize=10',
  );
  expect(response.status(), await response.text()).toBe(200);
  const btins = [...new Set(((await response.json()) as Listed).items.map((a) => a.btin))];
  const btin = btins[skip];
  if (!btin) throw new Error('the demo seed has no individual owing 2024 direct assessment');
  return btin;
}

/** Demo taxpayers of a kind, from the registry. */
async function registered(page: Page, kind: 'individual' | 'corporate'): Promise<string[]> {
  const response = await page.request.get(`/api/v1/taxpayers?kind=${kind}&pageSize=20`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Listed).items.map((t) => t.btin);
}

async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('form', { name: /^(Generate a certificate|Amend certificate)/ })
    .getByRole('combobox', { name: label, exact: true })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Signs a second officer in through the API, in a request context of their own. */
async function apiAs(request: APIRequestContext, username: string) {
  const login = await request.post('/api/v1/auth/login', {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
}

test.describe('generating tax clearance certificates', () => {
  test('a direct assessment officer generates one; a flagged year needs a justification first', async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await signIn(page, 'officer_da');
    const btin = await taxpayerInArrears(page);

    await page.goto('/birs/taxs/tcc-direct-assessment');
    await expect(
      page.getByRole('heading', { name: 'Generate Direct Assessment TCC', level: 1 }),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Taxpayer BTIN' }).fill(btin);
    await expect(page.getByTestId('tcc-holder-name')).toBeVisible();
    const table = page.getByRole('table', { name: 'The three preceding years' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.locator('tr[data-flagged="true"]').first()).toBeVisible();
    await checkA11y();

    await choose(page, 'Purpose', 'Government contract');
    await page.getByRole('textbox', { name: 'Source of income' }).fill('Salary and rent');
    await page.getByRole('button', { name: 'Generate certificate' }).click();

    // Refused on the page, before the server is asked: each flagged year says why it is needed.
    const justifications = page.getByRole('textbox', { name: /^Why \d{4} may go on/ });
    const flaggedYears = await justifications.count();
    expect(flaggedYears).toBeGreaterThan(0);
    await expect(page.getByText(/Explain in at least 10 characters/).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /generated/ })).toHaveCount(0);

    for (let i = 0; i < flaggedYears; i += 1) {
      await justifications
        .nth(i)
        .fill('Instalment plan agreed with the Director of Assessment in writing');
    }
    await page.getByRole('button', { name: 'Generate certificate' }).click();

    const done = page.getByRole('status').filter({ hasText: /Certificate .* generated/ });
    await expect(done).toBeVisible();
    await expect(done.getByTestId('tcc-done-status')).toHaveText('With Director of Assessment');
    await checkA11y();

    const number = (await done.getByRole('link', { name: /Open certificate/ }).textContent())
      ?.replace('Open certificate ', '')
      .trim();
    expect(number).toMatch(/\/TCC\//);

    // A second one for the same purpose is refused before the server is asked, naming the first.
    await done.getByRole('button', { name: 'Generate another' }).click();
    await page.getByRole('textbox', { name: 'Taxpayer BTIN' }).fill(btin);
    const open = page.getByRole('list', { name: 'Open certificates' });
    await expect(open.getByRole('link', { name: number ?? '' })).toBeVisible();
    await choose(page, 'Purpose', 'Government contract');
    await page.getByRole('textbox', { name: 'Source of income' }).fill('Salary and rent');
    for (let i = 0; i < flaggedYears; i += 1) {
      await justifications.nth(i).fill('Instalment plan agreed in writing with the service');
    }
    await page.getByRole('button', { name: 'Generate certificate' }).click();
    await expect(
      page.getByText(`Certificate ${number} for government contract is still open`),
    ).toBeVisible();

    await open.getByRole('link', { name: number ?? '' }).click();
    await expect(page).toHaveURL(/\/birs\/taxs\/tcc\/[0-9a-f-]{36}$/);
  });

  test('the preview warns of a certificate the taxpayer holds for the purpose, asking why a second', async ({
    page,
  }) => {
    await signIn(page, 'officer_da');
    // A demo holder of an approved or printed certificate still valid, as the preview reads it.
    const listed = await page.request.get(
      '/api/v1/tcc?kind=direct-assessment&status=approved,printed&pageSize=20',
    );
    expect(listed.status(), await listed.text()).toBe(200);
    type Held = { number: string; purpose: TccPurpose; expiresOn: string };
    let found: { btin: string; held: Held } | null = null;
    for (const item of ((await listed.json()) as Listed).items) {
      const preview = await page.request.get(
        `/api/v1/tcc/preview?kind=direct-assessment&btin=${item.btin}`,
      );
      const [held] = ((await preview.json()) as { held: Held[] }).held;
      if (held) {
        found = { btin: item.btin, held };
        break;
      }
    }
    if (!found) throw new Error('the demo seed has no valid direct-assessment certificate');
    const { btin, held } = found;
    // As the page writes a calendar date (web/lib/format.ts formatCalendarDate): 31 Dec 2026.
    const expiry = new Date(`${held.expiresOn}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });

    await page.goto('/birs/taxs/tcc-direct-assessment');
    await page.getByRole('textbox', { name: 'Taxpayer BTIN' }).fill(btin);
    await expect(page.getByTestId('tcc-holder-name')).toBeVisible();
    await choose(page, 'Purpose', TCC_PURPOSE_LABELS[held.purpose]);
    // Before anything is sent: the certificate held, its expiry, the reason to write.
    const warning = page.getByTestId('tcc-duplicate-refusal');
    await expect(warning).toContainText(`already holds certificate ${held.number}`);
    await expect(warning).toContainText(`valid until ${expiry}`);
    await page.getByRole('button', { name: 'Generate certificate' }).click();
    await expect(
      warning.getByText('Write why a second certificate is needed, in at least 10 characters'),
    ).toBeVisible();
  });

  test('a PAYE officer generates one for a company’s employee with the three years typed', async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await signIn(page, 'officer_payee');
    const [employee] = await registered(page, 'individual');
    const [employer] = await registered(page, 'corporate');
    if (!employee || !employer) throw new Error('the demo seed has no individual or company');

    await page.goto('/birs/taxs/paye-tcc-backlog');
    await page.getByRole('textbox', { name: 'Taxpayer BTIN' }).fill(employee);
    await expect(page.getByTestId('tcc-holder-name')).toBeVisible();

    // The employer must be a company: an individual's BTIN is refused beside the field.
    await page.getByRole('textbox', { name: 'Employer BTIN' }).fill(employee);
    await expect(page.getByText(/the employer must be a registered company/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Employer BTIN' }).fill(employer);
    await expect(page.getByText(/the employer must be a registered company/)).toHaveCount(0);

    await choose(page, 'Purpose', 'Bank loan');
    await page.getByRole('textbox', { name: 'Source of income' }).fill('Salary');
    const years = page.getByTestId('tcc-entered-year');
    await expect(years).toHaveCount(3);
    for (let i = 0; i < 3; i += 1) {
      const year = years.nth(i);
      await year.getByRole('textbox', { name: /^Income/ }).fill('3600000');
      await year.getByRole('textbox', { name: /^Tax/ }).fill('180000');
      await year.getByRole('textbox', { name: /^PAYE paid/ }).fill('180000');
    }
    // A receipt of the first year's remittance, typed with its date day first.
    const first = years.first();
    await first.getByRole('button', { name: /Add a receipt/ }).click();
    await first.getByRole('textbox', { name: 'Receipt number' }).fill('PAYE/REM/0042');
    await first.getByRole('textbox', { name: 'Receipt date' }).fill('15/12/2023');
    await first.getByRole('textbox', { name: 'Amount (₦)' }).fill('180000');
    await checkA11y();

    await page.getByRole('button', { name: 'Generate certificate' }).click();
    const done = page.getByRole('status').filter({ hasText: /Certificate .* generated/ });
    await expect(done).toBeVisible();
    await expect(done.getByTestId('tcc-done-status')).toHaveText('With Director of Assessment');
  });

  test('an assessment officer generates an exemption: the reason and the evidence seen', async ({
    page,
  }) => {
    await signIn(page, 'assessment_officer');
    const [, person] = await registered(page, 'individual');
    if (!person) throw new Error('the demo seed has fewer than two individuals');

    await page.goto('/birs/taxs/tcc-exemptions');
    await page.getByRole('textbox', { name: 'Taxpayer BTIN' }).fill(person);
    await expect(page.getByTestId('tcc-holder-name')).toBeVisible();
    await choose(page, 'Purpose', 'Employment');
    await page.getByRole('textbox', { name: 'Source of income' }).fill('None: a student');
    await choose(page, 'Why not liable', 'Full-time student');
    await page.getByRole('textbox', { name: 'Evidence seen' }).fill('ID card');
    await page.getByRole('button', { name: 'Generate certificate' }).click();
    await expect(page.getByText('Note the evidence seen in at least 10 characters')).toBeVisible();

    await page
      .getByRole('textbox', { name: 'Evidence seen' })
      .fill('Student ID card and admission letter of Niger Delta University seen');
    await page.getByRole('button', { name: 'Generate certificate' }).click();
    const done = page.getByRole('status').filter({ hasText: /Certificate .* generated/ });
    await expect(done.getByTestId('tcc-done-status')).toHaveText('With Director of Assessment');
  });

  test('a PAYE officer generates one for MDA staff; PAYE short of the tax flags the year', async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await signIn(page, 'officer_payee');
    const [, , person] = await registered(page, 'individual');
    if (!person) throw new Error('the demo seed has fewer than three individuals');

    await page.goto('/birs/taxs/generate-mda-tcc');
    await page.getByRole('textbox', { name: 'Taxpayer BTIN' }).fill(person);
    await expect(page.getByTestId('tcc-holder-name')).toBeVisible();
    await choose(page, 'Purpose', 'Land or property title');
    await page.getByRole('textbox', { name: 'Source of income' }).fill('Salary');
    await page
      .getByRole('form', { name: 'Generate a certificate' })
      .getByRole('combobox', { name: 'MDA', exact: true })
      .click();
    await page.getByRole('option').first().click();
    await page.getByRole('textbox', { name: 'Staff number' }).fill('BY/MOF/0931');
    const years = page.getByTestId('tcc-entered-year');
    for (let i = 0; i < 3; i += 1) {
      const year = years.nth(i);
      await year.getByRole('textbox', { name: /^Income/ }).fill('2400000');
      await year.getByRole('textbox', { name: /^Tax/ }).fill('96000');
      await year.getByRole('textbox', { name: /^PAYE paid/ }).fill(i === 1 ? '48000' : '96000');
    }
    // Only the year paid short asks why it may go on.
    const why = page.getByRole('textbox', { name: /^Why \d{4} may go on/ });
    await expect(why).toHaveCount(1);
    await checkA11y();
    await page.getByRole('button', { name: 'Generate certificate' }).click();
    await expect(page.getByText(/Explain in at least 10 characters/)).toBeVisible();
    await why.fill('The MDA remitted the balance in January; the remittance is being traced');
    await page.getByRole('button', { name: 'Generate certificate' }).click();
    const done = page.getByRole('status').filter({ hasText: /Certificate .* generated/ });
    await expect(done.getByTestId('tcc-done-status')).toHaveText('With Director of Assessment');
  });

  test('the officer amends a certificate the Director of Assessment rejected and sends it back', async ({
    page,
    request,
    checkA11y,
  }) => {
    test.slow();
    await signIn(page, 'officer_da');
    const btin = await taxpayerInArrears(page, 1);
    const preview = await page.request.get(
      `/api/v1/tcc/preview?kind=direct-assessment&btin=${btin}`,
    );
    expect(preview.status(), await preview.text()).toBe(200);
    const flagged = ((await preview.json()) as Preview).years.filter((y) => y.flag !== null);
    const created = await page.request.post('/api/v1/tcc', {
      headers: origin(page),
      data: {
        kind: 'direct-assessment',
        btin,
        purpose: 'visa',
        sourceOfIncome: 'Trading',
        justifications: flagged.map((y) => ({ year: y.year, text: 'Paying by instalments' })),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id, number } = (await created.json()) as { id: string; number: string };

    const reason = 'Source of income does not match the assessments';
    await apiAs(request, 'director_assessment');
    const rejected = await request.post(`/api/v1/tcc/${id}/reject`, {
      headers: origin(page),
      data: { reason },
    });
    expect(rejected.status(), await rejected.text()).toBe(200);

    await page.goto(`/birs/taxs/tcc-direct-assessment?amend=${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Amend a rejected Direct assessment certificate',
    );
    await expect(page.getByText(`Certificate ${number} was rejected`)).toBeVisible();
    await expect(page.getByTestId('tcc-rejection-reason')).toContainText(reason);
    const source = page.getByRole('textbox', { name: 'Source of income' });
    await expect(source).toHaveValue('Trading');
    await checkA11y();

    await source.fill('Salary from a private school');
    await page.getByRole('button', { name: 'Send back for approval' }).click();
    await expect(page.getByText('Say what you changed in at least 5 characters')).toBeVisible();
    await page
      .getByRole('textbox', { name: 'What you changed' })
      .fill('Source of income corrected to the salary the assessments were raised on');
    await page.getByRole('button', { name: 'Send back for approval' }).click();

    const done = page.getByRole('status').filter({ hasText: `Certificate ${number} sent back` });
    await expect(done).toBeVisible();
    await expect(done.getByTestId('tcc-done-status')).toHaveText('With Director of Assessment');
  });
});
