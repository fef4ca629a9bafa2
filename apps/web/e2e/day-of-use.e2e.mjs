import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, startProduct } from './harness.mjs';

// Issue 22 §15, §16, §17, §7: search by client and people, links in comments, client formats,
// 'Perfil Solicitado' after an approval with another profile.
let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

/** A JSON call from the page (its session cookie, same origin). */
function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: body ? { 'Content-Type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  );
}

test('the search finds tasks by client and by assignee, and says how many the filters hide', async () => {
  const page = await product.newPage(ADMIN);
  await page.getByTestId('board').waitFor();
  const columns = await api(page, 'GET', '/api/columns');
  const done = columns.find((c) => /conclu/i.test(c.name));
  const open = columns.find((c) => c.isFixed && !/conclu/i.test(c.name));
  const client = await api(page, 'POST', '/api/clients', { name: 'Floricultura Quintal Azul' });
  const [ana] = await product.sql(`SELECT id, name FROM users WHERE username = 'ana'`);
  const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();
  const made = [];
  for (const [title, columnId] of [
    ['Arte do catálogo', open.id],
    ['Post de inverno', done.id],
    ['Vídeo da loja', done.id],
  ]) {
    made.push(
      await api(page, 'POST', '/api/tasks', {
        title,
        description: 'Peça da campanha',
        clientId: client.id,
        columnId,
        deadline,
        assignedTo: [ana.id],
      }),
    );
  }
  await page.reload();
  await page.getByTestId('board').waitFor();

  const search = page.getByRole('searchbox', { name: 'Buscar tarefas' });
  await search.fill('quintal azul');
  await page.getByTestId(`task-card-${made[0].id}`).waitFor();
  const hidden = page.getByTestId('hidden-matches');
  await hidden.getByText('2 tarefas concluídas escondidas pelos filtros').waitFor();
  assert.equal(await page.getByTestId(`task-card-${made[1].id}`).count(), 0);
  await product.screenshot(page, 'day-of-use-search-hidden');

  // The completed filter on: they show and nothing is hidden any more.
  await page.getByTestId('filter-completed').click();
  await page.getByTestId(`task-card-${made[2].id}`).waitFor();
  await hidden.waitFor({ state: 'detached' });

  // By the assignee's name (accents ignored): Ana's new tasks are among the matches.
  await search.fill(
    ana.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase(),
  );
  await page.getByTestId(`task-card-${made[0].id}`).waitFor();
  await page.getByTestId(`task-card-${made[1].id}`).waitFor();
});

test("'www.' links in descriptions and links in comments open in a new tab, safely", async () => {
  const page = await product.newPage(ADMIN);
  await page.getByTestId('board').waitFor();
  const [task] = await product.sql(`SELECT id FROM tasks WHERE NOT "isArchived" ORDER BY id LIMIT 1`);
  await api(page, 'PUT', `/api/tasks/${task.id}`, { description: 'Referências em www.figma.com/file/abc.' });
  await api(page, 'POST', `/api/tasks/${task.id}/comments`, { content: 'Aprovado em https://drive.example.com/x e www.canva.com/y' });
  await page.reload();
  await page.getByTestId(`task-card-${task.id}`).getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  const described = dialog.getByRole('link', { name: 'www.figma.com/file/abc' });
  await described.waitFor();
  assert.equal(await described.getAttribute('href'), 'https://www.figma.com/file/abc');
  assert.equal(await described.getAttribute('target'), '_blank');
  assert.equal(await described.getAttribute('rel'), 'noopener noreferrer');
  const comment = dialog.getByTestId('comment-content');
  const drive = comment.getByRole('link', { name: 'https://drive.example.com/x' });
  await drive.waitFor();
  assert.equal(await drive.getAttribute('rel'), 'noopener noreferrer');
  assert.equal(await comment.getByRole('link', { name: 'www.canva.com/y' }).getAttribute('href'), 'https://www.canva.com/y');
  await product.screenshot(page, 'day-of-use-links');
});

test('client form: phone and CNPJ written as their placeholders show, an Instagram @handle saved as the profile URL', async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Novo Cliente' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome').fill('Ateliê Ponto Cruz');
  const phone = dialog.getByLabel('Telefone');
  await phone.fill('11987654321');
  await phone.blur();
  assert.equal(await phone.inputValue(), '(11) 98765-4321');
  const cnpj = dialog.getByLabel('CNPJ');
  await cnpj.fill('12345678000190');
  await cnpj.blur();
  assert.equal(await cnpj.inputValue(), '12.345.678/0001-90');
  await dialog.getByRole('button', { name: 'Criar Cliente' }).click();
  await page.waitForURL(/\/clients\/\d+$/);
  const [client] = await product.sql(`SELECT id, phone, cnpj FROM clients WHERE name = 'Ateliê Ponto Cruz'`);
  assert.deepEqual({ phone: client.phone, cnpj: client.cnpj }, { phone: '(11) 98765-4321', cnpj: '12.345.678/0001-90' });

  await page.getByRole('tab', { name: 'Redes Sociais' }).click();
  const instagram = page.getByLabel('Instagram');
  await instagram.fill('@atelie.pontocruz');
  await instagram.blur();
  assert.equal(await instagram.inputValue(), 'https://instagram.com/atelie.pontocruz');
  await page.getByLabel('TikTok').fill('@atelie');
  const saving = page.waitForResponse((r) => r.url().includes(`/api/clients/${client.id}`) && r.request().method() !== 'GET');
  await page.getByRole('button', { name: 'Salvar redes sociais' }).click();
  await page.getByLabel('TikTok').and(page.locator('[value="https://tiktok.com/@atelie"]')).waitFor();
  // The field shows the URL before the server answers: read the database once it has.
  assert.equal((await saving).ok(), true);
  const [saved] = await product.sql(`SELECT "socialMedia" FROM clients WHERE id = $1`, [client.id]);
  assert.deepEqual(saved.socialMedia, { instagram: 'https://instagram.com/atelie.pontocruz', tiktok: 'https://tiktok.com/@atelie' });
  await product.screenshot(page, 'day-of-use-client-social');
});

test("'Perfil Solicitado' stays on the user page after an approval with another profile", async () => {
  const page = await product.newPage(ADMIN);
  const [pedro] = await product.sql(`SELECT id FROM users WHERE username = 'pedro'`);
  // Pedro asked for Colaborador (3); the admin grants Gerente (2).
  await page.goto('/');
  await api(page, 'POST', `/api/users/${pedro.id}/approve`, { accessProfileId: 2 });
  await page.goto(`/users/${pedro.id}/edit`);
  await page.getByTestId('requested-profile').getByText('Colaborador').waitFor();
});
