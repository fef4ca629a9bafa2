// A task's address (/kanban?task=<id>, also /?task=<id>): links open its dialog, the back button
// closes it, a missing or hidden task says so; 'Copiar link'. Archiving without a question, with
// 'Desfazer' in the toast, and restoring from 'Arquivadas'.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { seriousViolations } from './a11y.mjs';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

const PHONE = { width: 390, height: 844 };
const NOT_AVAILABLE = 'Tarefa não encontrada ou sem acesso';

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

/** An open task (not archived, not in a completion list) with its list, for the admin. */
async function boardTask(offset = 0) {
  const [task] = await product.sql(
    `SELECT t.id, t.title, t."columnId", t."clientId" FROM tasks t JOIN columns c ON c.id = t."columnId"
      WHERE NOT t."isArchived" AND c.name NOT ILIKE '%conclu%' ORDER BY t.id LIMIT 1 OFFSET $1`,
    [offset],
  );
  return task;
}

const taskResponse = (page, id, method = 'GET', suffix = '') =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api/tasks/${id}${suffix}` && r.request().method() === method);

/** Waits for the opening animation of a drawer or dialog to end (for a screenshot). */
const settled = (locator) => locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));

/** The ids of a list's cards in board order. */
async function columnOrder(page, columnId) {
  const cards = page.getByTestId(`column-${columnId}`).locator('[data-testid^="task-card-"]');
  return cards.evaluateAll((list) => list.map((c) => Number(c.dataset.testid.replace('task-card-', ''))));
}

test('a link opens the task (on /kanban and /), and a missing or hidden one says so and shows the board', async () => {
  const task = await boardTask();
  const page = await product.newPage(ADMIN);
  for (const path of [`/kanban?task=${task.id}`, `/?task=${task.id}`]) {
    await page.goto(path);
    const dialog = page.getByTestId('task-dialog');
    await dialog.getByRole('button', { name: 'Atualizar Tarefa' }).waitFor();
    assert.equal(await dialog.getByRole('textbox', { name: 'Título' }).inputValue(), task.title);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).searchParams.get('task'), null, 'closing drops the parameter');
  }

  // A task that does not exist: a toast, the plain board, the parameter gone.
  const [{ max }] = await product.sql(`SELECT max(id)::int AS max FROM tasks`);
  const missing = taskResponse(page, max + 1000);
  await page.goto(`/kanban?task=${max + 1000}`);
  assert.equal((await missing).status(), 404);
  await page.getByTestId('toast').filter({ hasText: NOT_AVAILABLE }).waitFor();
  await page.getByTestId('board').waitFor();
  await page.waitForURL((url) => url.searchParams.get('task') === null);
  assert.equal(await page.getByTestId('task-dialog').count(), 0);

  // A task João may not see answers the same.
  const [hidden] = await product.sql(
    `SELECT t.id FROM tasks t WHERE NOT EXISTS (SELECT 1 FROM task_assignees a JOIN users u ON u.id = a."userId"
      WHERE a."taskId" = t.id AND u.username = 'joao') ORDER BY t.id LIMIT 1`,
  );
  const joao = await product.newPage({ email: 'joao@wkflow.local', password: DEMO_PASSWORD });
  const refused = taskResponse(joao, hidden.id);
  await joao.goto(`/kanban?task=${hidden.id}`);
  const answer = await refused;
  assert.equal(answer.status(), 404);
  assert.equal((await answer.json()).message, 'Tarefa não encontrada');
  await joao.getByTestId('toast').filter({ hasText: NOT_AVAILABLE }).waitFor();
  await joao.waitForURL((url) => url.searchParams.get('task') === null);
  assert.equal(await joao.getByTestId('task-dialog').count(), 0);
});

test('opening a card puts ?task= in the address, the back button closes it, and a link followed on the open board opens it', async () => {
  const [first, second] = [await boardTask(0), await boardTask(1)];
  const page = await product.newPage(ADMIN);
  await page.goto('/kanban');
  await page.getByTestId(`task-card-${first.id}`).click();
  const dialog = page.getByTestId('task-dialog');
  await dialog.getByRole('button', { name: 'Atualizar Tarefa' }).waitFor();
  assert.equal(new URL(page.url()).searchParams.get('task'), String(first.id));
  assert.equal(new URL(page.url()).pathname, '/kanban');

  await page.goBack();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(new URL(page.url()).searchParams.get('task'), null);
  await page.getByTestId(`task-card-${first.id}`).waitFor();

  // Closed with the X: the entry the card pushed is gone too (back leaves the board, not reopens it).
  await page.getByTestId(`task-card-${first.id}`).click();
  await dialog.getByRole('button', { name: 'Atualizar Tarefa' }).waitFor();
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.waitForURL((url) => url.searchParams.get('task') === null);

  // The address changes while the board is mounted (as a notification's link does): the dialog opens.
  await page.evaluate((id) => {
    window.history.pushState({}, '', `/kanban?task=${id}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, second.id);
  await dialog.getByRole('button', { name: 'Atualizar Tarefa' }).waitFor();
  assert.equal(await dialog.getByRole('textbox', { name: 'Título' }).inputValue(), second.title);
});

