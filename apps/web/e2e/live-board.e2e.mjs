// A live board for a team: two logged-in pages on one board, each served by its own API process
// (same database and Redis). What page A changes shows in page B from the /ws 'board.changed'
// message alone: B reads GET /api/tasks once, at load, and never again.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ADMIN, DEMO_PASSWORD, SCREENSHOT_DIR, startProduct } from './harness.mjs';

const JOAO = { email: 'joao@wkflow.local', password: DEMO_PASSWORD };

let product;
let replica;
before(async () => {
  product = await startProduct({ demo: true });
  replica = await product.startReplica();
});
after(async () => {
  await product?.stop();
});

function column(page, name) {
  return page.locator(`[data-testid^="column-"][data-column-name="${name}"]`);
}

const cardIds = (locator) =>
  locator.locator('[data-testid^="task-card-"]').evaluateAll((cards) => cards.map((c) => Number(c.dataset.testid.slice(10))));

/** A call of the API with page's session (the admin's page A). */
function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

/** Every request of `page` to the board list (GET /api/tasks, with or without ?since=). */
function watchBoardReads(page) {
  const reads = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/tasks' && request.method() === 'GET') reads.push(url.search);
  });
  return reads;
}

/** The /ws frames `page` receives from its next socket on (parsed). */
function watchSocket(page) {
  const frames = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => {
      try {
        // The frame's size in bytes beside it (not enumerable: the assertions compare the rest).
        frames.push(Object.defineProperty(JSON.parse(frame.payload), 'bytes', { value: Buffer.byteLength(frame.payload) }));
      } catch {
        // not JSON
      }
    }),
  );
  return frames;
}

/** Both pages side by side in one picture (a page showing the two screenshots). */
async function sideBySide(a, b, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const [left, right] = await Promise.all([a.screenshot(), b.screenshot()]);
  const page = await product.browser.newPage({ viewport: { width: 2880, height: 900 } });
  await page.setContent(
    `<body style="margin:0;display:flex;gap:8px;background:#222">` +
      `<img style="width:1436px" src="data:image/png;base64,${left.toString('base64')}">` +
      `<img style="width:1436px" src="data:image/png;base64,${right.toString('base64')}"></body>`,
  );
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
  await page.close();
}

