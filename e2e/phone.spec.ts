import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * DESIGN.md §9: every list works at 375 px wide. A phone held upright (an iPhone X's 375×812):
 * each record is a card whose key fields show on the first screen, without sideways scrolling.
 */
test.use({ viewport: { width: 375, height: 812 } });

function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
}

/** A letters-only surname nobody else in this run has (names are matched by similarity). */
function uniqueSurname(stem: string): string {
  return `${stem}${uniqueDigits(6).replace(/\d/g, (d) => 'bcdfghjklm'[Number(d)] ?? 'b')}`;
}

/** Registers an individual through the API, as a factory: the test that needs one makes it. */
async function createIndividual(page: Page, lastName: string, phone: string): Promise<string> {
  const response = await page.request.post('/api/v1/taxpayers/individuals', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      firstName: 'Ebiere',
      lastName,
      gender: 'female',
      dateOfBirth: '1986-07-21',
      nin: uniqueDigits(11),
      phone,
      address: '3 Swali Road, Yenagoa',
      stateId: 6,
      lgaId: 608,
      employmentStatus: 'self-employed',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()).taxpayer as { btin: string }).btin;
}

/** A bill raised for the taxpayer and paid at the Remita simulator's "bank". */
async function payBill(page: Page, btin: string, amountKobo: number): Promise<void> {
  const origin = new URL(page.url()).origin;
  const mdas = await page.request.get('/api/v1/mdas/details?pageSize=200');
  expect(mdas.status(), await mdas.text()).toBe(200);
  type Mda = {
    id: string;
    isActive: boolean;
    hasRemitaCredentials: boolean;
    revenueHeads: { code: string; isActive: boolean }[];
  };
  const mda = ((await mdas.json()) as { items: Mda[] }).items.find(
    (m) => m.isActive && m.hasRemitaCredentials && m.revenueHeads.some((head) => head.isActive),
  );
  if (!mda) throw new Error('No MDA can bill through Remita');
  const invoice = await page.request.post('/api/v1/invoices', {
    headers: { Origin: origin },
    data: {
      btin,
      mdaId: mda.id,
      revenueHeadCode: mda.revenueHeads.find((head) => head.isActive)?.code,
      amountKobo,
      description: 'Phone-width bill',
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  const { rrr } = (await invoice.json()) as { rrr: string };
  const paid = await page.request.post(`/_sim/remita/pay/${rrr}`, { data: {} });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** The page does not scroll sideways, and the card lies wholly inside the first screen. */
async function expectOnFirstScreen(page: Page, card: Locator): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  const box = await card.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.y + box.height).toBeLessThanOrEqual(812);
}

test.describe('lists on a phone', () => {
  test('the taxpayer list shows cards, and its filter drawer filters', async ({
    page,
    checkA11y,
  }) => {
    // Sign-in, a registration, the list, the drawer and three axe scans: long on 2 cores.
    test.slow();
    await signIn(page, 'admin');
    const lastName = uniqueSurname('Ayibakuro');
    const btin = await createIndividual(page, lastName, `0813${uniqueDigits(7)}`);

    await page.goto('/birs/taxpayer/individual-taxpayer');
    const list = page.getByRole('list', { name: 'Individual taxpayers' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await filters.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    // Focus moves into the drawer.
    await expect(drawer.locator(':focus')).toHaveCount(1);
    await drawer.getByRole('searchbox', { name: 'Search' }).fill(lastName);
    await checkA11y();
    await drawer.getByRole('button', { name: 'Show results' }).click();
    await expect(drawer).toBeHidden();

    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`search=${lastName}`));
    const cards = list.getByRole('listitem');
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await expect(card).toContainText(`Ebiere ${lastName}`);
    await expect(card).toContainText(btin);
    await expect(card).toContainText('Active');
    const phone = card.getByRole('link', { name: /^0813 / });
    await expect(phone).toHaveAttribute('href', /^tel:\+234813\d{7}$/);
    await expectOnFirstScreen(page, card);
    await checkA11y();

    // A tap on the card opens the taxpayer, as a row click does.
    await card.getByRole('button', { name: new RegExp(lastName) }).click();
    await expect(page).toHaveURL(new RegExp(`/birs/taxpayer/${btin}$`));
  });

  test('payment history shows a payment card with its date, payer, amount, status and receipt on the first screen', async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const lastName = uniqueSurname('Tonbra');
    const btin = await createIndividual(page, lastName, `0814${uniqueDigits(7)}`);
    await payBill(page, btin, 1_234_500);

    await page.goto(`/birs/taxs/payment-history?btin=${btin}`);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    // The three totals fold into one line.
    const totals = page.getByLabel('Totals of the filtered payments');
    await expect(totals).toContainText('₦12,345.00');
    expect((await totals.boundingBox())?.height ?? 999).toBeLessThanOrEqual(60);

    const card = page.getByRole('list', { name: 'Payments' }).getByRole('listitem').first();
    await expect(card).toContainText(`Ebiere ${lastName}`);
    await expect(card).toContainText('₦12,345.00');
    await expect(card).toContainText('Paid');
    await expect(card).toContainText(/Receipt[A-Z]{2,10}\/\d{4}\/\d{7}/);
    await expect(card).toContainText(/Date\d{1,2} [A-Z][a-z]{2} \d{4}/);
    await expectOnFirstScreen(page, card);
    await checkA11y();

    await card.getByRole('button', { name: new RegExp(lastName) }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('the top bar search opens from its icon and finds a taxpayer', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, 'admin');
    const lastName = uniqueSurname('Diepreye');
    const btin = await createIndividual(page, lastName, `0815${uniqueDigits(7)}`);

    const search = page.getByRole('searchbox', {
      name: 'Search taxpayer by BTIN, e-mail or phone',
    });
    await expect(search).toHaveCount(0);
    await page.getByRole('button', { name: 'Search taxpayer' }).click();
    await expect(search).toBeFocused();
    await expect(search).toHaveAttribute('placeholder', 'Search Taxpayer By BTIN/Email/Phone...');
    const box = await search.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(250);
    await checkA11y();

    await search.fill(btin);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const info = page.getByRole('dialog', { name: 'Tax Payer Information' });
    await expect(info).toBeVisible();
    await expect(info.getByRole('cell', { name: lastName })).toBeVisible();
  });
});
