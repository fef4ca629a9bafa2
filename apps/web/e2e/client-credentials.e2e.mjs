import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

/**
 * Issue 37, item 11: 'Senhas & Acessos' has a permission of its own under Clientes. A Colaborador
 * keeps the tab by default; once an administrator hides it on the profile, the client is still
 * there but its logins are not (no tab, and the API refuses them).
 */
const JOAO = { email: 'joao@wkflow.local', password: DEMO_PASSWORD };

let product;
let clientId;
before(async () => {
  product = await startProduct({ demo: true });
  [{ id: clientId }] = await product.sql(`SELECT id FROM clients ORDER BY id LIMIT 1`);
});
after(async () => {
  await product?.stop();
});

test("an administrator hides 'Senhas & Acessos' on a profile: its users see the client, not its logins", async () => {
  // By default a Colaborador sees the tab (the spec's behaviour is kept).
  const joao = await product.newPage(JOAO);
  await joao.goto(`/clients/${clientId}`);
  await joao.getByRole('tab', { name: 'Dados do Cliente' }).waitFor();
  await joao.getByRole('tab', { name: 'Senhas & Acessos' }).waitFor();

  // The permissions panel lists it right under Clientes, read as Leitura for Colaborador.
  const admin = await product.newPage(ADMIN);
  await admin.goto('/users/profiles');
  await admin.getByTestId('profile-item').filter({ hasText: 'Colaborador' }).getByRole('button').first().click();
  assert.equal((await admin.getByTestId('permission-client_credentials').textContent())?.trim(), 'Leitura');
  const viewModules = await admin
    .getByTestId('permissions-view')
    .locator('[data-module]')
    .evaluateAll((rows) => rows.map((r) => r.dataset.module));
  assert.equal(viewModules[viewModules.indexOf('clients') + 1], 'client_credentials');
  await admin.getByRole('tab', { name: 'Editar Permissões' }).click();
  const select = admin.getByRole('combobox', { name: 'Senhas & Acessos' });
  assert.equal(await select.inputValue(), 'read');
  await select.selectOption('hidden');
  await admin.setViewportSize({ width: 1280, height: 900 });
  await product.screenshot(admin, 'credentials-permission-editor-1280');
  const saved = admin.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/access-profiles\/3\/permissions$/.test(r.url()));
  await admin.getByTestId('permissions-save').click();
  assert.equal((await saved).status(), 200);
  await admin.getByText('Permissões salvas com sucesso!').waitFor();
  const [row] = await product.sql(`SELECT permission FROM module_permissions WHERE "profileId" = 3 AND module = 'client_credentials'`);
  assert.equal(row.permission, 'hidden');
  const [clients] = await product.sql(`SELECT permission FROM module_permissions WHERE "profileId" = 3 AND module = 'clients'`);
  assert.equal(clients.permission, 'read');

  // João still opens the client, with its data and social tabs, but no 'Senhas & Acessos'.
  await joao.reload();
  await joao.getByRole('tab', { name: 'Dados do Cliente' }).waitFor();
  await joao.getByRole('tab', { name: 'Redes Sociais' }).waitFor();
  assert.equal(await joao.getByRole('tab', { name: 'Senhas & Acessos' }).count(), 0);
  assert.equal(await joao.getByText('Senhas & Acessos').count(), 0);
  // The server enforces it: the page's own session is refused the list.
  const status = await joao.evaluate(async (id) => (await fetch(`/api/clients/${id}/access`, { credentials: 'include' })).status, clientId);
  assert.equal(status, 403);
  await joao.setViewportSize({ width: 1280, height: 900 });
  await product.screenshot(joao, 'credentials-hidden-client-1280');
  await joao.setViewportSize({ width: 390, height: 844 });
  await product.screenshot(joao, 'credentials-hidden-client-390');

  // The view tab says so too.
  await admin.getByRole('tab', { name: 'Visualizar Permissões' }).click();
  assert.equal((await admin.getByTestId('permission-client_credentials').textContent())?.trim(), 'Oculto');
  await admin.setViewportSize({ width: 390, height: 844 });
  await product.screenshot(admin, 'credentials-permission-view-390');
});
