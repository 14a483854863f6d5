import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * "Raise bill" on an assessment that has a pending bill shows that bill and its RRR, and offers
 * to use it or to replace it; the raise and the cancel are in the history, by name; "Check" on
 * the pending bill opens Check RRR with its MDA, and a payment it records shows on the page
 * behind without a reload. At 1366 × 768 and on a 375 px phone.
 */

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** A direct assessment of this run, issued through the API by the signed-in officer. */
async function issuedAssessment(page: Page, taxYear: number): Promise<{ id: string }> {
  const taxpayers = await page.request.get('/api/v1/taxpayers?kind=individual&pageSize=50');
  const { items } = (await taxpayers.json()) as { items: { btin: string }[] };
  for (const { btin } of items) {
    const created = await page.request.post('/api/v1/assessments/direct', {
      headers: origin(page),
      data: {
        btin,
        taxYear,
        incomes: [{ source: 'employment', amountKobo: 300_000_000 }],
        deductions: {},
        evidenceNote: 'Payslips seen (e2e)',
      },
    });
    if (created.status() !== 201) continue;
    const draft = (await created.json()) as { id: string };
    const issued = await page.request.post(`/api/v1/assessments/${draft.id}/issue`, {
      headers: origin(page),
      data: {},
    });
    if (issued.status() === 200) return draft;
  }
  throw new Error(`no taxpayer is free for a ${taxYear} assessment`);
}

// At 1366 px, then resized to 375 px on the same assessment: the pending-bill dialog is
// checked at each size (focus, axe, no overflow, Enter back to "Raise bill"), as a test per
// size did, with one sign-in and one assessment.
test('at 1366 and 375 px a second "Raise bill" shows the pending bill; replacing it is in the history', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'officer_da');
  const assessment = await issuedAssessment(page, 2011);
  await page.goto(`/birs/taxs/assessment/${assessment.id}`);

  await page.getByRole('button', { name: 'Raise bill' }).click();
  const dialog = page.getByRole('dialog', { name: 'Raise the bill' });
  await dialog.getByRole('button', { name: 'Raise bill' }).click();
  const first = ((await page.getByTestId('raised-rrr').textContent()) ?? '').trim();
  expect(first).toMatch(/^\d{4}-\d{4}-\d{4}$/);
  await page.getByRole('button', { name: 'Done' }).click();

  // Again: the dialog names the pending bill and its RRR instead of raising a second one.
  const raise = page.getByRole('button', { name: 'Raise bill' });
  const pending = page.getByRole('dialog', { name: 'This assessment has a bill not yet paid' });
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 375, height: 740 },
  ]) {
    await page.setViewportSize(viewport);
    await raise.click();
    await expect(pending.getByTestId('pending-rrr')).toHaveText(first);
    await expect(pending.getByRole('button', { name: 'Use this bill' })).toBeFocused();
    await checkA11y();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(
      true,
    );
    // Keyboard: "Use this bill" closes it and focus goes back to "Raise bill".
    await page.keyboard.press('Enter');
    await expect(pending).toBeHidden();
    await expect(raise).toBeFocused();
  }

  await raise.click();
  await pending.getByRole('button', { name: 'Cancel it and raise a new one' }).click();
  const second = page.getByTestId('raised-rrr');
  await expect(second).toHaveText(/^\d{4}-\d{4}-\d{4}$/);
  expect(await second.textContent()).not.toBe(first);
  await page.getByRole('button', { name: 'Done' }).click();

  const history = page.getByRole('heading', { name: 'History' }).locator('xpath=..');
  await expect(history).toContainText(`Bill raised (RRR ${first}) by Preye Agadah`);
  await expect(history).toContainText(`Bill cancelled (RRR ${first}) by Preye Agadah`);
  await expect(history).not.toContainText('by officer_da');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth))
    .toBe(true);
});

test('"Check" on a pending bill knows its MDA and RRR; the payment it records shows without a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'officer_da');
  const assessment = await issuedAssessment(page, 2013);
  await page.goto(`/birs/taxs/assessment/${assessment.id}`);
  await page.getByRole('button', { name: 'Raise bill' }).click();
  await page
    .getByRole('dialog', { name: 'Raise the bill' })
    .getByRole('button', { name: 'Raise bill' })
    .click();
  const rrr = ((await page.getByTestId('raised-rrr').textContent()) ?? '').replace(/-/g, '');
  await page.getByRole('button', { name: 'Done' }).click();

  // The payer pays at the bank; the page behind is not reloaded.
  const paid = await page.request.post(`/_sim/remita/pay/${rrr}`, { data: {} });
  expect(paid.status(), await paid.text()).toBe(200);

  const payments = page.getByRole('table', { name: 'Payments of this assessment' });
  await payments.getByRole('button', { name: /^Check RRR/ }).click();
  const check = page.getByRole('dialog', { name: 'Check RRR' });
  await expect(check.getByRole('textbox', { name: 'RRR' })).toHaveValue(rrr);
  await expect(check.getByRole('combobox', { name: 'MDA' })).not.toHaveValue('');
  await check.getByRole('button', { name: 'Check status' }).click();
  await expect(check).toContainText(/Receipt Number[A-Z]+\/\d{4}\//);
  await check
    .getByRole('button', { name: /^Close/ })
    .first()
    .click();
  await expect(payments).toContainText('Paid');
  await expect(page.getByTestId('assessment-status')).toHaveText('Paid');
});
