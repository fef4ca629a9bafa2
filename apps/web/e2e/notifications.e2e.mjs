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

/**
 * Reloads the page and resolves once one of its /ws sockets said 'connected'; `frames` collects what
 * every socket of the page receives. The page reconnects by design, so the live socket is whichever
 * connects; a handshake that fails on the way is reported if none does.
 */
async function reloadWithSocket(page, frames) {
  const failures = [];
  let connected;
  const live = new Promise((resolve) => (connected = resolve));
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).pathname !== '/ws') return;
    ws.on('socketerror', (error) => failures.push(String(error)));
    ws.on('framereceived', (frame) => {
      frames.push(String(frame.payload));
      if (String(frame.payload).includes('"connected"')) connected(ws);
    });
  });
  await page.reload();
  let timer;
  const noSocket = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no /ws socket connected; failed handshakes: ${failures.join('; ') || 'none'}`)), 15_000);
  });
  try {
    return await Promise.race([live, noSocket]);
  } finally {
    clearTimeout(timer);
  }
}

test('a task assigned to joão reaches his bell and his board live, without a reload', async () => {
  const joao = await product.newPage(JOAO);
  const admin = await product.newPage(ADMIN);
  const title = `Campanha ao vivo E2E ${Date.now().toString(36)}`;
  const [{ id: joaoId }] = await product.sql(`SELECT id FROM users WHERE email = $1`, [JOAO.email]);
  const [{ id: clientId }] = await product.sql(`SELECT id FROM clients ORDER BY id LIMIT 1`);
  const unreadBefore = Number(
    (await product.sql(`SELECT count(*) FROM notifications WHERE "userId" = $1 AND NOT "isRead"`, [joaoId]))[0].count,
  );

  // With the browser permission undecided, the prompt shows top right 2 s after load, inside the header's
  // top row, where it hides nothing; Escape and 'Agora não' dismiss it for the session.
  await joao.context().clearPermissions();
  await joao.reload();
  const prompt = joao.getByTestId('notification-permission-prompt');
  await prompt.waitFor({ timeout: 5_000 });
  await settle(joao);
  await product.screenshot(joao, 'notification-prompt-desktop');
  const box = await prompt.boundingBox();
  const header = await joao.getByTestId('app-header').boundingBox();
  assert.ok(box.x > 1440 / 2 - 100 && box.x + box.width > 1440 * 0.6, 'the prompt sits on the right');
  assert.ok(box.y >= header.y && box.y + box.height <= header.y + 60, "in the header's top row");
  const covered = await joao.evaluate(() => {
    const p = document.querySelector('[data-testid="notification-permission-prompt"]').getBoundingClientRect();
    return [...document.querySelectorAll('button, a, input, select, h1, h2, [data-testid^="task-card-"], [data-testid^="column-"]')]
      .filter((el) => !el.closest('[data-testid="notification-permission-prompt"]'))
      .filter((el) => {
        const b = el.getBoundingClientRect();
        return b.width > 0 && b.height > 0 && b.left < p.right && b.right > p.left && b.top < p.bottom && b.bottom > p.top;
      })
      .map((el) => el.outerHTML.slice(0, 100));
  });
  assert.deepEqual(covered, [], 'nothing of the page lies under the prompt');
  assert.deepEqual(await seriousViolations(joao, '[data-testid="notification-permission-prompt"]'), []);
  await joao.keyboard.press('Escape');
  await prompt.waitFor({ state: 'detached' });
  // 'Agora não' does the same (the dismissal was remembered: clear it to see the prompt again).
  await joao.evaluate(() => sessionStorage.clear());
  await joao.reload();
  await prompt.waitFor({ timeout: 5_000 });
  await prompt.getByRole('button', { name: 'Agora não' }).click();
  await prompt.waitFor({ state: 'detached' });

  // João has the board open with a live socket; the 30 s poll has just run (page load).
  const frames = [];
  await reloadWithSocket(joao, frames);
  await joao.getByTestId('board').waitFor();
  // A read of the notification list before the socket brought the notification would be the poll.
  const pollsBeforeSocket = [];
  const viaSocket = () => frames.some((f) => f.includes('"type":"notification"') && f.includes(title));
  joao.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/notifications/history' && !viaSocket()) pollsBeforeSocket.push(r.url());
  });

  // The admin assigns him a task through the API.
  const created = await admin.request.post('/api/tasks', {
    data: {
      title,
      description: 'Peças da campanha de inverno.',
      clientId,
      deadline: '2030-06-10T18:00:00-03:00',
      assignedTo: [joaoId],
      reminderTime: null,
    },
  });
  assert.equal(created.status(), 201, await created.text());
  const task = await created.json();

  // Bell badge, toast and the board's new card arrive through the socket, long before the next poll.
  const badge = joao.getByTestId('notification-badge');
  await badge.filter({ hasText: String(unreadBefore + 1) }).waitFor({ timeout: 10_000 });
  await joao
    .getByTestId('toast')
    .filter({ hasText: `Nova tarefa atribuída: ${title}` })
    .waitFor({ timeout: 5_000 });
  await joao.getByTestId(`task-card-${task.id}`).waitFor({ timeout: 10_000 });
  assert.deepEqual(pollsBeforeSocket, [], 'the notification came over the socket, before any poll of the list');
  assert.ok(
    frames.some((f) => f.includes('"type":"notification"') && f.includes(title)),
    'the notification came over /ws',
  );

  // The dropdown lists it first, unread; a click marks it read.
  await joao.getByRole('button', { name: 'Notificações' }).click();
  const dropdown = joao.getByTestId('notification-dropdown');
  await dropdown.waitFor();
  const item = dropdown.getByTestId('notification-item').first();
  await item.getByText(`Nova tarefa atribuída: ${title}`).waitFor();
  assert.equal(await item.getAttribute('data-read'), 'false');
  await dropdown.getByRole('button', { name: 'Ativar' }).waitFor();
  assert.equal(await dropdown.getByRole('button', { name: 'Teste' }).count(), 0, 'Teste is for access profile 1 only');
  await dropdown.getByRole('button', { name: 'Marcar todas' }).waitFor();
  await product.screenshot(joao, 'notifications-dropdown');

  // A click marks it read and opens its task: /kanban?task=<id>.
  assert.equal(await item.getAttribute('data-target'), `task:${task.id}`);
  const marked = joao.waitForResponse((r) => /\/api\/notifications\/\d+\/read$/.test(r.url()) && r.request().method() === 'PUT');
  await item.click();
  assert.equal((await marked).status(), 200);
  await joao.waitForURL((url) => url.pathname === '/kanban' && url.searchParams.get('task') === String(task.id));
  await dropdown.waitFor({ state: 'hidden' });
  // The task's dialog opens over the page (modal): closed with Escape before the bell is used again.
  const taskDialog = joao.getByTestId('task-dialog');
  await taskDialog.waitFor();
  await joao.keyboard.press('Escape');
  await taskDialog.waitFor({ state: 'hidden' });
  await joao.getByRole('button', { name: 'Notificações' }).click();
  await dropdown.getByTestId('notification-item').first().and(joao.locator('[data-read="true"]')).waitFor();
  await joao.keyboard.press('Escape');
  const [row] = await product.sql(`SELECT "isRead" FROM notifications WHERE "userId" = $1 AND title = $2`, [
    joaoId,
    `Nova tarefa atribuída: ${title}`,
  ]);
  assert.equal(row.isRead, true);
  if (unreadBefore === 0) await badge.waitFor({ state: 'detached' });
  assert.equal(await prompt.count(), 0, 'a dismissed prompt stays away after a reload in the same session');

  // A non-admin is refused the admin e-mail page.
  await joao.goto('/admin/settings');
  await joao.getByTestId('access-denied').getByText('Acesso Negado').waitFor();
  await joao.context().close();
  await admin.context().close();
});

test("the admin's Teste button pushes a notification to himself; Marcar todas clears the badge", async () => {
  const admin = await product.newPage(ADMIN);
  // 120 unread notifications: the badge caps at 99+; the dropdown shows 10 and the true number of the rest.
  await product.sql(
    `INSERT INTO notifications ("userId", type, title, message, channel, "soundEnabled", "createdAt")
     SELECT u.id, 'task_comment', 'Comentário antigo ' || g, 'Mensagem ' || g, 'browser', true, now() - g * interval '1 minute'
       FROM users u, generate_series(1, 120) g WHERE u.email = $1`,
    [ADMIN.email],
  );
  // The permission is granted (harness): no 'Ativar', and a live notification also goes to the browser.
  await admin.reload();
  await admin.getByTestId('board').waitFor();
  await admin.getByRole('button', { name: 'Notificações' }).click();
  const dropdown = admin.getByTestId('notification-dropdown');
  await admin.getByTestId('notification-badge').getByText('99+').waitFor();
  const [{ total }] = await product.sql(
    `SELECT count(*)::int AS total FROM notifications n JOIN users u ON u.id = n."userId" WHERE u.email = $1`,
    [ADMIN.email],
  );
  assert.ok(total >= 120);
  await dropdown.getByText(`E mais ${total - 10} notificações...`).waitFor();
  assert.equal(await dropdown.getByTestId('notification-item').count(), 10);
  assert.equal(await dropdown.getByRole('button', { name: 'Ativar' }).count(), 0);
  await dropdown.getByRole('button', { name: 'Teste' }).click();
  await dropdown.getByText('Notificação de teste').first().waitFor({ timeout: 10_000 });
  await admin.getByTestId('notification-badge').waitFor();
  const marked = admin.waitForResponse((r) => r.url().endsWith('/api/notifications/mark-all-read') && r.request().method() === 'PUT');
  await dropdown.getByRole('button', { name: 'Marcar todas' }).click();
  await admin.getByTestId('notification-badge').waitFor({ state: 'detached' });
  // The badge clears before the server answers: count in the database once it has.
  assert.equal((await marked).status(), 200);
  const [{ count }] = await product.sql(
    `SELECT count(*)::int AS count FROM notifications n JOIN users u ON u.id = n."userId" WHERE u.email = $1 AND NOT n."isRead"`,
    [ADMIN.email],
  );
  assert.equal(count, 0);
  await admin.context().close();
});

test('notification preferences are saved at once and survive a reload', async () => {
  const page = await product.newPage(JOAO);
  await page.context().clearPermissions();
  await page.goto('/notifications');
  const row = page.getByTestId('preference-task_comment');
  await row.waitFor();
  assert.equal(await page.locator('[data-testid^="preference-"]').count(), 8);
  await page.getByText('Mensagem de chat (offline)', { exact: true }).waitFor();

  // Browser permission undecided: the browser toggles are disabled.
  const browserToggle = page.getByRole('checkbox', { name: 'Navegador (Novo comentário em tarefa)' });
  assert.equal(await browserToggle.isDisabled(), true);

  const email = page.getByRole('checkbox', { name: 'E-mail (Novo comentário em tarefa)' });
  const sound = page.getByRole('checkbox', { name: 'Som (Prazo em 1 hora)' });
  assert.equal(await email.isChecked(), true);
  assert.equal(await sound.isChecked(), true);
  await row.getByTestId('toggle-task_comment-emailEnabled').click();
  await page.getByTestId('toggle-task_due_1h-soundEnabled').click();
  assert.equal(await email.isChecked(), false);
  await product.screenshot(page, 'notifications-settings');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await page.getByTestId('toast').filter({ hasText: 'Sucesso' }).waitFor();

  const saved = await product.sql(
    `SELECT p.type, p."emailEnabled", p."soundEnabled" FROM notification_preferences p JOIN users u ON u.id = p."userId" WHERE u.email = $1 ORDER BY p.type`,
    [JOAO.email],
  );
  assert.equal(saved.length, 8, 'all types are saved at once');
  assert.deepEqual(
    saved.filter((p) => ['task_comment', 'task_due_1h'].includes(p.type)),
    [
      { type: 'task_comment', emailEnabled: false, soundEnabled: true },
      { type: 'task_due_1h', emailEnabled: false, soundEnabled: false },
    ],
  );

  // After a reload (and once permission is granted) the saved values are shown and browser toggles work.
  await page.context().grantPermissions(['notifications']);
  await page.reload();
  await page.getByTestId('preference-task_comment').waitFor();
  assert.equal(await page.getByRole('checkbox', { name: 'E-mail (Novo comentário em tarefa)' }).isChecked(), false);
  assert.equal(await page.getByRole('checkbox', { name: 'Som (Prazo em 1 hora)' }).isChecked(), false);
  assert.equal(await page.getByRole('checkbox', { name: 'Navegador (Novo comentário em tarefa)' }).isDisabled(), false);
  await page.context().close();
});

test('the admin sees the e-mail status, queue counters and list, sends a test and resends a failed e-mail', async () => {
  // A failed e-mail to resend (the worker cannot deliver without SMTP anyway).
  const [failed] = await product.sql(
    `INSERT INTO email_queue (status, "emailType", subject, "recipientName", "recipientEmail", body, "errorMessage", attempts)
     VALUES ('failed', 'task_assigned', 'Falha E2E', 'Maria Souza', 'maria@wkflow.local', 'Corpo do e-mail que falhou.', 'SMTP recusou a conexão', 3) RETURNING id`,
  );
  const page = await product.newPage(ADMIN);
  await page.goto('/admin/settings');
  await page.getByRole('heading', { name: 'Configurações de E-mail' }).waitFor();
  await page
    .getByTestId('email-status-badge')
    .filter({ hasText: /^(Configurado|Erro|Não Configurado)$/ })
    .waitFor();

  // The counters add up to the rows of the outbox.
  const monitor = page.getByTestId('email-queue-monitor');
  await monitor.getByTestId('email-queue-item').first().waitFor();
  const counters = {};
  for (const status of ['sent', 'pending', 'scheduled', 'failed']) {
    counters[status] = Number(await monitor.getByTestId(`queue-counter-${status}`).getByTestId('queue-counter-value').textContent());
  }
  const [{ total }] = await product.sql(`SELECT count(*)::int AS total FROM email_queue`);
  assert.equal(
    Object.values(counters).reduce((a, b) => a + b, 0),
    total,
  );
  assert.ok(counters.failed >= 1);

  // The failed item shows its error in red; it expands to its content; Reenviar puts it back in the queue.
  const item = monitor.getByTestId('email-queue-item').filter({ hasText: 'Falha E2E' });
  await item.getByTestId('email-error').getByText('SMTP recusou a conexão').waitFor();
  await item.getByRole('button', { name: 'Detalhes: Falha E2E' }).click();
  await item.getByTestId('email-content').getByText('Corpo do e-mail que falhou.').waitFor();

  // The test e-mail form: prefilled subject/message, disabled until there is a destination.
  const form = page.getByTestId('test-email-card');
  const send = form.getByRole('button', { name: 'Enviar E-mail de Teste' });
  assert.equal(await send.isDisabled(), true);
  assert.notEqual(await form.locator('input[name="subject"]').inputValue(), '');
  await form.locator('#test-email-to').focus();
  await form.locator('#test-email-to').blur();
  await form.getByText('E-mail de destino é obrigatório').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await product.screenshot(page, 'admin-settings');

  await item.getByRole('button', { name: 'Reenviar' }).click();
  await page.getByTestId('toast').filter({ hasText: 'E-mail reagendado' }).waitFor();
  const [after] = await product.sql(`SELECT status FROM email_queue WHERE id = $1`, [failed.id]);
  assert.notEqual(after.status, 'failed', 'the row left the failed state');

  await form.locator('#test-email-to').fill('destino.e2e@wkflow.local');
  assert.equal(await send.isDisabled(), false);
  await send.click();
  // SMTP is 'Não Configurado' here: the toast says the e-mail was only queued and will not be sent.
  const queuedToast = page.getByTestId('toast').filter({ hasText: 'E-mail na fila, não enviado' });
  await queuedToast.getByText('não será enviado enquanto o SMTP estiver Não Configurado', { exact: false }).waitFor();
  assert.equal(await page.getByTestId('toast').filter({ hasText: 'E-mail de teste enviado' }).count(), 0);
  await monitor.getByTestId('email-queue-item').filter({ hasText: 'destino.e2e@wkflow.local' }).waitFor();
  const rows = await product.sql(`SELECT "emailType" FROM email_queue WHERE "recipientEmail" = 'destino.e2e@wkflow.local'`);
  assert.deepEqual(rows, [{ emailType: 'test_email' }]);
  await page.context().close();
});
