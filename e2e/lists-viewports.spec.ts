import type { Locator, Page } from '@playwright/test';
import { clippedTable, expect, pageOverflow, signIn, tabTo, test } from './fixtures';

/**
 * The lists not covered by forms-lists.spec.ts, at a desk's 1366 px and a phone's 375 px
 * (docs/architecture.md §9): no page wider than the window; at 1366 px no column cut off (the
 * table fits, or ListTable folds the lower-priority columns into the row); at 375 px the search
 * box on the page, not in the filter drawer; and at both, a record reached with Tab and opened
 * with Enter. One test per officer, each list visited at both sizes.
 */

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };

type List = {
  path: string;
  /** The table's and the card list's accessible name. */
  label: string;
  hasSearch: boolean;
  /** The link (or button) in the first record that opens it, in the table or the card list. */
  opener: (records: Locator, isPhone: boolean) => Locator;
  /** What opening it shows: the record's page (its address), or a dialog over the list. */
  opens: (isPhone: boolean) => RegExp | { dialog: RegExp };
  /** Only some records have an opener, and none may be on the list by then. */
  mayHaveNoOpener?: boolean;
};

/** A certificate's number links to its page (RecordLink in the table, the card's heading). */
const tccQueue = (path: string, label: string): List => ({
  path,
  label,
  hasSearch: true,
  opener: (records) => records.getByRole('link', { name: /\/TCC\// }).first(),
  opens: () => /\/birs\/taxs\/tcc\/[\w-]+$/,
});

/** Opens the list at the size, checks it fits, then opens its first record by keyboard. */
async function checkAt(page: Page, list: List, viewport: typeof DESKTOP): Promise<void> {
  await page.setViewportSize(viewport);
  await page.goto(list.path);
  const sortedBy = page.getByText(/^Sorted by: \S/);
  await expect(sortedBy).toBeVisible();
  const isPhone = viewport.width < 576;
  const records = isPhone
    ? page.getByRole('list', { name: list.label })
    : page.getByRole('table', { name: list.label });
  await expect(records.getByRole(isPhone ? 'listitem' : 'row').first()).toBeVisible();
  const opener = list.opener(records, isPhone);
  const hasOpener = !list.mayHaveNoOpener || (await opener.count()) > 0;
  if (hasOpener) await expect(opener).toBeVisible();
  if (isPhone) {
    if (list.hasSearch) await expect(page.getByRole('searchbox')).toBeVisible();
  } else {
    await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
  }
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);

  if (!hasOpener) {
    test
      .info()
      .annotations.push({ type: 'no opener', description: `${list.path} at ${viewport.width} px` });
    return;
  }
  // From the line over the list, Tab to the first record's opener, and Enter opens it.
  await sortedBy.click();
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const opens = list.opens(isPhone);
  if (opens instanceof RegExp) {
    await expect(page).toHaveURL(opens);
  } else {
    const dialog = page.getByRole('dialog', { name: opens.dialog });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
}

async function checkBothSizes(page: Page, lists: readonly List[]): Promise<void> {
  for (const list of lists) {
    await test.step(list.path, async () => {
      await checkAt(page, list, DESKTOP);
      await checkAt(page, list, PHONE);
    });
  }
}

// Payments Needing Attention is checked at both sizes in payments-attention.spec.ts: opening its
// one demo bill asks Remita and settles it, so only that file may open it.
test('an administrator’s payment list: Auto-Reg', async ({ page }) => {
  test.slow();
  await signIn(page, 'admin');
  await checkBothSizes(page, [
    {
      // An unmatched payer's button opens the matching form.
      path: '/birs/transactions/auto-reg?state=unmatched',
      label: 'Payers without a BTIN',
      hasSearch: true,
      opener: (records) => records.getByRole('button', { name: /^Match RRR / }).first(),
      opens: () => ({ dialog: /^Match to taxpayer$/ }),
    },
  ]);
});

test('the Director of Assessment’s lists: objections and a certificates’ approval queue', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'director_assessment');
  await checkBothSizes(page, [
    {
      path: '/birs/taxs/objections',
      label: 'Objections',
      hasSearch: false,
      // A desk's row links its notice; a phone's card heading opens the objection's drawer.
      opener: (records, isPhone) =>
        isPhone
          ? records.getByRole('listitem').first().getByRole('button').first()
          : records.getByRole('link').first(),
      opens: (isPhone) =>
        isPhone ? { dialog: /^Objection to / } : /\/birs\/taxs\/assessment\/[\w-]+$/,
    },
    tccQueue(
      '/birs/taxs/pending-tcc-da-director',
      'Direct Assessment TCCs awaiting the Director of Assessment',
    ),
  ]);
});
