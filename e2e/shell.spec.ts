import { expect, sidebar, signIn, test } from './fixtures';

/**
 * Every user type's demo officer (docs/product.md §1) but the informal sector administrator, whose
 * sign-ins auth.spec.ts throttles on purpose while other files run.
 */
const DEMO_OFFICERS = [
  'admin',
  'executive',
  'officer_da',
  'officer_payee',
  'officer_pa',
  'officer_mda',
  'officer_mda_admin',
  'dg_budget',
  'director_assessment',
  'director_collection',
  'assessment_officer',
  'printing_officer',
  'tcc_chairman',
  'officer_benjis',
  'officer_benjis_read',
  'officer_stamp_duty',
] as const;

test.describe('the RRR check dialogs', () => {
  test('an administrator opens each of the three; they are static and Close dismisses them', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, 'admin');
    for (const title of ['Check RRR', 'Check RRR (Multiple)', 'Auto Reg/EVAS Check Status']) {
      await sidebar(page).getByRole('button', { name: title, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await checkA11y();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
      // A click on the backdrop (the page corner, outside the dialog) does not close it either.
      await page.mouse.click(5, 890);
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();
    }
  });
});

test.describe('the top bar', () => {
  test('the taxpayer search waits for a term, then opens the static Validation Failed dialog', async ({
    page,
  }) => {
    await signIn(page, 'officer_pa');
    const search = page.getByRole('searchbox', {
      name: /^Search taxpayer by (name, )?BTIN, e-mail or phone$/,
    });
    await expect(search).toHaveAttribute('placeholder', 'Name, BTIN, e-mail or phone');
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await expect(button).toBeDisabled();
    await search.fill('   ');
    await expect(button).toBeDisabled();
    await search.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // A valid BTIN that nobody has.
    await search.fill('9999999983');
    await search.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Validation Failed' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test('the user menu shows who is signed in and leads to the profile', async ({ page }) => {
    await signIn(page, 'director_collection');
    await page.getByRole('button', { name: 'Doubra Inatimi, account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Doubra Inatimi')).toBeVisible();
    await expect(menu.getByText('Director of Collection')).toBeVisible();
    await expect(menu.getByText(/^Officer ID: OFF-\d{6}$/)).toBeVisible();
    await expect(menu.getByText('director_collection@demo.revdesk.ng')).toBeVisible();
    await expect(menu.getByText('0803 000 0010', { exact: true })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/birs\/taxpayer\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  });

  test('shows the Demo data badge in demo mode', async ({ page }) => {
    await signIn(page, 'officer_mda');
    await expect(page.getByRole('banner').getByText('Demo data', { exact: false })).toBeVisible();
  });
});

test.describe('the sidebar', () => {
  test('folds by itself at 1100 px and opens on the toggle', async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await signIn(page, 'admin');
    const nav = sidebar(page);
    await expect(nav).toHaveAttribute('data-folded', 'true');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(nav).toHaveAttribute('data-folded', 'false');
    await expect(nav.getByText('Individual Taxpayers')).toBeVisible();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(nav).toHaveAttribute('data-folded', 'true');
  });

  test('every menu link of every user type has its page: none says Coming Soon', async ({
    page,
  }) => {
    test.slow();
    // A link RevDesk had no page for carried a Coming Soon badge (docs/product.md §2); every one
    // of the menu's links is built now, so no sidebar of any demo officer may show one.
    const landing: Record<string, string> = {
      executive: '/governor/dashboard',
      officer_mda: '/birs/dashboard/mda-dashboard',
    };
    for (const officer of DEMO_OFFICERS) {
      await signIn(page, officer, landing[officer] ? { expectedPath: landing[officer] } : {});
      const nav = sidebar(page);
      await expect(nav.getByRole('heading').first()).toBeVisible();
      // Open every group, those inside groups too, so that every link is drawn.
      const closed = nav.locator('button[aria-expanded="false"]');
      for (let opened = 0; (await closed.count()) > 0 && opened < 100; opened++) {
        await closed.first().click();
      }
      await expect(closed, officer).toHaveCount(0);
      expect(await nav.getByRole('link').count(), officer).toBeGreaterThan(0);
      await expect(nav.getByRole('link', { name: /Coming Soon/ }), officer).toHaveCount(0);
      await page.context().clearCookies();
    }
  });

  test('starts open at 1440 px and folds on the toggle', async ({ page }) => {
    await signIn(page, 'admin');
    const nav = sidebar(page);
    await expect(nav).toHaveAttribute('data-folded', 'false');
    // A built page's link carries no Coming Soon badge: its name is the label alone.
    await expect(nav.getByRole('link', { name: 'Manage MDAs', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(nav).toHaveAttribute('data-folded', 'true');
  });

  test('at 800 px it is hidden, opens on the toggle and closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await signIn(page, 'admin');
    const nav = sidebar(page);
    await expect(nav).toHaveAttribute('data-open', 'false');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(nav).toHaveAttribute('data-open', 'true');
    await nav.getByRole('link', { name: 'Manage MDAs' }).click();
    await expect(page).toHaveURL(/\/birs\/mda\/manage-mda$/);
    await expect(nav).toHaveAttribute('data-open', 'false');
  });

  test('the page never scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await signIn(page, 'director_assessment');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('the profile page', () => {
  test('the contact form checks the e-mail with the API’s schema before saving it', async ({
    page,
  }) => {
    // The schema is fetched at the first save (docs/architecture.md §9 "Web"): the check still
    // happens before any request, and a good address is saved.
    await signIn(page, 'printing_officer');
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith('/api/v1/profile')) {
        saves.push(request.postData() ?? '');
      }
    });
    await page.goto('/birs/taxpayer/profile');
    const form = page.getByRole('form', { name: 'Contact details' });
    const email = form.getByRole('textbox', { name: 'E-mail' });
    await expect(email).toHaveValue('printing_officer@demo.revdesk.ng');
    await email.fill('not-an-address');
    await form.getByRole('button', { name: 'Save details' }).click();
    await expect(form.getByText('Enter an e-mail address like name@example.com')).toBeVisible();
    expect(saves).toEqual([]);

    await email.fill('printing.desk@demo.revdesk.ng');
    await form.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Details saved').first()).toBeVisible();
    await expect(form.getByText('Enter an e-mail address like name@example.com')).toBeHidden();

    // Put it back, so a rerun starts from the demo address.
    await email.fill('printing_officer@demo.revdesk.ng');
    await form.getByRole('button', { name: 'Save details' }).click();
    await expect(form.getByRole('button', { name: 'Save details' })).toBeDisabled();
  });

  test('the change-password form refuses a mismatch and a weak password before asking the server', async ({
    page,
  }) => {
    await signIn(page, 'officer_benjis');
    await page.goto('/birs/taxpayer/profile');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByRole('textbox', { name: 'Current password', exact: true }).fill('revdesk-demo');
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
    await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('short');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Use at least 10 characters.')).toBeVisible();

    await form
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill('a-long-new-passphrase');
    await form
      .getByRole('textbox', { name: 'Confirm new password', exact: true })
      .fill('a-different-passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText(/do not match/i)).toBeVisible();
  });

  test('a wrong current password is refused by the server; the right one changes it', async ({
    page,
  }) => {
    await signIn(page, 'officer_stamp_duty');
    await page.goto('/birs/taxpayer/profile');
    const form = page.getByRole('form', { name: 'Change password' });
    await form
      .getByRole('textbox', { name: 'Current password', exact: true })
      .fill('not-my-password');
    await form
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill('stamp-duty-2026-pass');
    await form
      .getByRole('textbox', { name: 'Confirm new password', exact: true })
      .fill('stamp-duty-2026-pass');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Your current password is not correct.')).toBeVisible();

    await form.getByRole('textbox', { name: 'Current password', exact: true }).fill('revdesk-demo');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed').first()).toBeVisible();

    // Put it back, so the demo sign-in keeps working for a rerun.
    await form
      .getByRole('textbox', { name: 'Current password', exact: true })
      .fill('stamp-duty-2026-pass');
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill('revdesk-demo');
    await form
      .getByRole('textbox', { name: 'Confirm new password', exact: true })
      .fill('revdesk-demo');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('textbox', { name: 'Current password', exact: true })).toHaveValue(
      '',
    );
  });
});
