// A second day of use (issue 37): the board keeps its client filter through 'Nova Tarefa', toasts stay
// off a form's submit, and nothing vanishes or goes without a word.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, settled, startProduct } from './harness.mjs';

let product;
before(async () => {
  // One registration per hour from an address: the second one is refused (429) with a toast.
  product = await startProduct({ demo: true, env: { REGISTER_LIMIT_PER_IP: '1' } });
});
after(async () => {
  await product?.stop();
});

const column = (page, name) => page.locator(`[data-column-name="${name}"]`);

test("'Nova Tarefa' on a client-filtered board keeps the filter and preselects the client", async () => {
  const [client] = await product.sql(`SELECT id, name FROM clients WHERE name = 'Padaria Pão Dourado'`);
  const page = await product.newPage(ADMIN);
  await page.goto(`/?client=${client.id}`);
  await page.getByTestId('active-filters').getByText(`Cliente: ${client.name}`).waitFor();

  await page.getByTestId('new-task').click();
  const dialog = page.getByTestId('task-dialog');
  await dialog.getByRole('button', { name: 'Criar Tarefa' }).waitFor();
  await page.waitForURL((url) => !url.searchParams.has('new'));
  assert.equal(new URL(page.url()).searchParams.get('client'), String(client.id), 'the filter stays in the URL');
  assert.equal(await dialog.locator('#field-clientId').inputValue(), String(client.id), 'the client is preselected');

  const title = 'Post do Dia das Mães (filtrado)';
  await dialog.getByRole('textbox', { name: 'Título' }).fill(title);
  await dialog.locator('#field-description').fill('Arte do post');
  await dialog.locator('#field-deadline').fill('2030-05-20T14:30');
  await dialog.getByRole('button', { name: 'Criar Tarefa' }).click();
  await dialog.waitFor({ state: 'detached' });

  const [row] = await product.sql(`SELECT id, "clientId" FROM tasks WHERE title = $1`, [title]);
  assert.equal(row.clientId, client.id);
  assert.equal(new URL(page.url()).searchParams.get('client'), String(client.id), 'the board is still filtered after saving');
  await page.getByTestId('active-filters').getByText(`Cliente: ${client.name}`).waitFor();
  await page.getByTestId(`task-card-${row.id}`).waitFor();
  // Only this client's cards are on the board.
  const otherClients = await product.sql(
    `SELECT id FROM tasks WHERE "clientId" <> $1 AND NOT "isArchived" AND "columnId" IN (SELECT id FROM columns WHERE name = 'Backlog')`,
    [client.id],
  );
  for (const other of otherClients) assert.equal(await page.getByTestId(`task-card-${other.id}`).count(), 0);
});

