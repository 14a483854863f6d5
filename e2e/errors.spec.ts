import { expect, test } from './fixtures';

const NOT_FOUND = {
  title: 'Page Not Found',
  text: "Oopps!! The page you were looking for doesn't exist.",
};

test('/error shows the 404 page', async ({ page }) => {
  await page.goto('/error');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND.title);
  await expect(page.getByText(NOT_FOUND.text)).toBeVisible();
});

test('/error/404 shows the 404 page', async ({ page }) => {
  await page.goto('/error/404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND.title);
  await expect(page.getByText(NOT_FOUND.text)).toBeVisible();
});

test('/error/500 shows the server error page with its exact text', async ({ page }) => {
  await page.goto('/error/500');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal server error');
  await expect(page.getByText('Oopps!! There wan an error. Please try agin later.')).toBeVisible();
});

test('any other /error/<type> shows the generic error page', async ({ page }) => {
  await page.goto('/error/teapot');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ooops..');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Something went wrong');
  await expect(
    page.getByText("Looks like something went wrong. We're working on it"),
  ).toBeVisible();
});

test('an unknown path goes to the error page', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND.title);
});

test('an unknown page inside the shell goes to the error page', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Username or e-mail').fill('admin');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('revdesk-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/birs\/dashboard$/);
  await page.goto('/birs/taxs/no-such-list');
  await expect(page).toHaveURL(/\/error$/);
  await page.goto('/birs/nowhere/at-all');
  await expect(page).toHaveURL(/\/error$/);
});
