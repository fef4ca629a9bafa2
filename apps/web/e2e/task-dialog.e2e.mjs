import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

async function openTask(page, id) {
  await page.goto('/kanban');
  await page.getByTestId(`task-card-${id}`).click();
  const dialog = page.getByTestId('task-dialog');
  await dialog.getByRole('button', { name: 'Atualizar Tarefa' }).waitFor();
  return dialog;
}

test("'Atualizar Tarefa' saves the description being edited with the title", async () => {
  const [task] = await product.sql(`SELECT id FROM tasks WHERE NOT "isArchived" ORDER BY id LIMIT 1`);
  const page = await product.newPage(ADMIN);
  const dialog = await openTask(page, task.id);

  await dialog.getByRole('textbox', { name: 'Título' }).fill('Título revisto');
  await dialog.getByTestId('task-description').click();
  await dialog.getByRole('textbox', { name: 'Descrição' }).fill('Descrição revista, sem Confirmar');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/tasks/${task.id}`) && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: 'Atualizar Tarefa' }).click();
  assert.equal((await saved).status(), 200);
  await page.getByText('Tarefa atualizada').first().waitFor();
  await dialog.waitFor({ state: 'detached' });

  const [row] = await product.sql(`SELECT title, description FROM tasks WHERE id = $1`, [task.id]);
  assert.deepEqual(row, { title: 'Título revisto', description: 'Descrição revista, sem Confirmar' });
});

test('closing the dialog over a comment typed but not sent asks first; refusing keeps it', async () => {
  const [task] = await product.sql(`SELECT id FROM tasks WHERE NOT "isArchived" ORDER BY id LIMIT 1 OFFSET 1`);
  const page = await product.newPage(ADMIN);
  const dialog = await openTask(page, task.id);
  const box = dialog.getByRole('textbox', { name: 'Novo comentário' });
  await box.fill('Comentário ainda não enviado');

  // First answer: stay. The dialog and the text remain.
  const questions = [];
  page.once('dialog', (d) => {
    questions.push(d.message());
    void d.dismiss();
  });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  assert.match(questions[0] ?? '', /comentário não enviado será descartado/);
  assert.equal(await box.inputValue(), 'Comentário ainda não enviado');
  await product.screenshot(page, 'task-dialog-unsent-comment');

  // Second answer: discard. The dialog closes, nothing was sent.
  page.once('dialog', (d) => {
    questions.push(d.message());
    void d.accept();
  });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(questions.length, 2);
  assert.equal((await product.sql(`SELECT count(*)::int AS n FROM task_comments WHERE "taskId" = $1`, [task.id]))[0].n, 0);

  // Without a draft it closes without asking.
  const again = await openTask(page, task.id);
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await again.waitFor({ state: 'detached' });
  assert.equal(questions.length, 2);
});

test('the history reads as sentences with names, never raw data, also for a Colaborador', async () => {
  // Task 1 of the demo seed is João's; the admin adds Ana and changes the client.
  const [task] = await product.sql(
    `SELECT t.id FROM tasks t JOIN task_assignees a ON a."taskId" = t.id JOIN users u ON u.id = a."userId"
      WHERE u.username = 'joao' AND NOT t."isArchived" ORDER BY t.id LIMIT 1`,
  );
  const admin = await product.newPage(ADMIN);
  const dialog = await openTask(admin, task.id);
  await dialog.getByRole('group', { name: 'Membros' }).getByText('Ana Costa').click();
  await dialog.locator('#field-clientId').selectOption({ label: 'Verde Vida Orgânicos' });
  await dialog.getByRole('button', { name: 'Atualizar Tarefa' }).click();
  await dialog.waitFor({ state: 'detached' });

  const joao = await product.newPage({ email: 'joao@wkflow.local', password: DEMO_PASSWORD });
  const again = await openTask(joao, task.id);
  const history = again.getByTestId('task-history');
  await history.scrollIntoViewIfNeeded();
  await history.getByText('adicionou Ana Costa aos responsáveis').waitFor();
  await history.getByText(/alterou o cliente de ".+" para "Verde Vida Orgânicos"/).waitFor();
  const text = await history.innerText();
  assert.doesNotMatch(text, /[{}[\]]|"added"|#\d/, text);
  await product.screenshot(joao, 'task-history-sentences');
});