test("an error toast after a refused registration leaves 'Criar Conta' clickable at 1366×800", async () => {
  const first = await fetch(`${product.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: product.baseUrl },
    body: JSON.stringify({ name: 'Primeira Pessoa', username: 'primeira', email: 'primeira@example.com', password: 'uma-senha-longa-1' }),
  });
  assert.ok(first.ok, await first.text());
  const page = await product.newPage();
  // A 1366×800 screen: Chromium's tabs and address bar leave the page about 690 px of height.
  await page.setViewportSize({ width: 1366, height: 690 });
  await page.goto('/login');
  await page.getByTestId('auth-toggle').click();
  await page.locator('input[name="name"]').fill('Alguém Repetido');
  await page.locator('input[name="username"]').fill('segunda');
  await page.locator('input[name="email"]').fill('segunda@example.com');
  await page.locator('input[name="password"]').fill('uma-senha-longa-1');
  const submit = page.getByRole('button', { name: 'Criar Conta' });
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/register'));
  await submit.click();
  assert.equal((await refused).status(), 429);
  const shown = page.getByTestId('toast');
  await shown.waitFor();
  await shown.getByText('Erro ao Criar Conta').waitFor();
  await product.screenshot(page, 'register-refused-toast');

  // A second refusal replaces the toast (the first one leaves while the second comes in).
  const refusedAgain = page.waitForResponse((r) => r.url().endsWith('/api/auth/register'));
  await submit.click();
  assert.equal((await refusedAgain).status(), 429);
  await page.waitForTimeout(100);

  // Every point of the form's buttons ('Criar Conta' and the card's 'Já tem conta? Entrar'), each
  // centre first, is that button: not the toast, its group or its invisible hover areas.
  const points = [[0.5, 0.5]];
  for (const fx of [0.05, 0.5, 0.95]) for (const fy of [0.05, 0.5, 0.95]) points.push([fx, fy]);
  for (const button of await page.getByTestId('auth-card').getByRole('button').all()) {
    const label = (await button.textContent()).trim();
    if (!label) continue; // the password's eye icon sits in a field, far from the toast
    await button.scrollIntoViewIfNeeded();
    const area = await button.boundingBox();
    for (const [fx, fy] of points) {
      const hit = await page.evaluate(
        ({ x, y }) => {
          const el = document.elementFromPoint(x, y);
          return el?.closest('button')?.textContent?.trim() ?? el?.outerHTML.slice(0, 80) ?? null;
        },
        { x: area.x + area.width * fx, y: area.y + area.height * fy },
      );
      assert.equal(hit, label, `at ${fx},${fy} of '${label}'`);
    }
  }
  // The toast itself does not overlap the submit either.
  await submit.scrollIntoViewIfNeeded();
  const box = await submit.boundingBox();
  const toastBox = await shown.boundingBox();
  const overlaps =
    toastBox.x < box.x + box.width &&
    box.x < toastBox.x + toastBox.width &&
    toastBox.y < box.y + box.height &&
    box.y < toastBox.y + toastBox.height;
  assert.equal(overlaps, false, `toast ${JSON.stringify(toastBox)} over button ${JSON.stringify(box)}`);
  // A click at the submit's centre submits again.
  await submit.scrollIntoViewIfNeeded();
  const again = page.waitForRequest((r) => r.url().endsWith('/api/auth/register'), { timeout: 5_000 });
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await again;
});

test("a card dropped into 'concluídos' with the 'Concluídas' filter off is announced with 'Mostrar concluídas', which shows it", async () => {
  const [task] = await product.sql(
    `SELECT t.id, t.title FROM tasks t JOIN columns c ON c.id = t."columnId" WHERE c.name = 'Em revisão' AND NOT t."isArchived" ORDER BY t.id LIMIT 1`,
  );
  const page = await product.newPage(ADMIN);
  await page.goto('/');
  const card = page.getByTestId(`task-card-${task.id}`);
  await card.waitFor();
  const done = column(page, 'concluídos');
  // The board's end in view: 'Em revisão' and 'concluídos' side by side (a drag does not scroll it).
  await settled(card);
  await page.getByTestId('board').evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await settled(card);
  await settled(done);
  const moved = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${task.id}/move`));
  await card.dragTo(done, { targetPosition: { x: 40, y: 60 } });
  assert.equal((await moved).status(), 200);
  await card.waitFor({ state: 'detached' });

  const shown = page.getByTestId('toast');
  await shown.getByText('Tarefa concluída').waitFor();
  await shown.getByText("oculta pelo filtro 'Concluídas'", { exact: false }).waitFor();
  await product.screenshot(page, 'completed-hidden-toast');
  // Longer than the 5 s of a plain toast: still there to act on.
  await page.waitForTimeout(6_000);
  await shown.getByRole('button', { name: 'Mostrar concluídas' }).click();
  await column(page, 'concluídos').getByTestId(`task-card-${task.id}`).waitFor();
  assert.equal(await page.getByTestId('filter-completed').locator('input').isChecked(), true);
});

test("new lists go before 'concluídos' and the composer stays open for the next one", async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/');
  await page.getByTestId('add-column').click();
  const name = page.getByRole('textbox', { name: 'Título da lista' });
  await name.fill('Aprovação');
  await name.press('Enter');
  await column(page, 'Aprovação').waitFor();
  // Still open, empty and focused: the next list is typed straight away. The list may show (live board)
  // a moment before the composer hears its save answered and clears.
  await page.waitForFunction((el) => el.value === '', await name.elementHandle(), { timeout: 5000 });
  assert.equal(await name.inputValue(), '');
  assert.equal(await name.evaluate((el) => el === document.activeElement), true);
  await name.fill('Publicação');
  await name.press('Enter');
  await column(page, 'Publicação').waitFor();
  const order = await page.locator('[data-column-name]').evaluateAll((els) => els.map((el) => el.getAttribute('data-column-name')));
  assert.deepEqual(order.slice(-3), ['Aprovação', 'Publicação', 'concluídos']);
});

