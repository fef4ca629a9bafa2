import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEMO_PASSWORD, startProduct } from './harness.mjs';

const MARIA = { email: 'maria@wkflow.local', password: DEMO_PASSWORD };
const JOAO = { email: 'joao@wkflow.local', password: DEMO_PASSWORD };

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

const headerStyle = (page) =>
  page.getByTestId('app-header').evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, edge: style.borderTopColor };
  });
const bodyBackground = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('starting a learning path and completing a step earns XP once', async () => {
  const page = await product.newPage(JOAO);
  await page.goto('/learning');
  await page.getByRole('heading', { name: 'Centro de Aprendizado' }).waitFor();
  await page.getByTestId('path-card').first().waitFor();
  assert.equal((await page.getByTestId('xp-points').textContent())?.trim(), '0 XP');
  assert.match((await page.getByTestId('level-badge').textContent()) ?? '', /Nível 1 · Novato/);
  // A path with a prerequisite is locked and its button disabled.
  const locked = page.getByTestId('path-card').filter({ has: page.getByText('Organizando o quadro', { exact: true }) });
  assert.equal(await locked.getByRole('button', { name: 'Bloqueado' }).isDisabled(), true);
  await product.screenshot(page, 'learning-light');

  // The category filter.
  await page.getByRole('button', { name: 'Colaboração' }).click();
  assert.equal(await page.getByTestId('path-card').count(), 1);
  await page.getByRole('button', { name: 'Todas' }).click();

  const card = page.getByTestId('path-card').filter({ has: page.getByText('Primeiros passos no WKFlow', { exact: true }) });
  await card.getByRole('button', { name: 'Iniciar' }).click();
  const dialog = page.getByTestId('path-steps-dialog');
  await dialog.getByText('Conheça o quadro WKFlow').waitFor();
  const firstStep = dialog.getByTestId('learning-step').first();
  await firstStep.getByRole('button', { name: 'Concluir' }).click();
  await firstStep.getByText('Concluída').waitFor();
  await page.getByText('+10 XP').waitFor();
  await page.getByTestId('xp-points').getByText('10 XP').waitFor();
  assert.match((await dialog.getByTestId('dialog-progress').textContent()) ?? '', /1\/5 etapas · 20%/);
  await product.screenshot(page, 'learning-steps-dialog');
  await dialog.locator('button', { hasText: 'Fechar' }).click(); // the footer's (the corner × is named 'Fechar' too)
  await dialog.waitFor({ state: 'detached' });

  await card.getByRole('button', { name: 'Continuar' }).waitFor();
  assert.equal((await card.getByTestId('path-progress').textContent())?.trim(), '1/5 etapas');
  assert.equal((await page.getByTestId('summary-achievements-value').textContent())?.trim(), '1');

  const [row] = await product.sql(
    `SELECT count(*)::int AS n, COALESCE(sum(s.xp), 0)::int AS xp FROM learning_progress lp JOIN learning_steps s ON s.id = lp."stepId" JOIN users u ON u.id = lp."userId" WHERE u.username = 'joao'`,
  );
  assert.deepEqual(row, { n: 1, xp: 10 });
});

test('applying a theme recolours the app at once and persists across reloads and sessions', async () => {
  const page = await product.newPage(MARIA);
  // Six skeleton cards while the catalogue loads.
  await page.route('**/api/themes', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.goto('/themes');
  await page.getByTestId('themes-loading').waitFor();
  assert.equal(await page.getByTestId('themes-loading').locator('> *').count(), 6);
  await page.getByTestId('theme-card').first().waitFor();
  await page.unroute('**/api/themes');

  await page.getByText(/11 temas disponíveis/).waitFor();
  const current = page.getByTestId('current-theme');
  await current.getByText('WKFlow Padrão').waitFor();
  await current.getByText('Ativo').waitFor();
  const before = await headerStyle(page);
  assert.equal(before.background, 'rgb(255, 255, 255)');
  assert.equal(before.edge, 'rgb(37, 99, 235)');
  await product.screenshot(page, 'themes-light');

  // Tabs filter by category.
  await page.getByRole('tab', { name: /Escuros/ }).click();
  assert.equal(await page.getByTestId('theme-card').count(), 3);

  // Visualizar: the preview dialog with Fechar and Aplicar Tema.
  const dark = page.locator('[data-testid="theme-card"][data-theme-name="noite-escura"]');
  await dark.getByRole('button', { name: 'Visualizar' }).click();
  const preview = page.getByRole('dialog', { name: 'Noite Escura' });
  await preview.getByRole('button', { name: 'Aplicar Tema' }).waitFor();
  await preview.locator('button', { hasText: 'Fechar' }).click(); // the footer's (the corner × is named 'Fechar' too)
  await preview.waitFor({ state: 'detached' });

  await dark.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByText('Tema ativado').waitFor();
  await page.getByText('O tema foi aplicado com sucesso!').waitFor();
  const applied = await headerStyle(page);
  assert.equal(applied.background, 'rgb(17, 24, 39)'); // #111827, the theme's surface
  assert.equal(applied.edge, 'rgb(59, 130, 246)'); // #3b82f6, its primary
  assert.equal(await bodyBackground(page), 'rgb(11, 17, 32)'); // #0b1120
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
  const activeButton = dark.getByRole('button', { name: 'Ativo' });
  assert.equal(await activeButton.isDisabled(), true);
  await current.getByText('Noite Escura').waitFor();
  await dark.getByRole('button', { name: 'Visualizar' }).click();
  assert.equal(await preview.getByRole('button', { name: 'Já Ativo' }).isDisabled(), true);
  await preview.locator('button', { hasText: 'Fechar' }).click(); // the footer's (the corner × is named 'Fechar' too)
  await preview.waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: /Todos/ }).click();
  await product.screenshot(page, 'themes-dark');

  const [saved] = await product.sql(
    `SELECT t.name FROM user_themes ut JOIN themes t ON t.id = ut."themeId" JOIN users u ON u.id = ut."userId" WHERE u.username = 'maria'`,
  );
  assert.equal(saved.name, 'noite-escura');

  // A reload keeps it.
  await page.reload();
  await page.getByTestId('current-theme').getByText('Noite Escura').waitFor();
  assert.equal((await headerStyle(page)).background, 'rgb(17, 24, 39)');

  // So does a new session with nothing stored in the browser: the shell fetches the saved theme.
  const fresh = await product.newPage(MARIA);
  await fresh.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(11, 17, 32)');
  assert.equal((await headerStyle(fresh)).background, 'rgb(17, 24, 39)');
  await fresh.goto('/learning');
  await fresh.getByTestId('path-card').first().waitFor();
  await product.screenshot(fresh, 'learning-dark');

  // Another user keeps the default look.
  const other = await product.newPage(JOAO);
  assert.equal((await headerStyle(other)).background, 'rgb(255, 255, 255)');

  // Logging out goes back to the default look: the login screen shows nobody's theme.
  await fresh.getByTestId('user-menu').click();
  await fresh.getByRole('menuitem', { name: 'Sair' }).click();
  await fresh.waitForURL('**/login');
  await fresh.waitForFunction(() => !document.documentElement.classList.contains('dark'));
  assert.notEqual(await bodyBackground(fresh), 'rgb(11, 17, 32)');
  await fresh.reload();
  await fresh.locator('input[name="email"]').waitFor();
  assert.notEqual(await bodyBackground(fresh), 'rgb(11, 17, 32)');
});
