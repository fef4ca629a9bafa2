import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

const JOAO = { email: 'joao@wkflow.local', password: DEMO_PASSWORD };
const MARIA = { email: 'maria@wkflow.local', password: DEMO_PASSWORD };

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

const userId = async (email) => (await product.sql(`SELECT id FROM users WHERE email = $1`, [email]))[0].id;

/**
 * A new manager (he sees every task) with none of his own: no deadline reminder or assignment notice can reach his bell while a
 * test counts it (a demo user's reminders come from the scheduler whenever their time is due).
 */
async function quietUser() {
  const admin = await product.newPage(ADMIN);
  const name = `leitor${Date.now()}`;
  const login = { email: `${name}@wkflow.local`, password: 'senha-do-leitor-1' };
  const body = { ...login, username: name, name: 'Leitor Quieto', accessProfileId: 2 };
  const status = await admin.evaluate(async (body) => {
    const response = await fetch('/api/users', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.text();
    return response.status;
  }, body);
  assert.equal(status, 201);
  await admin.context().close();
  return login;
}

/** Resolves once the page's /ws socket said 'connected' (the page opens it with the shell); `frames` collects what it receives. */
function socketConnected(page, frames) {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname !== '/ws') return;
      ws.on('framereceived', (frame) => {
        frames.push(String(frame.payload));
        if (String(frame.payload).includes('"connected"')) resolve(ws);
      });
    });
  });
}

/** Resolves with the first frame of `ws` (seen or coming) that `match` accepts. */
async function frameWhere(ws, frames, match) {
  const coming = ws.waitForEvent('framereceived', { predicate: (frame) => match(String(frame.payload)), timeout: 10_000 });
  const seen = frames.find(match);
  if (seen) {
    coming.catch(() => undefined);
    return seen;
  }
  return String((await coming).payload);
}