test("'Copiar link' copies the task's absolute address", async () => {
  const task = await boardTask(2);
  const page = await product.newPage(ADMIN);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseUrl });
  await page.goto(`/kanban?task=${task.id}`);
  const dialog = page.getByTestId('task-dialog');
  await dialog.getByRole('button', { name: 'Atualizar Tarefa' }).waitFor();
  await dialog.getByRole('button', { name: 'Copiar link' }).click();
  await page.getByTestId('toast').filter({ hasText: 'Link copiado' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${product.baseUrl}/kanban?task=${task.id}`);
  await product.screenshot(page, 'task-dialog-copy-link');

  await page.setViewportSize(PHONE);
  await dialog.getByRole('button', { name: 'Copiar link' }).scrollIntoViewIfNeeded();
  await product.screenshot(page, 'task-dialog-copy-link-phone');
});

test("'Arquivar' asks nothing; 'Desfazer' in the toast puts the task back at the end of its list", async () => {
  const task = await boardTask(3);
  const page = await product.newPage(ADMIN);
  await page.goto(`/kanban?task=${task.id}`);
  const dialog = page.getByTestId('task-dialog');
  await dialog.getByRole('button', { name: 'Atualizar Tarefa' }).waitFor();
  const archived = taskResponse(page, task.id, 'PUT');
  await dialog.getByRole('button', { name: 'Arquivar' }).click();
  assert.equal((await archived).status(), 200);
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId(`task-card-${task.id}`).waitFor({ state: 'detached' });
  assert.equal((await product.sql(`SELECT "isArchived" FROM tasks WHERE id = $1`, [task.id]))[0].isArchived, true);

  const toast = page.getByTestId('toast').filter({ hasText: 'Tarefa arquivada' });
  const restored = taskResponse(page, task.id, 'POST', '/restore');
  await toast.getByRole('button', { name: 'Desfazer' }).click();
  assert.equal((await restored).status(), 200);
  await page.getByTestId(`task-card-${task.id}`).waitFor();
  const [row] = await product.sql(`SELECT "isArchived", "columnId" FROM tasks WHERE id = $1`, [task.id]);
  assert.deepEqual(row, { isArchived: false, columnId: task.columnId });
  const order = await columnOrder(page, task.columnId);
  assert.equal(order.at(-1), task.id, 'at the end of its list');
  const [last] = await product.sql(`SELECT id FROM tasks WHERE "columnId" = $1 AND NOT "isArchived" ORDER BY rank DESC LIMIT 1`, [
    task.columnId,
  ]);
  assert.equal(last.id, task.id);

  // The history says both, as sentences.
  await page.getByTestId(`task-card-${task.id}`).click();
  const history = page.getByTestId('task-dialog').getByTestId('task-history');
  await history.getByText('restaurou a tarefa na lista').waitFor();
  await history.getByText('arquivou a tarefa da lista').waitFor();
});

test("'Arquivadas' lists archived tasks with search and client filter, and 'Restaurar' brings one back", async () => {
  const task = await boardTask(4);
  const other = await boardTask(5);
  const page = await product.newPage(ADMIN);
  await page.goto('/kanban');
  for (const t of [task, other]) {
    await page.getByTestId(`task-card-${t.id}`).click();
    const dialog = page.getByTestId('task-dialog');
    const archived = taskResponse(page, t.id, 'PUT');
    await dialog.getByRole('button', { name: 'Arquivar' }).click();
    assert.equal((await archived).status(), 200);
    await dialog.waitFor({ state: 'detached' });
  }

  await page.getByTestId('open-archived').click();
  const drawer = page.getByTestId('archived-drawer');
  await drawer.getByTestId(`archived-task-${task.id}`).waitFor();
  await drawer.getByTestId(`archived-task-${other.id}`).waitFor();
  await settled(drawer);
  await product.screenshot(page, 'archived-drawer');
  assert.deepEqual(await seriousViolations(page, '[data-testid="archived-drawer"]'), []);

  // Search by title: only that one.
  const searched = page.waitForResponse((r) => r.url().includes('/api/tasks/archived?') && r.url().includes('search='));
  await drawer.getByTestId('archived-search').fill(task.title);
  assert.equal((await searched).status(), 200);
  await drawer.getByTestId(`archived-task-${other.id}`).waitFor({ state: 'detached' });
  await drawer.getByTestId(`archived-task-${task.id}`).waitFor();
  await drawer.getByTestId('archived-search').fill('');

  // A client with no archived task: the empty message.
  const [emptyClient] = await product.sql(
    `SELECT id FROM clients c WHERE NOT EXISTS (SELECT 1 FROM tasks t WHERE t."clientId" = c.id AND t."isArchived") ORDER BY id LIMIT 1`,
  );
  if (emptyClient) {
    await drawer.getByTestId('archived-client').selectOption(String(emptyClient.id));
    await drawer.getByTestId('archived-empty').waitFor();
  }
  await drawer.getByTestId('archived-client').selectOption(String(task.clientId));
  const row = drawer.getByTestId(`archived-task-${task.id}`);
  await row.waitFor();

  const restored = taskResponse(page, task.id, 'POST', '/restore');
  await row.getByRole('button', { name: 'Restaurar' }).click();
  assert.equal((await restored).status(), 200);
  await page.getByTestId('toast').filter({ hasText: 'Tarefa restaurada' }).waitFor();
  await row.waitFor({ state: 'detached' });
  await drawer.getByRole('button', { name: 'Fechar' }).click();
  await drawer.waitFor({ state: 'detached' });
  await page.getByTestId(`task-card-${task.id}`).waitFor();
  assert.equal((await columnOrder(page, task.columnId)).at(-1), task.id, 'at the end of its list');
  assert.equal((await product.sql(`SELECT "isArchived" FROM tasks WHERE id = $1`, [task.id]))[0].isArchived, false);

  // On a phone the drawer takes the screen (it keeps its filters between openings).
  await page.setViewportSize(PHONE);
  await page.getByTestId('open-archived').click();
  await drawer.getByTestId('archived-client').selectOption('');
  await drawer.getByTestId(`archived-task-${other.id}`).waitFor();
  // The restored one is gone from every filter's page (read again, not an old cached page).
  await drawer.getByTestId(`archived-task-${task.id}`).waitFor({ state: 'detached' });
  await settled(drawer);
  const width = await drawer.evaluate((el) => el.getBoundingClientRect().width);
  assert.ok(width <= PHONE.width, `drawer ${width}px fits`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await product.screenshot(page, 'archived-drawer-phone');

  // Its title opens the archived task's dialog (its address), which restores it too.
  await drawer.getByTestId(`archived-task-${other.id}`).getByRole('button', { name: other.title, exact: true }).click();
  await drawer.waitFor({ state: 'detached' });
  const dialog = page.getByTestId('task-dialog');
  await dialog.getByTestId('task-archived-badge').waitFor();
  assert.equal(new URL(page.url()).searchParams.get('task'), String(other.id));
  const back = taskResponse(page, other.id, 'POST', '/restore');
  await dialog.getByRole('button', { name: 'Restaurar' }).click();
  assert.equal((await back).status(), 200);
  await dialog.getByTestId('task-archived-badge').waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Arquivar' }).waitFor();
  assert.equal((await product.sql(`SELECT "isArchived" FROM tasks WHERE id = $1`, [other.id]))[0].isArchived, false);
});