test('removing an attachment asks first; refusing keeps it', async () => {
  const [task] = await product.sql(`SELECT id FROM tasks WHERE NOT "isArchived" ORDER BY id LIMIT 1`);
  const page = await product.newPage(ADMIN);
  await page.goto(`/kanban?task=${task.id}`);
  const section = page.getByTestId('task-dialog').getByRole('region', { name: 'Anexos' });
  await section
    .getByTestId('attachment-input')
    .setInputFiles({ name: 'briefing.txt', mimeType: 'text/plain', buffer: Buffer.from('briefing') });
  const row = section.getByTestId('attachment-row');
  await row.getByRole('link', { name: 'briefing.txt' }).first().waitFor();

  const questions = [];
  page.once('dialog', (d) => {
    questions.push(d.message());
    void d.dismiss();
  });
  await row.getByRole('button', { name: 'Remover briefing.txt' }).click();
  await page.waitForTimeout(500);
  assert.match(questions[0] ?? '', /Remover o anexo "briefing.txt"\?/);
  assert.equal((await product.sql(`SELECT count(*)::int AS n FROM task_attachments WHERE "taskId" = $1`, [task.id]))[0].n, 1);

  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: 'Remover briefing.txt' }).click();
  await row.waitFor({ state: 'detached' });
  assert.equal((await product.sql(`SELECT count(*)::int AS n FROM task_attachments WHERE "taskId" = $1`, [task.id]))[0].n, 0);
});

test("a pasted 5,000-character title is cut with a counter and a message; a past deadline gets 'Prazo no passado'", async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/');
  await page.getByTestId('new-task').click();
  const dialog = page.getByTestId('task-dialog');
  const title = dialog.getByRole('textbox', { name: 'Título' });
  await title.waitFor();
  assert.equal(await dialog.getByTestId('length-hint').count(), 0, 'no counter on a short title');
  await title.focus();
  // A paste lands as one text insertion; the field's limit cuts it at 200.
  await page.keyboard.insertText('a'.repeat(5000));
  assert.equal((await title.inputValue()).length, 200);
  const hint = dialog.getByTestId('length-hint');
  await hint.getByText('200/200').waitFor();
  await hint.getByText('Limite de 200 caracteres atingido').waitFor();

  const deadline = dialog.locator('#field-deadline');
  await deadline.fill('2030-05-20T14:30');
  assert.equal(await dialog.getByTestId('deadline-past').count(), 0);
  await deadline.fill('2020-01-15T09:00');
  await dialog.getByTestId('deadline-past').getByText('Prazo no passado').waitFor();
  await product.screenshot(page, 'task-dialog-limits');
});

test("the client form's limited fields count too: a pasted description is cut at its limit with the message", async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Novo Cliente' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  const description = dialog.getByRole('textbox', { name: 'Descrição' });
  await description.waitFor();
  assert.equal(await dialog.getByTestId('length-hint').count(), 0, 'no counter on empty fields');
  await description.focus();
  await page.keyboard.insertText('b'.repeat(6000));
  assert.equal((await description.inputValue()).length, 5000);
  await dialog.getByTestId('length-hint').getByText('Limite de 5000 caracteres atingido').waitFor();
  const name = dialog.getByRole('textbox', { name: 'Nome' });
  await name.focus();
  await page.keyboard.insertText('c'.repeat(500));
  assert.equal((await name.inputValue()).length, 120);
  await dialog.getByTestId('length-hint').getByText('120/120').waitFor();
});

test("the sidebar shows placeholders, not '0 Tarefas', until the tasks arrive", async () => {
  const page = await product.newPage(ADMIN);
  let release;
  const held = new Promise((r) => (release = r));
  await page.route('**/api/tasks', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByTestId('sidebar-count-loading').first().waitFor();
  await page.waitForTimeout(1_500);
  assert.equal(await sidebar.getByTestId('sidebar-count-loading').count(), 4, 'Tarefas, Em aberto, Atrasadas, Concluídas');
  assert.equal(await sidebar.getByText('0', { exact: true }).count(), 0, 'no zero while loading');
  release();
  await sidebar.getByTestId('sidebar-count-loading').first().waitFor({ state: 'detached' });
  const [{ n }] = await product.sql(`SELECT count(*)::int AS n FROM tasks WHERE NOT "isArchived"`);
  assert.ok(n > 0);
});
