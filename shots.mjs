import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:3500';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function session(user, width = 1366, height = 900) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Username or e-mail').fill(user);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('revdesk-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/dashboard/);
  return page;
}
const page = await session('officer_da');
const shot = async (p, name, url) => { if (url) await p.goto(`${base}${url}`); await p.waitForTimeout(2500); await p.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true }); };
await shot(page, 'da-list', '/birs/taxs/direct-assessment');
await page.locator('table tbody tr').nth(3).click().catch(() => {});
await shot(page, 'da-detail');
await shot(page, 'da-new', '/birs/taxs/direct-assessment/new');
await shot(page, 'backlog', '/birs/taxs/capture-direct-assessment');
await shot(page, 'objections', '/birs/taxs/objections');
const pa = await session('officer_pa');
await shot(pa, 'pa-new', '/birs/taxs/presumptive-tax/new');
const ph = await session('officer_da', 375, 812);
await shot(ph, 'da-list-phone', '/birs/taxs/direct-assessment');
await browser.close();
