import type { Locator, Page } from '@playwright/test';
import { expect, sidebar, signIn, test } from './fixtures';

/** A code nobody else in this run has: "E2E" and four letters. */
function uniqueCode(): string {
  const digits = `${Date.now()}`.slice(-4);
  return `E2E-${digits.replace(/\d/g, (d) => 'ABCDEFGHJK'[Number(d)] ?? 'A')}`;
}

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('MDAs', () => {
  test('an administrator adds an MDA with a Remita key and a revenue head, then edits the head', async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    const code = uniqueCode();
    const name = `Bayelsa State Ferry Services Agency ${code}`;
    await signIn(page, 'admin');
    await sidebar(page).getByRole('link', { name: 'Manage MDAs' }).click();
    await expect(page).toHaveURL(/\/birs\/mda\/manage-mda$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage MDAs' })).toBeVisible();
    // The demo seed's MDAs are listed.
    await expect(page.getByRole('cell', { name: 'Ministry of Health', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add MDA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an MDA' });
    await expect(dialog).toBeVisible();
    await checkA11y();

    // A code in the wrong format is refused beside its field.
    await dialog.getByRole('textbox', { name: 'Code' }).fill('FERRY SVC');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await choose(page, dialog, 'Category', 'Agency');
    await dialog.getByRole('button', { name: 'Add MDA' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
      /2 to 12 capital letters or digits/,
    );

    await dialog.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
    await dialog.getByRole('textbox', { name: 'Merchant ID' }).fill('2547999');
    const serviceTypes = dialog.getByLabel('Service type IDs');
    await serviceTypes.fill('4430799');
    await serviceTypes.press('Enter');
    await dialog.getByLabel('API key', { exact: true }).fill('e2e-secret-key-1946');
    await dialog.getByRole('button', { name: 'Add MDA' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(code);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(code.toUpperCase(), { exact: true })).toBeVisible();
    await expect(row.getByText('Key set')).toBeVisible();

    // The edit form says the key is set, and never shows it.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(edit.getByText('Set', { exact: true })).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Replace key' })).toBeVisible();
    await expect(edit.getByLabel('API key', { exact: true })).toHaveCount(0);
    await expect(page.getByText('e2e-secret-key-1946')).toHaveCount(0);
    await checkA11y();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // A revenue head, amount typed in naira.
    await row.getByRole('button', { name: `Show the revenue heads of ${name}` }).click();
    await page.getByRole('button', { name: 'Add revenue head' }).click();
    const headForm = page.getByRole('dialog', { name: `Add a revenue head to ${code}` });
    await headForm.getByRole('textbox', { name: 'Economic code' }).fill('1202');
    await headForm.getByRole('textbox', { name: 'Name', exact: true }).fill('Ferry ticket levy');
    await headForm.getByRole('button', { name: 'Add revenue head' }).click();
    await expect(
      headForm.getByRole('textbox', { name: 'Economic code' }),
    ).toHaveAccessibleDescription(/8 digits starting with 1/);
    await headForm.getByRole('textbox', { name: 'Economic code' }).fill('12020130');
    await headForm.getByRole('textbox', { name: 'Default amount (₦)' }).fill('1500');
    await headForm.getByRole('button', { name: 'Add revenue head' }).click();
    await expect(headForm).toBeHidden();
    const heads = page.getByRole('table', { name: `Revenue heads of ${name}` });
    const head = heads.getByRole('row').filter({ hasText: '12020130' });
    await expect(head).toContainText('Ferry ticket levy');
    await expect(head).toContainText('₦1,500.00');
    await checkA11y();

    await head.getByRole('button', { name: /^Edit revenue head/ }).click();
    const editHead = page.getByRole('dialog', { name: 'Edit revenue head 12020130' });
    await editHead.getByRole('textbox', { name: 'Name', exact: true }).fill('Ferry passenger levy');
    await editHead.getByRole('textbox', { name: 'Default amount (₦)' }).fill('2,000.50');
    await editHead.getByRole('button', { name: 'Save revenue head' }).click();
    await expect(editHead).toBeHidden();
    await expect(head).toContainText('Ferry passenger levy');
    await expect(head).toContainText('₦2,000.50');

    await head.getByRole('button', { name: /^Deactivate revenue head/ }).click();
    await expect(head.getByText('Inactive')).toBeVisible();
  });

  test('a direct assessment officer reads the MDA List, without anything to change', async ({
    page,
  }) => {
    await signIn(page, 'officer_da');
    await sidebar(page).getByRole('link', { name: 'MDA List' }).click();
    await expect(page).toHaveURL(/\/birs\/mda\/mda-list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'MDA List' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Ministry of Health' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Show the revenue heads of Ministry of Health' }).click();
    const heads = page.getByRole('table', { name: 'Revenue heads of Ministry of Health' });
    await expect(heads.getByRole('row').filter({ hasText: 'Hospital fees' })).toBeVisible();

    await expect(page.getByRole('button', { name: 'Add MDA' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add revenue head' })).toHaveCount(0);
    await expect(page.getByText(/Key set|No key/)).toHaveCount(0);

    // The administrators' page is not theirs.
    await page.goto('/birs/mda/manage-mda');
    await expect(
      page.getByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeVisible();
  });
});