test('a notification leads to its target: the toast opens the chat room, the bell opens the task, an old row only turns read', async () => {
  const joao = await product.newPage();
  const frames = [];
  const connected = socketConnected(joao, frames);
  await joao.goto('/login');
  await joao.locator('input[name="email"]').fill(JOAO.email);
  await joao.locator('input[name="password"]').fill(JOAO.password);
  await joao.locator('form button[type="submit"]').click();
  await joao.getByTestId('board').waitFor();
  const socket = await connected;
  const maria = await product.newPage(MARIA);
  const joaoId = await userId(JOAO.email);
  const [room] = await product.sql(`SELECT id, name FROM chat_rooms ORDER BY id LIMIT 1`);

  // Maria writes in a room; João (online, on the board) gets a toast whose 'Abrir' opens the room.
  const text = `Reunião às 15h ${Date.now().toString(36)}`;
  const sent = await maria.request.post(`/api/chat/rooms/${room.id}/messages`, { data: { message: text } });
  assert.equal(sent.status(), 201, await sent.text());
  const toast = joao.getByTestId('toast').filter({ hasText: `Nova mensagem em #${room.name}` });
  await toast.waitFor({ timeout: 10_000 });
  const marked = joao.waitForResponse((r) => /\/api\/notifications\/\d+\/read$/.test(r.url()) && r.request().method() === 'PUT');
  await toast.getByRole('button', { name: 'Abrir' }).click();
  assert.equal((await marked).status(), 200);
  await joao.waitForURL((url) => url.pathname === '/chat' && url.searchParams.get('sala') === String(room.id));
  await joao.getByTestId('room-title').filter({ hasText: room.name }).waitFor();
  await joao.getByTestId('message-list').getByText(text).waitFor();
  const [chatRow] = await product.sql(
    `SELECT "isRead", data FROM notifications WHERE "userId" = $1 AND type LIKE 'chat_%' ORDER BY id DESC LIMIT 1`,
    [joaoId],
  );
  assert.deepEqual(chatRow, { isRead: true, data: { roomId: room.id, count: 1 } });

  // The page told the server it shows this room: Maria's next message there does not notify him,
  // one in another room does.
  await frameWhere(socket, frames, (f) => f.includes('"type":"viewing"') && f.includes(`"roomId":${room.id}`));
  const other = await maria.request.post('/api/chat/rooms', { data: { name: `Outra ${Date.now().toString(36)}`, description: 'd' } });
  assert.equal(other.status(), 201, await other.text());
  const otherRoom = await other.json();
  assert.equal((await maria.request.post(`/api/chat/rooms/${room.id}/messages`, { data: { message: 'Estou vendo' } })).status(), 201);
  await joao.getByTestId('message-list').getByText('Estou vendo').waitFor();
  assert.equal(
    (await maria.request.post(`/api/chat/rooms/${otherRoom.id}/messages`, { data: { message: 'Em outra sala' } })).status(),
    201,
  );
  await joao
    .getByTestId('toast')
    .filter({ hasText: `Nova mensagem em #${otherRoom.name}` })
    .waitFor({ timeout: 10_000 });
  const roomRows = await product.sql(`SELECT id FROM notifications WHERE "userId" = $1 AND data->>'roomId' = $2`, [
    joaoId,
    String(room.id),
  ]);
  assert.equal(roomRows.length, 1, 'no notification for the room he is reading');

  // A task assigned to him: the bell's item opens /kanban?task=<id> and turns read.
  const [{ id: clientId }] = await product.sql(`SELECT id FROM clients ORDER BY id LIMIT 1`);
  const title = `Peças de inverno ${Date.now().toString(36)}`;
  const created = await maria.request.post('/api/tasks', {
    data: { title, description: 'd', clientId, deadline: '2030-06-10T18:00:00-03:00', assignedTo: [joaoId], reminderTime: null },
  });
  assert.equal(created.status(), 201, await created.text());
  const task = await created.json();
  await joao.getByTestId('toast').filter({ hasText: title }).waitFor({ timeout: 10_000 });
  // An old row without a target, newer than everything: it renders and only turns read.
  await product.sql(
    `INSERT INTO notifications ("userId", type, title, message, channel, "createdAt") VALUES ($1, 'task_assigned', 'Aviso antigo sem alvo', 'm', 'browser', now() + interval '1 minute')`,
    [joaoId],
  );
  // The bell polls every 30 s: a reload reads the row at once.
  const dropdown = joao.getByTestId('notification-dropdown');
  await joao.reload();
  await joao.getByTestId('room-title').waitFor();
  await joao.getByRole('button', { name: 'Notificações' }).click();
  const old = dropdown.getByTestId('notification-item').filter({ hasText: 'Aviso antigo sem alvo' });
  await old.waitFor();
  assert.equal(await old.getAttribute('data-target'), null);
  const oldMarked = joao.waitForResponse((r) => /\/api\/notifications\/\d+\/read$/.test(r.url()));
  await old.click();
  assert.equal((await oldMarked).status(), 200);
  assert.equal(new URL(joao.url()).pathname, '/chat', 'a row without a target does not navigate');
  const [{ isRead: oldRead }] = await product.sql(
    `SELECT "isRead" FROM notifications WHERE "userId" = $1 AND title = 'Aviso antigo sem alvo'`,
    [joaoId],
  );
  assert.equal(oldRead, true);

  // The click closed the dropdown; open it again.
  await dropdown.waitFor({ state: 'hidden' });
  await joao.getByRole('button', { name: 'Notificações' }).click();
  const taskItem = dropdown.getByTestId('notification-item').filter({ hasText: title });
  assert.equal(await taskItem.getAttribute('data-read'), 'false');
  assert.equal(await taskItem.getAttribute('data-target'), `task:${task.id}`);
  const taskMarked = joao.waitForResponse((r) => /\/api\/notifications\/\d+\/read$/.test(r.url()));
  await taskItem.click();
  assert.equal((await taskMarked).status(), 200);
  await joao.waitForURL((url) => url.pathname === '/kanban' && url.searchParams.get('task') === String(task.id));
  await joao.getByTestId('board').waitFor();
  // The board opens the task's dialog from its address.
  const dialog = joao.getByTestId('task-dialog');
  await dialog.getByRole('button', { name: 'Atualizar Tarefa' }).waitFor();
  assert.equal(await dialog.getByRole('textbox', { name: 'Título' }).inputValue(), title);
  const [{ isRead }] = await product.sql(`SELECT "isRead" FROM notifications WHERE "userId" = $1 AND data->>'taskId' = $2`, [
    joaoId,
    String(task.id),
  ]);
  assert.equal(isRead, true);
  await joao.context().close();
  await maria.context().close();
});

