import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, startProduct } from './harness.mjs';

// Issue 22 §8, §9, §13: no stale AI suggestion, no silent reopening of a step, names instead of usernames.
let product;
before(async () => {
  // No OPENAI_API_KEY: the offline pt-BR parser answers.
  product = await startProduct({ demo: true, env: { OPENAI_API_KEY: '' } });
});
after(async () => {
  await product?.stop();
});

test('the AI modal marks its suggestion stale once the text changes, until analysed again', async () => {
  const page = await product.newPage(ADMIN);
  await page.getByTestId('create-with-ai').click();
  const modal = page.getByTestId('ai-modal');
  const box = modal.getByRole('textbox', { name: 'Descreva a tarefa' });
  const create = modal.getByRole('button', { name: 'Criar Tarefa', exact: true });
  await box.fill('Criar posts de Natal da Padaria Pão Dourado para a Maria amanhã às 14h');
  await modal.getByRole('button', { name: 'Analisar' }).click();
  await modal.getByTestId('ai-result').waitFor();
  assert.equal(await create.isDisabled(), false);
  assert.equal(await modal.getByTestId('ai-stale').count(), 0);

  await box.fill('Revisar o site da TechNova para o João até sexta');
  await modal.getByTestId('ai-stale').waitFor();
  assert.equal(await create.isDisabled(), true, "'Criar Tarefa' waits for a new analysis");
  await product.screenshot(page, 'ai-modal-stale');

  await modal.getByRole('button', { name: 'Analisar' }).click();
  await modal.getByTestId('ai-stale').waitFor({ state: 'detached' });
  await modal.getByTestId('ai-title').getByText('Revisar o site', { exact: false }).waitFor();
  assert.equal(await create.isDisabled(), false);
});

test("onboarding: a completed step offers 'Reabrir', which asks first; the person responsible is shown by name", async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/onboarding');
  const panel = page.getByTestId('steps-panel');
  await panel.waitFor();
  const [process] = await product.sql(
    `SELECT p.id, u.name FROM onboarding_processes p JOIN users u ON u.id = p."assignedTo" ORDER BY p.id LIMIT 1`,
  );
  await panel.getByText(`Responsável: ${process.name}`).waitFor();

  const [step] = await product.sql(
    `SELECT id, name FROM onboarding_steps WHERE "processId" = $1 AND status = 'completed' ORDER BY "stepOrder" LIMIT 1`,
    [process.id],
  );
  const item = panel.getByTestId('step-item').filter({ hasText: step.name });
  // Steps show their buttons once opened.
  await item.getByText(step.name).first().click();
  const reopen = item.getByRole('button', { name: 'Reabrir' });
  await reopen.waitFor();
  assert.equal(await item.getByRole('button', { name: 'Iniciar' }).count(), 0);

  const questions = [];
  page.once('dialog', (d) => {
    questions.push(d.message());
    void d.dismiss();
  });
  await reopen.click();
  assert.match(questions[0] ?? '', new RegExp(`Reabrir a etapa "${step.name}"\\?`));
  // Refused: nothing changed on the server. Accepted: the step is in progress again.
  page.once('dialog', (d) => {
    questions.push(d.message());
    void d.accept();
  });
  const saved = page.waitForResponse((r) => r.url().includes(`/steps/${step.id}`) && r.request().method() === 'PUT');
  await reopen.click();
  assert.equal((await saved).status(), 200);
  assert.equal(questions.length, 2);
  const rows = await product.sql(`SELECT status FROM onboarding_steps WHERE id = $1`, [step.id]);
  assert.equal(rows[0].status, 'in_progress');
  await product.screenshot(page, 'onboarding-reopen');
});

test('chat reply quotes name their author by name, not username', async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/chat');
  await page.getByTestId('room-item').filter({ hasText: 'Geral' }).first().click();
  const quotes = page.getByTestId('reply-quote');
  await quotes.first().waitFor();
  const texts = await quotes.allInnerTexts();
  const usernames = (await product.sql(`SELECT username, name FROM users`)).filter((u) => u.username !== u.name);
  for (const text of texts) {
    const author = text.split('\n')[0].trim();
    assert.ok(!usernames.some((u) => u.username === author), `quote author "${author}" is a username`);
    assert.ok(
      usernames.some((u) => u.name === author),
      `quote author "${author}" is a person's name`,
    );
  }
  await product.screenshot(page, 'chat-reply-names');
});
