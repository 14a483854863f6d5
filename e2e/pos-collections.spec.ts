import { clippedTable, expect, pageOverflow, signIn, test } from './fixtures';

/**
 * POS collections from the provider (docs/pos.md): an administrator registers a terminal and
 * reassigns it; an officer records a held transaction as revenue under a registered terminal.
 * Both pages fit a desk and a phone.
 */

test('an administrator registers a POS terminal and reassigns it, at 1366 and 375 px', async ({
  page,
  checkA11y,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin', { expectedPath: '/birs/admin/pos-terminals' });
  await expect(page.getByRole('heading', { name: 'POS agents and terminals' })).toBeVisible();

  // A terminal id of its own, so a re-run on the same database registers a new one.
  const terminalId = `2BE2E${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
  await page.getByRole('button', { name: 'New terminal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register a terminal' });
  await dialog.getByRole('textbox', { name: 'Terminal id' }).fill(terminalId);
  await dialog.getByRole('textbox', { name: 'Serial number' }).fill(`SN-${terminalId}`);
  await dialog.getByRole('combobox', { name: 'MDA' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Register terminal' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Terminal registered')).toBeVisible();

  await page.getByRole('textbox', { name: 'Find a terminal' }).fill(terminalId);
  await page.getByRole('button', { name: `Reassign ${terminalId}` }).click();
  const reassign = page.getByRole('dialog', { name: `Reassign ${terminalId}` });
  await reassign.getByRole('combobox', { name: 'MDA' }).click();
  await page.getByRole('option').nth(1).click();
  await reassign.getByRole('textbox', { name: 'Reason' }).fill('Moved to the motor park');
  await reassign.getByRole('button', { name: 'Reassign', exact: true }).click();
  await expect(reassign).toBeHidden();
  await expect(page.getByText('Terminal reassigned')).toBeVisible();
  await checkA11y();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { name: 'POS agents and terminals' })).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
});

test('an officer records a held POS transaction as revenue, at 1366 and 375 px', async ({
  page,
  checkA11y,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'officer_benjis', { expectedPath: '/birs/transactions/benjis-held' });
  await expect(page.getByRole('heading', { name: 'Held POS transactions' })).toBeVisible();
  const assign = page.getByRole('button', { name: /^Assign STAN / }).first();
  const label = (await assign.getAttribute('aria-label')) ?? '';
  await assign.click();
  const dialog = page.getByRole('dialog', { name: label });
  await dialog.getByRole('textbox', { name: 'Registered terminal' }).fill('2B000001');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The agent borrowed this terminal');
  await dialog.getByRole('button', { name: 'Record as revenue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Recorded as revenue')).toBeVisible();
  await expect(page.getByRole('button', { name: label })).toHaveCount(0);
  await checkA11y();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { name: 'Held POS transactions' })).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
});

test('an administrator registers a POS agent in its dialog, edits and deactivates them, at 1366 and 375 px', async ({
  page,
  checkA11y,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin', { expectedPath: '/birs/admin/pos-terminals' });
  await expect(page.getByRole('heading', { name: 'POS agents and terminals' })).toBeVisible();

  // An agent of its own, registered in the dialog, so a re-run finds a new one.
  const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const name = `Ebiere Agent ${suffix}`;
  await page.getByRole('button', { name: 'New agent' }).click();
  const register = page.getByRole('dialog', { name: 'Register an agent' });
  const nameField = register.getByRole('textbox', { name: 'Name', exact: true });
  await expect(nameField).toBeFocused();
  await nameField.fill(name);
  await register.getByRole('textbox', { name: 'Phone' }).fill('08031230000');
  await register.getByRole('combobox', { name: 'MDA' }).click();
  await page.getByRole('option').first().click();
  await register.getByRole('textbox', { name: 'LGA' }).fill('Yenagoa');
  await register.getByRole('button', { name: 'Register agent' }).click();
  await expect(register).toBeHidden();
  await expect(page.getByText(`${name}.`, { exact: true })).toBeVisible();

  await page.getByRole('textbox', { name: 'Find an agent' }).fill(suffix);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  const renamed = `Ebiere Tonye ${suffix}`;
  await edit.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await edit.getByRole('textbox', { name: 'LGA' }).fill('Sagbama');
  await edit.getByRole('button', { name: 'Save agent' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(`${renamed} is saved.`)).toBeVisible();

  await page.getByRole('button', { name: `Deactivate ${renamed}` }).click();
  const off = page.getByRole('dialog', { name: `Deactivate ${renamed}` });
  await off.getByRole('textbox', { name: 'Reason' }).fill('Left the motor park');
  await off.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(off).toBeHidden();
  await expect(page.getByText(`${renamed} is deactivated.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Activate ${renamed}` })).toBeVisible();
  await checkA11y();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { name: 'POS agents and terminals' })).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
});