test("'Ver todas' pages the whole history; the bell shows 10 and the true rest (desktop and 390 px)", async () => {
  const reader = await quietUser();
  const readerId = await userId(reader.email);
  await product.sql(
    `INSERT INTO notifications ("userId", type, title, message, channel, "isRead", data, "createdAt")
     SELECT $1, 'task_comment', 'Comentário ' || g, 'Ana comentou na tarefa "Campanha ' || g || '".', 'browser', g % 4 = 0,
            jsonb_build_object('taskId', (SELECT min(id) FROM tasks)), now() - g * interval '1 minute'
       FROM generate_series(1, 45) g`,
    [readerId],
  );
  const [{ total, unread }] = await product.sql(
    `SELECT count(*)::int AS total, (count(*) FILTER (WHERE NOT "isRead"))::int AS unread FROM notifications WHERE "userId" = $1`,
    [readerId],
  );
  const page = await product.newPage(reader);
  await page.getByRole('button', { name: 'Notificações' }).click();
  const dropdown = page.getByTestId('notification-dropdown');
  await dropdown.getByText(`E mais ${total - 10} notificações...`).waitFor();
  assert.equal(await dropdown.getByTestId('notification-item').count(), 10);
  await page
    .getByTestId('notification-badge')
    .filter({ hasText: String(unread) })
    .waitFor();
  await product.screenshot(page, 'notification-bell-desktop');

  await dropdown.getByRole('link', { name: 'Ver todas' }).click();
  await page.waitForURL('**/notifications/all');
  await page.getByRole('heading', { name: 'Todas as notificações' }).waitFor();
  const list = page.getByTestId('notification-history').getByTestId('notification-item');
  await list.first().waitFor();
  assert.equal(await list.count(), 20);
  await page.getByText(`Mostrando 20 de ${total}`).waitFor();
  await page.getByText(`${total} notificações, ${unread} não lidas.`).waitFor();
  const more = page.getByRole('button', { name: 'Carregar mais' });
  let shown = 20;
  while (shown < total) {
    const next = page.waitForResponse((r) => r.url().includes('/api/notifications/history') && r.url().includes('cursor='));
    await more.click();
    assert.equal((await next).status(), 200);
    shown = Math.min(total, shown + 20);
    await page.getByText(`Mostrando ${shown} de ${total}`).waitFor();
  }
  assert.equal(await list.count(), total);
  await more.waitFor({ state: 'detached' });
  const titles = await list
    .locator('p')
    .filter({ hasText: /^Comentário \d+$/ })
    .allTextContents();
  assert.deepEqual(titles.slice(0, 3), ['Comentário 1', 'Comentário 2', 'Comentário 3']);
  assert.equal(new Set(titles).size, 45, 'every row once, none skipped');
  await page.evaluate(() => window.scrollTo(0, 0));
  await product.screenshot(page, 'notification-history-desktop');

  // 390 px: the bell's dropdown and the history fit the phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/notifications/all');
  await list.first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scroll at 390 px (overflow ${overflow})`);
  await product.screenshot(page, 'notification-history-phone');
  await page.getByRole('button', { name: 'Notificações' }).click();
  await dropdown.getByText(`E mais ${total - 10} notificações...`).waitFor();
  const box = await dropdown.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the dropdown fits the phone');
  await product.screenshot(page, 'notification-bell-phone');

  // Clicking an item of the history opens its task and turns it read.
  await page.keyboard.press('Escape');
  const first = list.filter({ hasText: 'Comentário 1' }).first();
  const marked = page.waitForResponse((r) => /\/api\/notifications\/\d+\/read$/.test(r.url()));
  await first.click();
  assert.equal((await marked).status(), 200);
  await page.waitForURL((url) => url.pathname === '/kanban' && url.searchParams.has('task'));
  await page.context().close();
});
