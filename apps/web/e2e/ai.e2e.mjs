import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DateTime } from 'luxon';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

const MARIA = { email: 'maria@wkflow.local', password: DEMO_PASSWORD };

let product;
before(async () => {
  // No OPENAI_API_KEY: the offline pt-BR parser answers.
  product = await startProduct({ demo: true, env: { OPENAI_API_KEY: '' } });
});
after(async () => {
  await product?.stop();
});

/** The column element whose name is `name` (columns carry data-column-name). */
function column(page, name) {
  return page.locator(`[data-testid^="column-"][data-column-name="${name}"]`);
}

test('an admin describes a task in pt-BR, analyses it, edits it and creates it on the board', async () => {
  const page = await product.newPage(ADMIN);
  await page.getByTestId('create-with-ai').click();
  await page.waitForURL(/[?&]new=ai/);
  const modal = page.getByTestId('ai-modal');
  await modal.getByText('Criar Tarefa com IA').waitFor();

  // Empty text: the spec's toast, nothing sent.
  await modal.getByRole('button', { name: 'Analisar' }).click();
  await page.getByText('Texto obrigatório').waitFor();
  await page.getByText('Digite uma descrição da tarefa para análise.').waitFor();

  const marker = Date.now().toString(36);
  const text = `Criar posts de Natal ${marker} da Padaria Pão Dourado para a Maria amanhã às 14h`;
  await modal.getByRole('textbox', { name: 'Descreva a tarefa' }).fill(text);
  await modal.getByRole('button', { name: 'Analisar' }).click();
  const result = modal.getByTestId('ai-result');
  await result.waitFor();

  const tomorrow = DateTime.now().setZone('America/Sao_Paulo').plus({ days: 1 }).toFormat('dd/MM/yyyy');
  assert.equal((await result.getByTestId('ai-title').textContent())?.trim(), `Criar posts de Natal ${marker}`);
  assert.equal((await result.getByTestId('ai-client').textContent())?.trim(), 'Padaria Pão Dourado');
  assert.equal((await result.getByTestId('ai-assignees').textContent())?.trim(), 'Maria Souza');
  assert.equal((await result.getByTestId('ai-deadline').textContent())?.trim(), `${tomorrow} 14:00`);
  assert.equal((await result.getByTestId('ai-description').textContent())?.trim(), text);
  const badge = result.getByTestId('ai-confidence');
  assert.match((await badge.textContent()) ?? '', /^Alta confiança · 100%$/);
  assert.equal(await badge.getAttribute('data-level'), 'high');

  // The admin (username admin) sees the debug panel.
  const debug = modal.getByTestId('ai-debug');
  await debug.waitFor();
  await debug.getByText('Modo offline').waitFor();
  await debug.getByText(text, { exact: true }).waitFor();

  // The first column is preselected; choose another one.
  const columnSelect = modal.getByRole('combobox', { name: 'Lista de destino' });
  assert.equal(await columnSelect.locator('option:checked').textContent(), 'Backlog');
  await columnSelect.selectOption({ label: 'A fazer' });
  await product.screenshot(page, 'ai-modal-preview');

  // Editar: change the title and add Carlos; Visualizar shows the edits.
  await modal.getByTestId('ai-toggle-edit').click();
  const title = `Posts de Natal ${marker}`;
  await modal.locator('input[name="title"]').fill(title);
  await modal.getByRole('group', { name: 'Membros' }).getByText('Carlos Lima').click();
  await product.screenshot(page, 'ai-modal-edit');
  await modal.getByTestId('ai-toggle-edit').click();
  assert.equal((await result.getByTestId('ai-title').textContent())?.trim(), title);
  assert.equal((await result.getByTestId('ai-assignees').textContent())?.trim(), 'Maria Souza, Carlos Lima');

  await modal.getByRole('button', { name: 'Criar Tarefa' }).click();
  await page.getByText('Tarefa criada com sucesso').waitFor();
  await modal.waitFor({ state: 'detached' });
  assert.equal(new URL(page.url()).searchParams.get('new'), null, 'closing removes ?new=ai');

  // On the board, in 'A fazer', with the client badge.
  const card = column(page, 'A fazer').locator('[data-testid^="task-card-"]').filter({ hasText: title });
  await card.waitFor({ timeout: 10_000 });
  await card.getByTestId('card-client').getByText('Padaria Pão Dourado').waitFor();
  await product.screenshot(page, 'ai-task-on-board');

  // The server holds what was shown: client, assignees, deadline and the creation history.
  const tasks = await page.evaluate(() => fetch('/api/tasks', { credentials: 'include' }).then((r) => r.json()));
  const task = tasks.find((t) => t.title === title);
  assert.ok(task, 'the created task is listed');
  assert.equal(DateTime.fromISO(task.deadline).setZone('America/Sao_Paulo').toFormat('dd/MM/yyyy HH:mm'), `${tomorrow} 14:00`);
  const [{ maria, carlos }] = await product.sql(
    `SELECT (SELECT id FROM users WHERE username = 'maria') AS maria, (SELECT id FROM users WHERE username = 'carlos') AS carlos`,
  );
  assert.deepEqual([...task.assignedTo].sort(), [maria, carlos].sort());
  const history = await product.sql(`SELECT "actionType" FROM task_history WHERE "taskId" = $1 ORDER BY id`, [task.id]);
  assert.deepEqual(
    history.map((h) => h.actionType),
    ['created', 'assigned'],
  );
});

