import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, startProduct } from './harness.mjs';

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

/** The column element whose name is `name` (columns carry data-column-name). */
function column(page, name) {
  return page.locator(`[data-testid^="column-"][data-column-name="${name}"]`);
}

test('a task created through the dialog is dragged to another list, stays there after a reload and shows its history', async () => {
  const page = await product.newPage(ADMIN);
  const title = `Post de lançamento E2E ${Date.now().toString(36)}`;

  // 'Nova Tarefa' in the header opens the create dialog in the backlog.
  await page.getByTestId('new-task').click();
  const dialog = page.getByTestId('task-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('task-column-badge').getByText('na lista Backlog').waitFor();
  assert.equal(new URL(page.url()).searchParams.get('new'), null, 'the ?new=task parameter is cleared');

  // An empty submit shows the spec's messages.
  await dialog.getByRole('button', { name: 'Criar Tarefa' }).click();
  for (const message of ['Título é obrigatório', 'Descrição é obrigatória', 'Cliente é obrigatório', 'Prazo é obrigatório']) {
    await dialog.getByText(message).waitFor();
  }

  await dialog.getByRole('textbox', { name: 'Título' }).fill(title);
  await dialog.locator('#field-description').fill('Arte e legenda do post. Referência: https://example.com/briefing');
  await dialog.locator('#field-clientId').selectOption({ label: 'Padaria Pão Dourado' });
  await dialog.locator('#field-deadline').fill('2030-05-20T14:30');
  await dialog.locator('#field-reminderTime').selectOption('1d');
  await dialog.getByRole('group', { name: 'Membros' }).getByText('Maria Souza').click();
  await dialog.getByRole('button', { name: 'Criar Tarefa' }).click();
  await page.getByText('Tarefa criada').first().waitFor();
  await dialog.waitFor({ state: 'detached' });

  const [row] = await product.sql(`SELECT t.id, c.name AS column FROM tasks t JOIN columns c ON c.id = t."columnId" WHERE t.title = $1`, [
    title,
  ]);
  assert.ok(row, 'the task is stored');
  assert.equal(row.column, 'Backlog');
  const card = page.getByTestId(`task-card-${row.id}`);
  await column(page, 'Backlog').getByTestId(`task-card-${row.id}`).waitFor();
  await card.getByText('Padaria Pão Dourado').waitFor();
  await card.getByText('MS').waitFor();

  // Drag it to 'Em andamento' (react-dnd's HTML5 backend); the move is saved on the server.
  const target = column(page, 'Em andamento');
  const moved = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${row.id}/move`) && r.request().method() === 'PUT');
  await card.dragTo(target);
  const response = await moved;
  assert.equal(response.status(), 200, await response.text());
  await target.getByTestId(`task-card-${row.id}`).waitFor();

  // After a reload it is still there.
  await page.reload();
  await target.getByTestId(`task-card-${row.id}`).waitFor({ timeout: 15_000 });
  assert.equal(await column(page, 'Backlog').getByTestId(`task-card-${row.id}`).count(), 0);
  await product.screenshot(page, 'board-after-move');

  // Opened, it shows the list badge and the history: created, then moved.
  await target.getByTestId(`task-card-${row.id}`).click();
  await dialog.waitFor();
  await dialog.getByTestId('task-column-badge').getByText('na lista Em andamento').waitFor();
  const history = dialog.getByTestId('task-history');
  await history.scrollIntoViewIfNeeded();
  await history.getByText('moveu a tarefa de "Backlog" para "Em andamento"').waitFor();
  await history.getByText('criou a tarefa na lista "Backlog"').waitFor();
  const actions = await history.getByTestId('history-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-action')));
  assert.ok(actions.includes('created') && actions.includes('moved'), `history actions: ${actions.join(', ')}`);
  // The description's URL is a link opening in a new tab.
  const link = dialog.getByRole('link', { name: 'https://example.com/briefing' });
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
  await product.screenshot(page, 'board-task-history');

  // A comment: the button waits for non-blank text; the comment shows in the list and the summary.
  const send = dialog.getByRole('button', { name: 'Comentar' });
  const box = dialog.getByRole('textbox', { name: 'Novo comentário' });
  assert.equal(await send.isDisabled(), true);
  await box.fill('   ');
  assert.equal(await send.isDisabled(), true);
  await box.fill('Arte aprovada pelo cliente.');
  await send.click();
  await page.getByText('Comentário adicionado', { exact: true }).waitFor();
  await dialog.getByTestId('task-comment').getByText('Arte aprovada pelo cliente.').waitFor();
  await dialog.getByTestId('history-summary').getByText('Arte aprovada pelo cliente.', { exact: false }).waitFor();
});

test('an admin adds, renames, recolours and deletes a list; completed cards do not move', async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/kanban');
  await column(page, 'Backlog').waitFor();

  await page.getByRole('button', { name: 'Adicionar outra lista' }).click();
  const add = page.getByRole('button', { name: 'Adicionar lista' });
  assert.equal(await add.isDisabled(), true, 'a blank title cannot be added');
  await page.getByRole('textbox', { name: 'Título da lista' }).fill('Aprovação do cliente');
  await add.click();
  await page.getByText('Lista Criada', { exact: true }).waitFor();
  const list = column(page, 'Aprovação do cliente');
  await list.getByText('Nenhuma tarefa nesta coluna').waitFor();

  // Rename: Escape cancels, Enter saves.
  await list.getByTestId('column-name').click();
  await page.getByRole('textbox', { name: 'Nome da lista' }).fill('Outro nome');
  await page.getByRole('textbox', { name: 'Nome da lista' }).press('Escape');
  await list.getByTestId('column-name').getByText('Aprovação do cliente').waitFor();
  await list.getByTestId('column-name').click();
  await page.getByRole('textbox', { name: 'Nome da lista' }).fill('Aprovação');
  await page.getByRole('textbox', { name: 'Nome da lista' }).press('Enter');
  await page.getByText('Lista Atualizada', { exact: true }).waitFor();
  const renamed = column(page, 'Aprovação');
  await renamed.waitFor();

  // Recolour from the palette of 8.
  await renamed.getByRole('button', { name: 'Cor da lista Aprovação' }).click();
  await page.getByRole('button', { name: 'Roxo' }).click();
  await page.waitForFunction(async () => {
    const res = await fetch('/api/columns', { credentials: 'include' });
    return (await res.json()).some((c) => c.name === 'Aprovação' && c.color === '#8b5cf6');
  });

  // Delete after the confirmation.
  await renamed.getByRole('button', { name: 'Excluir a lista Aprovação' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir lista' });
  await confirm.getByText('Tem certeza que deseja excluir a lista "Aprovação"?').waitFor();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await page.getByText('Lista Excluída', { exact: true }).waitFor();
  await renamed.waitFor({ state: 'detached' });

  // Completed cards: hidden by default, shown with the filter, without the quick timer, not draggable.
  const done = column(page, 'concluídos');
  assert.equal(await done.locator('[data-testid^="task-card-"]').count(), 0);
  await page.getByTestId('filter-completed').click();
  const completedCard = done.locator('[data-testid^="task-card-"]').first();
  await completedCard.waitFor();
  await completedCard.getByText(/^Concluída/).waitFor();
  assert.equal(await completedCard.getByRole('button', { name: 'Iniciar timer' }).count(), 0, 'no quick timer on completed cards');
  const id = Number((await completedCard.getAttribute('data-testid')).replace('task-card-', ''));
  // Every list in view: a drag whose target must first be scrolled into view starts on another card.
  await page.setViewportSize({ width: 2200, height: 900 });
  const moves = [];
  page.on('request', (r) => r.url().endsWith(`/api/tasks/${id}/move`) && moves.push(r.url()));
  await completedCard.dragTo(column(page, 'A fazer'));
  // A drop sends its move at once; a request the page sends after the drop is seen after it would have been.
  await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/health?after-drop')),
    page.evaluate(() => fetch('/api/health?after-drop')),
  ]);
  assert.deepEqual(moves, [], 'no move was sent for a completed card');
  const [still] = await product.sql(`SELECT c.name FROM tasks t JOIN columns c ON c.id = t."columnId" WHERE t.id = $1`, [id]);
  assert.equal(still.name, 'concluídos');
});

test('a move the server refuses rolls the card back with the server message', async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/');
  const card = column(page, 'Backlog').locator('[data-testid^="task-card-"]').first();
  await card.waitFor();
  const testId = await card.getAttribute('data-testid');
  // The list is archived by someone else while this page still shows it: the server refuses the move.
  const [target] = await product.sql(`SELECT id FROM columns WHERE name = 'Em revisão'`);
  // The move is held until the list is gone, so the optimistic card can be seen first; then it reaches the real server.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/api/tasks/*/move', async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/move') && r.request().method() === 'PUT');
  await card.dragTo(column(page, 'Em revisão'));
  await column(page, 'Em revisão').getByTestId(testId).waitFor();
  await product.sql(`UPDATE tasks SET "columnId" = (SELECT id FROM columns WHERE name = 'A fazer') WHERE "columnId" = $1`, [target.id]);
  await product.sql(`DELETE FROM columns WHERE id = $1`, [target.id]);
  release();
  const response = await answered;
  assert.equal(response.status(), 400, await response.text());
  await page.getByText('Erro ao mover tarefa', { exact: true }).waitFor();
  await page.getByText('Lista não encontrada').waitFor();
  await column(page, 'Backlog').getByTestId(testId).waitFor();
});

/**
 * Resolves once the open dialog has finished its entry animation and a frame has passed: the moment
 * the first opening used to close itself. Then checks it is still there with focus inside.
 */
async function assertDialogStaysOpen(page, dialog, how) {
  await dialog.waitFor();
  await dialog.evaluate(async (el) => {
    await Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  assert.equal(await dialog.count(), 1, `${how}: the dialog is still open after its opening`);
  assert.equal(await dialog.getAttribute('data-state'), 'open', `${how}: the dialog is open`);
  assert.ok(
    await dialog.evaluate((el) => el.contains(document.activeElement)),
    `${how}: focus is inside the dialog, not on ${await page.evaluate(() => document.activeElement?.tagName)}`,
  );
}

test('after a page load the task dialog opens on the first try, every time (click, Enter, Nova Tarefa, a link)', async () => {
  const page = await product.newPage(ADMIN);
  const dialog = page.getByTestId('task-dialog');
  const [linked] = await product.sql(
    `SELECT t.id FROM tasks t JOIN columns c ON c.id = t."columnId" WHERE c.name = 'Backlog' AND NOT t."isArchived" ORDER BY t.rank LIMIT 1`,
  );
  const ways = ['click', 'Enter', 'Nova Tarefa', 'link', 'click', 'Enter'];
  for (const [i, how] of ways.entries()) {
    if (how === 'link') {
      // A deep link is itself the page load: the dialog opens from the address.
      await page.goto(`/kanban?task=${linked.id}`);
      await assertDialogStaysOpen(page, dialog, `opening ${i + 1} (${how})`);
      await dialog.getByTestId('task-history').getByTestId('history-item').first().waitFor();
      assert.equal(await dialog.count(), 1, `opening ${i + 1} (${how}): still open once its content loaded`);
      continue;
    }
    // A fresh load of the plain board (a reload would keep the opened task's ?task= and reopen it).
    await page.goto('/kanban');
    const card = column(page, 'Backlog').locator('[data-testid^="task-card-"]').first();
    await card.waitFor();
    if (how === 'click') await card.click();
    else if (how === 'Enter') {
      // The card's button (its title) is what the keyboard reaches.
      await card.locator('button.wk-card__open').focus();
      await page.keyboard.press('Enter');
    } else await page.getByTestId('new-task').click();
    await assertDialogStaysOpen(page, dialog, `opening ${i + 1} (${how})`);
    // It is usable: the history of an open task loads in it, a new one takes a title.
    if (how === 'Nova Tarefa') {
      await dialog.getByRole('textbox', { name: 'Título' }).fill('Primeira abertura');
      assert.equal(await dialog.getByRole('textbox', { name: 'Título' }).inputValue(), 'Primeira abertura');
    } else {
      await dialog.getByTestId('task-history').getByTestId('history-item').first().waitFor();
    }
    assert.equal(await dialog.count(), 1, `opening ${i + 1} (${how}): still open once its content loaded`);
  }
});

test("a card dropped into the completion list says 'Tarefa concluída', and 'Desfazer' puts it back where it was", async () => {
  const page = await product.newPage(ADMIN);
  // Every list in view: a drag whose target must first be scrolled into view starts on whatever
  // card the scroll brought under the pointer.
  await page.setViewportSize({ width: 2200, height: 900 });
  await page.goto('/');
  const backlog = column(page, 'Backlog');
  const card = backlog.locator('[data-testid^="task-card-"]').nth(1);
  await card.waitFor();
  const testId = await card.getAttribute('data-testid');
  const id = Number(testId.replace('task-card-', ''));
  const [before] = await product.sql(`SELECT "columnId" FROM tasks WHERE id = $1`, [id]);

  await card.dragTo(column(page, 'concluídos'));
  const toast = page.getByTestId('toast').filter({ hasText: 'Tarefa concluída' });
  await toast.waitFor();
  // Completed cards are hidden by default: it left the board.
  await page.getByTestId(testId).waitFor({ state: 'detached' });
  const [done] = await product.sql(`SELECT c.name, t."completedAt" FROM tasks t JOIN columns c ON c.id = t."columnId" WHERE t.id = $1`, [
    id,
  ]);
  assert.equal(done.name, 'concluídos');
  assert.ok(done.completedAt, 'the move completed it');

  const undone = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${id}/move`) && r.request().method() === 'PUT');
  await toast.getByRole('button', { name: 'Desfazer' }).click();
  assert.equal((await undone).status(), 200);
  await backlog.getByTestId(testId).waitFor();
  const [after] = await product.sql(`SELECT "columnId", "completedAt" FROM tasks WHERE id = $1`, [id]);
  assert.equal(after.columnId, before.columnId);
  assert.equal(after.completedAt, null, 'reopened');
  const places = await backlog.locator('[data-testid^="task-card-"]').evaluateAll((cards) => cards.map((c) => c.dataset.testid));
  assert.equal(places[1], testId, 'back at its place in the list');
});

