// 'Tokens de API' in 'Meu perfil' and 'Auditoria' in the admin settings: a token made on the page (its secret shown once) works as
// `Authorization: Bearer` within its scope, is revoked after a confirmation and stops at once; an
// administrator sees everyone's. Checked with axe, from the keyboard and on a 390 px phone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { seriousViolations, settle } from './a11y.mjs';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

const JOAO = { email: 'joao@wkflow.local', password: DEMO_PASSWORD };

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

/** A request from a script: no browser, no cookie, the token only. */
async function withToken(token, path, init = {}) {
  const response = await fetch(`${product.baseUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  await response.text();
  return response.status;
}

test('made on the page with tasks read, it reads tasks and nothing else; revoked, it stops at once', async () => {
  const page = await product.newPage(JOAO);
  await page.goto('/profile');
  const card = page.getByTestId('api-tokens');
  await card.getByTestId('api-tokens-empty').waitFor();
  await card.getByRole('button', { name: 'Novo token' }).click();
  const form = card.getByRole('form', { name: 'Novo token de API' });
  // Creating with no scope says why.
  await form.getByRole('textbox', { name: 'Nome' }).fill('Planilha financeira');
  await form.getByRole('button', { name: 'Criar token' }).click();
  await form.getByText('Escolha ao menos um escopo').waitFor();
  await form.getByTestId('api-token-scope-tasks').selectOption('read');
  await page.mouse.move(0, 0); // no button left hovered mid-transition
  await settle(page);
  assert.deepEqual(await seriousViolations(page, '[data-testid="api-tokens"]'), []);
  await product.screenshot(page, 'profile-api-token-form');
  await form.getByRole('button', { name: 'Criar token' }).click();

  const secret = card.getByTestId('api-token-secret');
  const token = (await secret.getByTestId('api-token-value').textContent()).trim();
  assert.match(token, /^wkf_[A-Za-z0-9_-]{43}$/);
  const row = card.getByTestId('api-token-row');
  await row.getByText('Tarefas: leitura').waitFor();
  await row.getByText('Nunca usado').waitFor();
  await settle(page);
  assert.deepEqual(await seriousViolations(page, '[data-testid="api-tokens"]'), []);
  await product.screenshot(page, 'profile-api-token-created');
  await secret.getByRole('button', { name: 'Concluído' }).click();
  await secret.waitFor({ state: 'detached' });

  assert.equal(await withToken(token, '/api/tasks'), 200);
  assert.equal(await withToken(token, '/api/chat/rooms'), 403);
  assert.equal(await withToken(token, '/api/tasks', { method: 'POST', body: '{"title":"x"}' }), 403);

  // Revoked from the keyboard: the button, then the confirmation.
  await row.getByRole('button', { name: 'Revogar o token Planilha financeira' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Revogar token de API' });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Revogar' }).focus();
  await page.keyboard.press('Enter');
  await card.getByTestId('api-tokens-empty').waitFor();
  assert.equal(await withToken(token, '/api/tasks'), 401);
});

test("an administrator sees everyone's tokens, with their owners", async () => {
  const joao = await product.newPage(JOAO);
  const made = await joao.evaluate(async () => {
    const response = await fetch('/api/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'n8n do João',
        scopes: ['tasks:read'],
        expiresAt: new Date(Date.now() + 86_400_000 * 30).toISOString(),
      }),
    });
    return response.status;
  });
  assert.equal(made, 201);
  const admin = await product.newPage(ADMIN);
  await admin.goto('/profile');
  const card = admin.getByTestId('api-tokens');
  await card.getByText('Mostrar os tokens de todos').click();
  await card.getByText('n8n do João').waitFor();
  await card.getByText('· João Pereira').waitFor();
});

test('on a 390 px phone the tokens card and its form fit the screen', async () => {
  const phone = await product.newPage(JOAO, { viewport: { width: 390, height: 844 } });
  await phone.goto('/profile');
  const card = phone.getByTestId('api-tokens');
  await card.getByRole('button', { name: 'Novo token' }).click();
  await card.getByRole('form', { name: 'Novo token de API' }).waitFor();
  await card.scrollIntoViewIfNeeded();
  await settle(phone);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no sideways scroll');
  await product.screenshot(phone, 'phone-profile-api-tokens');
});

test("'Auditoria' lists a permission change made a moment before, filtered by action, and fits a phone", async () => {
  const admin = await product.newPage(ADMIN);
  await admin.goto('/admin/settings');
  const saved = await admin.evaluate(async () => {
    const profiles = await (await fetch('/api/access-profiles')).json();
    const collaborator = profiles.find((p) => p.name === 'Colaborador');
    const permissions = await (await fetch(`/api/access-profiles/${collaborator.id}/permissions`)).json();
    const response = await fetch(`/api/access-profiles/${collaborator.id}/permissions`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        permissions: permissions.map(({ module, permission, additionalData }) => ({ module, permission, additionalData })),
      }),
    });
    await response.text();
    return response.status;
  });
  assert.equal(saved, 200);
  const card = admin.getByTestId('audit-log');
  await card.getByRole('combobox', { name: 'Ação' }).selectOption('access_profile_permissions_saved');
  const row = card.getByTestId('audit-row').first();
  await row.getByText('Permissões salvas').waitFor();
  await row.getByText('Administrador', { exact: true }).waitFor();
  await admin.mouse.move(0, 0);
  await settle(admin);
  assert.deepEqual(await seriousViolations(admin, '[data-testid="audit-log"]'), []);
  await card.scrollIntoViewIfNeeded();
  await product.screenshot(admin, 'admin-audit-log');

  const phone = await product.newPage(ADMIN, { viewport: { width: 390, height: 844 } });
  await phone.goto('/admin/settings');
  await phone.getByTestId('audit-row').first().waitFor();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no sideways scroll: the table scrolls in its own box');
});
