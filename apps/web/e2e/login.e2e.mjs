import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, startProduct } from './harness.mjs';

let product;
before(async () => {
  product = await startProduct({ demo: false });
});
after(async () => {
  await product?.stop();
});

test('the seeded admin logs in through the real UI and lands on the board', async () => {
  const page = await product.newPage();
  await page.goto('/');
  await page.getByRole('heading', { name: 'Entrar' }).waitFor();
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('form button[type="submit"]').click();
  await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
  assert.equal(new URL(page.url()).pathname, '/');
  await page.getByRole('heading', { name: 'WKFlow' }).first().waitFor();
  await product.screenshot(page, 'login-board');
});

test('a wrong password keeps the user on the login screen with the failure toast', async () => {
  const page = await product.newPage();
  await page.goto('/');
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill('wrong-password');
  await page.locator('form button[type="submit"]').click();
  await page.getByText('Login failed').waitFor();
  await page.getByRole('heading', { name: 'Entrar' }).waitFor();
});

test('an unknown route shows the not-found screen', async () => {
  const page = await product.newPage({ email: ADMIN.email, password: ADMIN.password });
  await page.goto('/no-such-page');
  await page.getByText('Página não encontrada').waitFor();
});