test("the sidebar's client and member rows filter the board, and 'Limpar' clears each filter", async () => {
  const page = await product.newPage(ADMIN);
  const sidebar = page.getByTestId('sidebar');
  await sidebar.waitFor();
  const clients = sidebar.getByTestId('sidebar-clients').getByRole('button');
  const members = sidebar.getByTestId('sidebar-members').getByRole('button');
  // A row's aria-pressed follows the URL a render later: wait for it rather than read it once.
  await clients.first().waitFor();
  await members.first().waitFor();
  assert.equal(await sidebar.getByRole('button', { name: 'Limpar' }).count(), 0, 'no filter, no Limpar');

  const client = clients.first();
  await client.click();
  await page.waitForURL((url) => url.searchParams.has('client'));
  await client.and(page.locator('[aria-pressed=true]')).waitFor();
  const member = members.filter({ hasText: 'Ana Costa' });
  await member.click();
  await page.waitForURL((url) => url.searchParams.has('member') && url.searchParams.has('client'));
  await member.and(page.locator('[aria-pressed=true]')).waitFor();
  assert.equal(await sidebar.getByRole('button', { name: 'Limpar' }).count(), 2, 'one Limpar per chosen filter');
  await page.getByText('Membro: Ana Costa').waitFor();
  await product.screenshot(page, 'board-sidebar-filters');

  // The members' Limpar clears the member only; clicking the chosen client again clears it.
  await sidebar.getByRole('button', { name: 'Limpar' }).last().click();
  await page.waitForURL((url) => !url.searchParams.has('member') && url.searchParams.has('client'));
  await member.and(page.locator('[aria-pressed=false]')).waitFor();
  await client.click();
  await page.waitForURL((url) => !url.searchParams.has('client'));
  await client.and(page.locator('[aria-pressed=false]')).waitFor();
  assert.equal(await sidebar.getByRole('button', { name: 'Limpar' }).count(), 0);
});