test('a move, a title edit and an unassignment in page A show in page B (another API process) without B reading /api/tasks again', async () => {
  const [joao] = await product.sql(`SELECT id FROM users WHERE username = 'joao'`);
  const [moving, leaving] = await product.sql(
    `SELECT t.id FROM tasks t JOIN columns c ON c.id = t."columnId"
      WHERE NOT t."isArchived" AND c.name = 'Backlog' ORDER BY t.rank LIMIT 2`,
  );
  const a = await product.newPage(ADMIN);
  await a.goto('/kanban');
  await a.getByTestId(`task-card-${moving.id}`).waitFor();
  // Both cards are João's (he sees only the tasks assigned to him).
  for (const task of [moving, leaving]) {
    assert.equal((await api(a, 'PUT', `/api/tasks/${task.id}`, { assignedTo: [joao.id] })).status, 200);
  }

  const b = await product.newPage(JOAO, { baseUrl: replica.baseUrl });
  assert.notEqual(replica.baseUrl, product.baseUrl);
  // The login lands on the board: its read is done before the reads are counted (on a busy machine
  // it could otherwise start after the watch begins and count as a second read of the load below).
  await b.getByTestId(`task-card-${moving.id}`).waitFor();
  const frames = watchSocket(b);
  const reads = watchBoardReads(b);
  await b.goto('/kanban');
  await b.getByTestId(`task-card-${moving.id}`).waitFor();
  await b.getByTestId(`task-card-${leaving.id}`).waitFor();
  await b.waitForFunction(() => document.querySelector('[data-testid^="task-card-"]') !== null);
  assert.deepEqual(reads, [''], 'B read the board once, at load');
  // B's socket is up before A changes anything.
  for (let i = 0; i < 50 && !frames.some((f) => f.type === 'connected'); i++) await b.waitForTimeout(100);
  assert.ok(
    frames.some((f) => f.type === 'connected'),
    'B is connected',
  );

  // 1. A moves the card with 'Mover para…' to the top of 'Em andamento'.
  const card = a.getByTestId(`task-card-${moving.id}`);
  await card.getByTestId('card-move').click();
  const dialog = a.getByTestId('move-dialog');
  await dialog.getByRole('combobox', { name: 'Coluna' }).selectOption({ label: 'Em andamento' });
  await dialog.getByRole('spinbutton', { name: 'Posição' }).fill('1');
  const moved = a.waitForResponse((r) => r.url().endsWith(`/api/tasks/${moving.id}/move`) && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: 'Mover' }).click();
  assert.equal((await moved).status(), 200);
  assert.equal((await cardIds(column(a, 'Em andamento')))[0], moving.id, 'A shows it on top');

  await column(b, 'Em andamento').getByTestId(`task-card-${moving.id}`).waitFor({ timeout: 10_000 });
  const rows = await product.sql(
    `SELECT t.id FROM tasks t JOIN columns c ON c.id = t."columnId" JOIN task_assignees a ON a."taskId" = t.id
      WHERE NOT t."isArchived" AND c.name = 'Em andamento' AND a."userId" = $1 ORDER BY t.rank`,
    [joao.id],
  );
  assert.deepEqual(
    await cardIds(column(b, 'Em andamento')),
    rows.map((r) => r.id),
    "B's list in the server's order",
  );
  assert.equal(await column(b, 'Backlog').getByTestId(`task-card-${moving.id}`).count(), 0, 'gone from its old list in B');
  const move = frames.find((f) => f.type === 'board.changed' && f.tasks.some((t) => t.id === moving.id));
  assert.ok(move, 'B got the change over /ws');
  assert.equal(move.full, false);
  assert.ok(
    move.tasks.every((t) => t.assignedTo.includes(joao.id)),
    'only tasks João may see',
  );
  assert.deepEqual(reads, [''], 'no read of /api/tasks for the move');
  assert.ok(move.bytes < 2048, `the move reached B in ${move.bytes} bytes`);
  console.log(`# B received the move in one ${move.bytes}-byte frame`);
  await sideBySide(a, b, 'live-board-after-move');

  // 2. A renames it in the task dialog.
  await card.locator('button.wk-card__open').click();
  const taskDialog = a.getByTestId('task-dialog');
  await taskDialog.getByRole('textbox', { name: 'Título' }).fill('Renomeada ao vivo');
  const saved = a.waitForResponse((r) => r.url().endsWith(`/api/tasks/${moving.id}`) && r.request().method() === 'PUT');
  await taskDialog.getByRole('button', { name: 'Atualizar Tarefa' }).click();
  assert.equal((await saved).status(), 200);
  await b.getByTestId(`task-card-${moving.id}`).getByText('Renomeada ao vivo').waitFor({ timeout: 10_000 });
  assert.deepEqual(
    await cardIds(column(b, 'Em andamento')),
    rows.map((r) => r.id),
    'the rename moved nothing',
  );
  assert.deepEqual(reads, [''], 'no read of /api/tasks for the rename');

  // 3. A takes the other card away from João while he has it open: it leaves his board, named by
  // id only, and his dialog closes saying he may no longer see it.
  await b.getByTestId(`task-card-${leaving.id}`).locator('button.wk-card__open').click();
  await b.getByTestId('task-dialog').waitFor();
  assert.equal((await api(a, 'PUT', `/api/tasks/${leaving.id}`, { assignedTo: [] })).status, 200);
  await b.getByTestId(`task-card-${leaving.id}`).waitFor({ state: 'detached', timeout: 10_000 });
  await b.getByText('Tarefa não encontrada ou sem acesso').first().waitFor();
  await b.getByTestId('task-dialog').waitFor({ state: 'detached' });
  assert.equal(new URL(b.url()).searchParams.get('task'), null);
  const removal = frames.find((f) => f.type === 'board.changed' && f.removed.includes(leaving.id));
  assert.ok(removal, 'B got the removal');
  assert.ok(!removal.tasks.some((t) => t.id === leaving.id), 'and not the task itself');
  assert.deepEqual(reads, [''], 'no read of /api/tasks for the removal');
  await sideBySide(a, b, 'live-board-after-unassign');
});

test('after its socket drops, a page asks only for the changes since its version', async () => {
  const a = await product.newPage(ADMIN);
  await a.goto('/kanban');
  const b = await product.newPage(ADMIN, { baseUrl: replica.baseUrl });
  const reads = watchBoardReads(b);
  await b.goto('/kanban');
  const [task] = await product.sql(
    `SELECT t.id FROM tasks t JOIN columns c ON c.id = t."columnId" WHERE NOT t."isArchived" AND c.name = 'Backlog' ORDER BY t.rank LIMIT 1`,
  );
  await b.getByTestId(`task-card-${task.id}`).waitFor();
  const version = Number(await b.evaluate(async () => (await fetch('/api/tasks')).headers.get('X-Board-Version')));
  reads.length = 0;

  // B's API process stops (its socket closes); A renames the card meanwhile; it comes back.
  await replica.restart(async () => {
    assert.equal((await api(a, 'PUT', `/api/tasks/${task.id}`, { title: 'Mudou sem B ver' })).status, 200);
  });
  await b.getByTestId(`task-card-${task.id}`).getByText('Mudou sem B ver').waitFor({ timeout: 40_000 });
  assert.equal(reads.length, 1, `one read: ${reads}`);
  assert.match(reads[0], /^\?since=\d+$/);
  assert.ok(Number(reads[0].slice(7)) >= version, 'since the version B had');
});
