// A page whose data the server does not deliver (unreachable, or a 5xx) says so in a toast instead of
// looking empty; 4xx answers stay the page's own business, and the notice does not repeat with every poll.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, startProduct } from './harness.mjs';

const TITLE = 'Erro ao carregar dados';
let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

/** The admin's board, loaded while the server still answers. */
async function boardPage() {
  const page = await product.newPage(ADMIN);
  await page.goto('/kanban');
  await page.locator('.wk-card').first().waitFor();
  return page;
}

test('with the server out of reach, opening another page shows the load failure once', async () => {
  const page = await boardPage();
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('link', { name: 'Tempos', exact: true }).first().click();
  const notice = page.getByText(TITLE);
  await notice.waitFor();
  await page.getByTestId('toast').getByText('Não foi possível conectar ao servidor.').waitFor();
  await product.screenshot(page, 'load-failure-unreachable');
  // Closed, it stays closed while the next page's reads fail too (at most one notice per 30 s).
  await page.getByTestId('toast').getByRole('button', { name: 'Fechar' }).click();
  await notice.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'Analytics', exact: true }).first().click();
  await page.waitForTimeout(1_500);
  assert.equal(await notice.count(), 0);
});

test('a 5xx on a read shows the load failure; a 4xx does not', async () => {
  const page = await boardPage();
  await page.route('**/api/learning/dashboard', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"statusCode":404,"message":"Não encontrado"}' }),
  );
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/learning/dashboard'));
  await page.getByRole('link', { name: 'Aprendizado', exact: true }).first().click();
  assert.equal((await refused).status(), 404);
  await page.waitForTimeout(1_000);
  assert.equal(await page.getByText(TITLE).count(), 0, 'a 404 is not an outage');

  await page.route('**/api/onboarding', (route) => route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' }));
  await page.getByRole('link', { name: 'Onboarding', exact: true }).first().click();
  await page.getByText(TITLE).waitFor();
  await page.getByTestId('toast').getByText('Bad Gateway').waitFor();
});

test('a notification read that fails shows no toast (core.md §8)', async () => {
  const page = await boardPage();
  await page.route('**/api/notifications**', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
  const refused = page.waitForResponse((r) => r.url().includes('/api/notifications') && r.status() === 503);
  await page.getByTestId('notification-bell').click();
  await refused;
  await page.waitForTimeout(1_000);
  assert.equal(await page.getByText(TITLE).count(), 0);
});
