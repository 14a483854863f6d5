import { clippedTable, expect, pageOverflow, signIn, test } from './fixtures';

/**
 * Every list fits its screen (docs/architecture.md §9): at 1366 × 768 no column goes off-screen
 * (the lower-priority ones fold into their row), at 375 px no page is wider than the phone and
 * the search box stays on the page; every list says what it is sorted by.
 */

const LISTS: { path: string; name: string; hasSearch: boolean; user?: string }[] = [
  {
    path: '/birs/taxs/direct-assessment',
    name: 'direct assessments',
    hasSearch: true,
    user: 'officer_da',
  },
  { path: '/birs/admin/tax-officer-list', name: 'officers', hasSearch: true },
  { path: '/birs/taxpayer/individual-taxpayer', name: 'taxpayers', hasSearch: true },
  { path: '/birs/taxs/payment-history', name: 'payments', hasSearch: true },
  { path: '/birs/taxs/audit-trail', name: 'audit trail', hasSearch: false },
  { path: '/birs/mda/manage-mda', name: 'MDAs', hasSearch: true },
  { path: '/birs/admin/trade-categories', name: 'trade categories', hasSearch: true },
];

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 740 };

// One visit per list, resized from 1366 to 375 px: the same checks at each size as a test per
// size made, without a second sign-in and page load. axe scans a page once per address on
// arrival, so the phone layout is scanned here.
for (const list of LISTS) {
  test(`${list.name} at 1366 and 375 px: fits, says its order${list.hasSearch ? ', search in sight' : ''}`, async ({
    page,
    checkA11y,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, list.user ?? 'admin');
    await page.goto(list.path);
    await expect(page.getByText(/^Sorted by: \S/)).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
    await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);

    await page.setViewportSize(PHONE);
    await expect(
      page
        .getByRole('list')
        .filter({ has: page.locator('li') })
        .first(),
    ).toBeVisible();
    await expect(page.getByText(/^Sorted by: \S/)).toBeVisible();
    if (list.hasSearch) await expect(page.getByRole('searchbox')).toBeVisible();
    await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
    await checkA11y();
  });
}

test('at 1366 px the assessment list keeps "Issued on": a header or folded into its row', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'officer_da');
  await page.goto('/birs/taxs/direct-assessment');
  const table = page.getByRole('table').first();
  await expect(table).toBeVisible();
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
  const header = table.locator('th', { hasText: 'Issued on' });
  const folded = table.locator('dt', { hasText: 'Issued on' });
  await expect(header.or(folded).first()).toBeVisible();
  await expect(page.getByText('Sorted by: date created, newest first')).toBeVisible();
});

test('the search box on a phone filters without opening the drawer', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'admin');
  await page.goto('/birs/admin/tax-officer-list');
  const search = page.getByRole('searchbox');
  await expect(search).toBeVisible();
  await search.fill('zzz-no-such-officer');
  await search.press('Enter');
  await expect(page).toHaveURL(/search=zzz-no-such-officer/);
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeVisible();
});
