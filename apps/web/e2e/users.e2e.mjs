import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, DEMO_PASSWORD, loginThroughUi, startProduct } from './harness.mjs';

const PEDRO = { email: 'pedro@wkflow.local', password: DEMO_PASSWORD };
const JOAO = { email: 'joao@wkflow.local', password: DEMO_PASSWORD };

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

test('an admin approves a pending registration and the user can then log in', async () => {
  // Before approval the pending account cannot log in.
  const pedro = await product.newPage();
  await pedro.goto('/login');
  await pedro.locator('input[name="email"]').fill(PEDRO.email);
  await pedro.locator('input[name="password"]').fill(PEDRO.password);
  await pedro.locator('form button[type="submit"]').click();
  await pedro.getByText('Login failed').waitFor();
  await pedro.getByRole('heading', { name: 'Entrar' }).waitFor();

  // The admin sees the pending count on /users and approves from /users/approvals.
  const admin = await product.newPage(ADMIN);
  await admin.goto('/users');
  await admin.getByRole('heading', { name: 'Gerenciamento de Usuários' }).waitFor();
  assert.equal((await admin.getByTestId('approvals-link').getByTestId('pending-count').textContent())?.trim(), '1');
  await admin.getByTestId('approvals-link').click();
  await admin.waitForURL(/\/users\/approvals$/);
  const row = admin.getByTestId('pending-row').filter({ hasText: 'pedro@wkflow.local' });
  await row.waitFor();
  await row.getByText('Colaborador').waitFor(); // the requested profile
  await row.getByRole('button', { name: 'Aprovar' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Aprovar usuário' });
  await confirm.getByText('Pedro Alves').waitFor();
  // The dialog offers the profile, preselected with the request; the admin grants Gerente instead.
  const profile = confirm.getByRole('combobox', { name: 'Perfil de Acesso' });
  assert.equal(await profile.locator('option:checked').textContent(), 'Colaborador (solicitado)');
  await profile.selectOption({ label: 'Gerente' });
  await product.screenshot(admin, 'users-approve-confirm');
  await confirm.getByRole('button', { name: 'Aprovar' }).click();
  await admin.getByText('Usuário aprovado com sucesso!').waitFor();
  await admin.getByText('Nenhum usuário aguardando aprovação').waitFor();

  const [stored] = await product.sql(`SELECT "isApproved", "accessProfileId" FROM users WHERE username = 'pedro'`);
  assert.equal(stored.isApproved, true);
  assert.equal(stored.accessProfileId, 2, 'approved as Gerente');

  // Now the same credentials work.
  await loginThroughUi(pedro, PEDRO.email, PEDRO.password);
  assert.equal(new URL(pedro.url()).pathname, '/');
});

test('an admin rejects a registration with a reason and it is removed', async () => {
  const response = await fetch(`${product.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Rita Gomes', username: 'rita', email: 'rita@wkflow.local', password: 'rita1234', role: 'manager' }),
  });
  assert.ok(response.ok, `register failed: ${response.status}`);

  const admin = await product.newPage(ADMIN);
  await admin.goto('/users/approvals');
  const row = admin.getByTestId('pending-row').filter({ hasText: 'rita@wkflow.local' });
  await row.getByText('Gerente').waitFor();
  await row.getByRole('button', { name: 'Rejeitar' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Rejeitar usuário' });
  const reason = dialog.getByRole('textbox', { name: 'Motivo da rejeição (opcional)' });
  assert.equal(await reason.getAttribute('rows'), '4');
  await reason.fill('Cadastro duplicado');
  await dialog.getByRole('button', { name: 'Rejeitar' }).click();
  await admin.getByText('Usuário rejeitado').waitFor();
  await admin.getByText('O cadastro foi removido do sistema.').waitFor();
  await row.waitFor({ state: 'detached' });

  assert.equal((await product.sql(`SELECT id FROM users WHERE username = 'rita'`)).length, 0);
  const [audit] = await product.sql(`SELECT data FROM audit_log WHERE action = 'user_rejected' ORDER BY id DESC LIMIT 1`);
  assert.equal(audit?.data?.reason, 'Cadastro duplicado');
});

test("editing a profile's permissions changes the affected user's header", async () => {
  // João (Colaborador) sees 'Clientes' in the header to begin with.
  const joao = await product.newPage(JOAO);
  await joao.getByTestId('nav-clients').waitFor();

  // The admin hides clients for Colaborador and saves (one atomic PUT).
  const admin = await product.newPage(ADMIN);
  await admin.goto('/users');
  await admin.getByRole('link', { name: 'Gerenciar Perfis' }).click();
  await admin.waitForURL(/\/users\/profiles$/);
  await admin.getByTestId('profile-item').filter({ hasText: 'Colaborador' }).getByRole('button').first().click();
  assert.equal((await admin.getByTestId('permission-clients').textContent())?.trim(), 'Leitura');
  await admin.getByRole('tab', { name: 'Editar Permissões' }).click();
  await admin.getByTestId('permission-select-clients').selectOption('hidden');
  const saved = admin.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/access-profiles\/3\/permissions$/.test(r.url()));
  await admin.getByTestId('permissions-save').click();
  assert.equal((await saved).status(), 200);
  await admin.getByText('Permissões salvas com sucesso!').waitFor();
  await product.screenshot(admin, 'users-permissions-saved');

  // One row per module; clients hidden, the rest as seeded.
  const rows = await product.sql(`SELECT module, permission FROM module_permissions WHERE "profileId" = 3 ORDER BY module`);
  assert.equal(rows.length, 10);
  assert.equal(rows.find((r) => r.module === 'clients')?.permission, 'hidden');
  assert.equal(rows.find((r) => r.module === 'chat')?.permission, 'write');

  // The view tab shows the new level.
  await admin.getByRole('tab', { name: 'Visualizar Permissões' }).click();
  assert.equal((await admin.getByTestId('permission-clients').textContent())?.trim(), 'Oculto');

  // João's next page load has no 'Clientes' link, and /clients is denied.
  await joao.reload();
  await joao.getByTestId('user-menu').waitFor();
  await joao.getByTestId('nav-wkflow').waitFor();
  assert.equal(await joao.getByTestId('nav-clients').count(), 0);
  await joao.goto('/clients');
  await joao.getByText('Acesso Negado').waitFor();
  await product.screenshot(joao, 'users-collaborator-without-clients');
});

test('the approvals page makes nobody an administrator by default: Administrador takes a choice and a confirmation', async () => {
  const register = async (username) => {
    const response = await fetch(`${product.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `Pessoa ${username}`,
        username,
        email: `${username}@wkflow.local`,
        password: 'senha-forte-123',
        role: 'admin',
      }),
    });
    assert.ok(response.ok, `register failed: ${response.status}`);
  };
  await register('intruso');
  await register('novaadmin');

  const admin = await product.newPage(ADMIN);
  await admin.goto('/users/approvals');
  const openApproval = async (email) => {
    const row = admin.getByTestId('pending-row').filter({ hasText: email });
    await row.getByText('Administrador').waitFor(); // the request, shown as a hint
    await row.getByRole('button', { name: 'Aprovar' }).click();
    return admin.getByRole('alertdialog', { name: 'Aprovar usuário' });
  };

  // The routine click: the dialog starts on Colaborador even though Administrador was requested.
  let dialog = await openApproval('intruso@wkflow.local');
  const profile = dialog.getByRole('combobox', { name: 'Perfil de Acesso' });
  assert.equal(await profile.locator('option:checked').textContent(), 'Colaborador');
  assert.equal(await dialog.getByTestId('admin-grant-warning').count(), 0);
  await dialog.getByRole('button', { name: 'Aprovar', exact: true }).click();
  await admin.getByText('Usuário aprovado com sucesso!').waitFor();
  let [stored] = await product.sql(`SELECT "isApproved", "accessProfileId", role FROM users WHERE username = 'intruso'`);
  assert.deepEqual(stored, { isApproved: true, accessProfileId: 3, role: 'collaborator' });

  // Choosing Administrador asks for an explicit confirmation before the button works.
  dialog = await openApproval('novaadmin@wkflow.local');
  await dialog.getByRole('combobox', { name: 'Perfil de Acesso' }).selectOption({ label: 'Administrador (solicitado)' });
  const grant = dialog.getByRole('button', { name: 'Aprovar como administrador' });
  assert.equal(await grant.isDisabled(), true);
  const confirmation = dialog.getByText('Confirmo que Pessoa novaadmin se tornará administrador, com acesso total ao sistema');
  await product.screenshot(admin, 'users-approve-admin-confirm');
  await grant.click({ force: true }); // a click on the disabled button approves nothing
  [stored] = await product.sql(`SELECT "isApproved" FROM users WHERE username = 'novaadmin'`);
  assert.equal(stored.isApproved, false);
  await confirmation.click();
  assert.equal(await dialog.getByRole('checkbox').isChecked(), true);
  assert.equal(await grant.isDisabled(), false);
  await grant.click();
  await admin.getByText('Usuário aprovado com sucesso!').waitFor();
  await admin.getByText('Nenhum usuário aguardando aprovação').waitFor();
  [stored] = await product.sql(`SELECT "isApproved", "accessProfileId", role FROM users WHERE username = 'novaadmin'`);
  assert.deepEqual(stored, { isApproved: true, accessProfileId: 1, role: 'admin' });
});