test('closing the modal resets it, and a manager gets no debug panel nor the admin test page', async () => {
  const page = await product.newPage(MARIA);
  await page.getByTestId('create-with-ai').click();
  const modal = page.getByTestId('ai-modal');
  await modal.getByRole('textbox', { name: 'Descreva a tarefa' }).fill('Revisar o site da Acme Inexistente para o Fulano');
  await modal.getByRole('button', { name: 'Analisar' }).click();
  const result = modal.getByTestId('ai-result');
  await result.waitFor();
  assert.equal(await result.getByTestId('ai-confidence').getAttribute('data-level'), 'low');
  await modal.getByTestId('ai-warnings').getByText('Nenhum cliente identificado').waitFor();
  await modal.getByTestId('ai-suggestions').getByText('Defina um prazo para a tarefa').waitFor();
  assert.equal(await modal.getByTestId('ai-debug').count(), 0, 'no debug data for maria');
  await product.screenshot(page, 'ai-modal-warnings');

  // Creating without a client is refused with the server's message.
  await modal.getByRole('button', { name: 'Criar Tarefa' }).click();
  await page.getByText('Erro ao processar tarefa').waitFor();

  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await modal.waitFor({ state: 'detached' });
  assert.equal(new URL(page.url()).searchParams.get('new'), null);
  await page.getByTestId('create-with-ai').click();
  const reopened = page.getByTestId('ai-modal');
  await reopened.getByRole('textbox', { name: 'Descreva a tarefa' }).waitFor();
  assert.equal(await reopened.getByRole('textbox', { name: 'Descreva a tarefa' }).inputValue(), '', 'the text is reset');
  assert.equal(await reopened.getByTestId('ai-result').count(), 0, 'the result is reset');

  await page.goto('/admin/ai-test');
  await page.getByRole('heading', { level: 1, name: 'Acesso negado. Esta página é apenas para administradores.' }).waitFor();
});

test('the admin AI test page runs an example and shows the outcome and the diagnostics', async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/admin/ai-test');
  await page.getByRole('heading', { name: 'Teste de IA' }).waitFor();

  await page.getByRole('button', { name: 'Testar IA' }).click();
  await page.getByText('Digite um texto para testar').waitFor();

  const examples = page.getByTestId('ai-example');
  assert.equal(await examples.count(), 3);
  const example = (await examples.first().textContent())?.trim();
  await examples.first().click();
  assert.equal(await page.getByRole('textbox', { name: 'Texto para análise' }).inputValue(), example);
  await page.getByRole('button', { name: 'Testar IA' }).click();

  await page.getByTestId('ai-test-outcome').getByText('Sucesso Completo').waitFor();
  assert.equal((await page.getByTestId('ai-test-confidence').textContent())?.trim(), '100%');
  const diagnostics = page.getByTestId('ai-test-diagnostics');
  await diagnostics.getByText('Offline (analisador pt-BR)').waitFor();
  assert.match((await page.getByTestId('ai-test-raw').textContent()) ?? '', /"clientName": "Padaria Pão Dourado"/);
  await product.screenshot(page, 'ai-admin-test');

  await page.getByRole('button', { name: 'Limpar' }).click();
  assert.equal(await page.getByRole('textbox', { name: 'Texto para análise' }).inputValue(), '');
  assert.equal(await page.getByTestId('ai-test-outcome').count(), 0);
});
