import type { Page } from '@playwright/test';
import type { ExecutiveDashboard, MdaDashboard } from '../src/shared/dashboards/executive';
import { formatChartValue } from '../src/web/lib/charts/chartFormat';
import { expect, pageOverflow, signIn, test } from './fixtures';

/**
 * The executive dashboards (docs/dashboards.md): the governor shell lands on the executive
 * dashboard, whose charts carry their numbers (the figures tables equal the API's), the MDA
 * ranking, and an MDA officer's own MDA only; each at 375 px without horizontal overflow.
 */

/** The rows of a chart's figures table, opened by its "Show the figures" button. */
async function figuresOf(page: Page, title: string): Promise<string[][]> {
  const figure = page.getByRole('figure', { name: title });
  await figure.getByRole('button', { name: 'Show the figures' }).click();
  const table = figure.getByRole('table');
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
    );
}

async function fitsAt375(page: Page) {
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the governor lands on the executive dashboard, its charts drawn with the API’s numbers', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'executive', { expectedPath: '/governor/dashboard' });
  await expect(page.getByRole('heading', { level: 1, name: 'Executive Dashboard' })).toBeVisible();
  const api = (await (
    await page.request.get('/api/v1/dashboards/executive')
  ).json()) as ExecutiveDashboard;

  const cards = ['Today', 'This month', 'This year'] as const;
  const keys = ['today', 'month', 'year'] as const;
  for (const [i, name] of cards.entries()) {
    await expect(
      page.getByRole('region', { name, exact: true }).getByTestId('collected'),
    ).toHaveText(formatChartValue(api[keys[i] as (typeof keys)[number]].collectedKobo, 'naira'));
  }

  const trendTitle = 'Collected against budget, last 24 months';
  await expect(page.getByRole('figure', { name: trendTitle }).getByRole('img')).toBeVisible();
  const trend = await figuresOf(page, trendTitle);
  expect(trend).toHaveLength(24);
  expect(trend.map((row) => row[1])).toEqual(
    api.trend.map((t) => formatChartValue(t.collectedKobo, 'naira')),
  );
  if (api.budgetVersion) {
    expect(trend.map((row) => row[2])).toEqual(
      api.trend.map((t) => formatChartValue(t.budgetKobo, 'naira')),
    );
    await expect(page.getByText('Demo budget').first()).toBeVisible();
  } else {
    await expect(page.getByText(/No budget for \d{4}/)).toBeVisible();
  }

  if (api.channelMix.length > 0) {
    const channels = await figuresOf(page, 'By channel, this year');
    expect(channels.map((row) => row[1])).toEqual(
      api.channelMix.map((c) => formatChartValue(c.collectedKobo, 'naira')),
    );
    const taxTypes = await figuresOf(page, 'By tax type, this year');
    expect(taxTypes.map((row) => row[1])).toEqual(
      api.taxTypeMix.map((t) => formatChartValue(t.collectedKobo, 'naira')),
    );
  }
  await checkA11y();
  await fitsAt375(page);

  // The same page through the menu's link, and the MDAs ranked against their budget.
  await page.goto('/governor/dashboard/execute-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Executive Dashboard' })).toBeVisible();
  await page.goto('/governor/dashboard/mda-executive-dashboard?period=month');
  await expect(
    page.getByRole('heading', { level: 1, name: 'MDA Executive Dashboard' }),
  ).toBeVisible();
  const ranking = (await (
    await page.request.get('/api/v1/dashboards/mdas?period=month')
  ).json()) as { items: { mdaName: string }[] };
  const every = page.getByRole('table', { name: 'Every MDA against its budget' });
  if (ranking.items.length > 0) {
    await expect(every.locator('tbody tr')).toHaveCount(ranking.items.length);
    await expect(every.locator('tbody tr').first()).toContainText(ranking.items[0]?.mdaName ?? '');
  }
  await checkA11y();
  await fitsAt375(page);
});

test('an MDA officer sees their own MDA’s dashboard, and nothing of another’s', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'officer_mda', { expectedPath: '/birs/dashboard/mda-dashboard' });
  const me = (await (await page.request.get('/api/v1/auth/me')).json()) as {
    user: { mdaPrivileges: string[] };
  };
  const own = me.user.mdaPrivileges[0] ?? '';
  const api = (await (
    await page.request.get(`/api/v1/dashboards/mda/${own}`)
  ).json()) as MdaDashboard;
  await expect(
    page.getByRole('heading', { level: 1, name: `MDA Dashboard: ${api.mdaName}` }),
  ).toBeVisible();
  // One MDA: no choice to make.
  await expect(page.getByLabel('MDA', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'POS takings' })).toContainText(
    formatChartValue(api.pos.year.amountKobo, 'naira'),
  );
  const trend = await figuresOf(page, 'Collected against budget, last 24 months');
  expect(trend.map((row) => row[1])).toEqual(
    api.trend.map((t) => formatChartValue(t.collectedKobo, 'naira')),
  );
  await checkA11y();
  await fitsAt375(page);

  // Another MDA, asked for by id: not found; the state's dashboards: refused.
  const mdas = (await (await page.request.get('/api/v1/mdas')).json()) as {
    items: { id: string }[];
  };
  expect(mdas.items.map((m) => m.id)).toEqual([own]);
  const other = '00000000-0000-4000-8000-000000000001';
  expect((await page.request.get(`/api/v1/dashboards/mda/${other}`)).status()).toBe(404);
  expect((await page.request.get('/api/v1/dashboards/executive')).status()).toBe(403);
});
