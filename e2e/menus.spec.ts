import { expect, sidebar, signIn, test } from './fixtures';

/** Three roles, each with a few entries docs/product.md §2 gives them and a few it gives others only. */
const ROLES = [
  {
    username: 'admin',
    fullName: 'Ebiere Alamieyeseigha',
    shows: [
      'Dashboard',
      'Individual Taxpayers',
      'Corporate Taxpayers',
      'Manage MDAs',
      'Administrators',
      'Tax Officers',
      'Audit Trail',
    ],
    hides: ['Executive Dashboard', 'Direct Assessment TCC', 'MDA List'],
    checks: ['Check RRR', 'Check RRR (Multiple)', 'Auto Reg/EVAS Check Status'],
  },
  {
    username: 'officer_da',
    fullName: 'Preye Agadah',
    shows: [
      'Dashboard',
      'Direct Assessment',
      'Direct Assessment TCC',
      'Check Payment History',
      'MDA List',
      'My Profile',
      // RevDesk's own (badged New): the registry lists, to find a taxpayer by name.
      'Individual Taxpayers',
    ],
    hides: ['Manage MDAs', 'Presumptive Tax TCC'],
    checks: ['Check RRR'],
  },
  {
    username: 'tcc_chairman',
    fullName: 'Tonbra Ekiyor',
    shows: [
      'Direct Assessment TCC',
      'Presumptive Tax TCC',
      'Exemption TCC',
      'PAYE Backlog TCC',
      'MDA Staff TCC',
      'Revenue Reports',
    ],
    hides: ['Dashboard', 'Individual Taxpayers', 'My Profile', 'Check Payment History'],
    checks: ['Check RRR'],
  },
];

for (const role of ROLES) {
  test(`${role.username} signs in and sees the menu docs/product.md gives the role`, async ({
    page,
  }) => {
    await signIn(page, role.username);
    const nav = sidebar(page);
    for (const label of role.shows) {
      await expect(nav.getByText(label, { exact: true }).first(), label).toBeVisible();
    }
    for (const label of role.hides) {
      await expect(nav.getByText(label, { exact: true }), label).toHaveCount(0);
    }
    for (const label of ['Check RRR', 'Check RRR (Multiple)', 'Auto Reg/EVAS Check Status']) {
      await expect(nav.getByRole('button', { name: label, exact: true })).toHaveCount(
        role.checks.includes(label) ? 1 : 0,
      );
    }
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: `${role.fullName}, account menu` }),
    ).toBeVisible();
  });
}

test('the chairman opens a group and reaches a list page', async ({ page }) => {
  await signIn(page, 'tcc_chairman');
  const nav = sidebar(page);
  await nav.getByRole('button', { name: 'Direct Assessment TCC' }).click();
  await nav.getByRole('link', { name: 'Awaiting Chairman' }).click();
  await expect(page).toHaveURL(/\/birs\/taxs\/pending-tcc-da-chairman$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Direct Assessment TCCs awaiting the Chairman',
  );
});

test('a page of another role says it is not for this officer', async ({ page }) => {
  await signIn(page, 'officer_da');
  await page.goto('/birs/admin/admin-list');
  await expect(page.getByText('You do not have access to this page')).toBeVisible();
});

test('every dashboard card leads to a page', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    /Good (morning|afternoon|evening), Ebiere/,
  );
  await page
    .getByRole('link', { name: /Individual Taxpayers/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/birs\/taxpayer\/individual-taxpayer$/);
});
