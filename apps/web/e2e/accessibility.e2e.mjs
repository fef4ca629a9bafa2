// axe-core finds no critical or serious violation on any route of the route table (as the admin, on the demo
// data), on the login page, nor in any dialog; headings keep their order and content stays inside landmarks.
// On the screens and dialogs with forms, no label or name problem at any impact level: labels linked, close
// buttons 'Fechar', timer buttons naming their task, the toast region and the notification prompt in pt-BR.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { dialogTable, nameViolations, openDialog, routeTable, seriousViolations, settle, structureViolations } from './a11y.mjs';
import { ADMIN, DEMO_PASSWORD, startProduct } from './harness.mjs';

let product;
before(async () => {
  product = await startProduct({ demo: true });
});
after(async () => {
  await product?.stop();
});

test('the login page has no critical or serious axe violation, a main landmark, and headings in order', async () => {
  const page = await product.newPage();
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Entrar' }).waitFor();
  await settle(page);
  await page.getByRole('main').waitFor();
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(await structureViolations(page), []);
  await product.screenshot(page, 'a11y-login');
});

/**
 * Visits every route of the route table: `ready` waits for the page (and may assert on it), then the
 * lines of `violationsOf` are collected per route and printed, for one assertion on all of them.
 */
async function routeFailures(page, ready, violationsOf) {
  const failures = [];
  for (const path of await routeTable(product)) {
    await page.goto(path);
    await ready(path);
    await settle(page);
    const violations = await violationsOf(page);
    if (violations.length) failures.push(`${path}\n  ${violations.join('\n  ')}`);
  }
  if (failures.length) console.error(failures.join('\n'));
  return failures;
}

test('every route of the route table has no critical or serious axe violation', async () => {
  const page = await product.newPage(ADMIN);
  const ready = async (path) => {
    await page.getByTestId('user-menu').waitFor();
    assert.equal(await page.getByRole('main').count(), 1, `${path} has one main landmark`);
  };
  assert.deepEqual(await routeFailures(page, ready, seriousViolations), []);
});

test('every route keeps its headings in order and its content inside landmarks, with a timer running', async () => {
  const page = await product.newPage(ADMIN);
  // A running timer shows the floating timer, which sits outside <main>.
  const [task] = await product.sql(
    `SELECT t.id FROM tasks t JOIN columns c ON c.id = t."columnId"
      WHERE NOT t."isArchived" AND c.name NOT ILIKE '%conclu%' ORDER BY t.id LIMIT 1`,
  );
  const started = await page.request.post('/api/time-entries/start', { data: { taskId: task.id } });
  assert.equal(started.status(), 201);
  let failures;
  try {
    failures = await routeFailures(
      page,
      () => page.getByTestId('floating-timer').waitFor(),
      (p) => structureViolations(p),
    );
  } finally {
    const [running] = await product.sql(`SELECT id FROM time_entries WHERE "taskId" = $1 AND "endTime" IS NULL`, [task.id]);
    if (running) await page.request.post(`/api/time-entries/${running.id}/stop`);
  }
  assert.deepEqual(failures, []);
});

test("a collaborator's board (two-letter initials in the avatar) has no critical or serious axe violation", async () => {
  const page = await product.newPage({ email: 'joao@wkflow.local', password: DEMO_PASSWORD });
  await page.goto('/kanban');
  await page.getByTestId('user-menu').waitFor();
  await settle(page);
  assert.match((await page.getByTestId('user-menu').textContent()) ?? '', /^\p{Lu}{2}$/u, 'the avatar shows two initials');
  assert.deepEqual(await seriousViolations(page), []);
});

test('every route as a collaborator, denials included, has no critical or serious axe violation and keeps its headings in order', async () => {
  const page = await product.newPage({ email: 'joao@wkflow.local', password: DEMO_PASSWORD });
  const violationsOf = async (p) => [...(await seriousViolations(p)), ...(await structureViolations(p, ['page-has-heading-one']))];
  assert.deepEqual(await routeFailures(page, () => page.getByTestId('user-menu').waitFor(), violationsOf), []);
});

test('every dialog has no critical or serious axe violation, and keeps its headings in order', async () => {
  const page = await product.newPage(ADMIN);
  const failures = [];
  for (const entry of await dialogTable(product)) {
    await openDialog(page, entry);
    const violations = [...(await seriousViolations(page)), ...(await structureViolations(page))];
    if (violations.length) failures.push(`${entry.name}\n  ${violations.join('\n  ')}`);
    await product.screenshot(page, `a11y-dialog-${entry.name}`);
  }
  if (failures.length) console.error(failures.join('\n'));
  assert.deepEqual(failures, []);
});

test('a skip link is the first stop of the keyboard and leads to the board', async () => {
  const page = await product.newPage(ADMIN);
  await settle(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  assert.equal(await skip.evaluate((el) => el === document.activeElement), true);
  await page.keyboard.press('Enter');
  // The next Tab lands inside the main content: the board's first control, not the header or the sidebar.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('main'))), true);
});

test('a card announces its client, status, due text and people, and nests no control', async () => {
  const page = await product.newPage(ADMIN);
  await settle(page);
  const [task] = await product.sql(
    `SELECT t.id, t.title, cl.name AS client FROM tasks t JOIN clients cl ON cl.id = t."clientId" JOIN columns c ON c.id = t."columnId"
      WHERE t."isArchived" = false AND c.name NOT ILIKE '%conclu%' AND t.deadline < now() - interval '2 days'
        AND EXISTS (SELECT 1 FROM task_assignees a WHERE a."taskId" = t.id) ORDER BY t.id LIMIT 1`,
  );
  assert.ok(task, 'the demo data has an overdue task with people');
  const [{ name: person }] = await product.sql(
    `SELECT u.name FROM task_assignees a JOIN users u ON u.id = a."userId" WHERE a."taskId" = $1 ORDER BY u.name LIMIT 1`,
    [task.id],
  );
  const card = page.getByTestId(`task-card-${task.id}`);
  const open = card.getByRole('button', { name: new RegExp(`^${task.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  const name = await open.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent);
  for (const part of [task.title, task.client, 'Atrasada', 'Venceu', person.split(' ')[0]]) {
    assert.ok(name.includes(part), `"${name}" names ${part}`);
  }
  // The quick timer sits beside the card's button, not inside it, and names its task.
  const timer = card.getByRole('button', { name: `Iniciar timer: ${task.title}`, exact: true });
  assert.equal(await timer.count(), 1);
  assert.equal(await open.evaluate((el) => el.querySelectorAll('button, a, input, [tabindex]').length), 0);
  await open.click();
  await page.getByTestId('task-dialog').waitFor();
});

/** The open dialogs' corner close buttons, by their accessible name (aria-label, else text). */
function closeButtonNames(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"][data-state="open"] [data-part="close-trigger"]')].map(
      (el) => el.getAttribute('aria-label') ?? el.textContent?.trim(),
    ),
  );
}

test('the screens with forms and every dialog have no label or name problem at any impact level, and every close button is "Fechar"', async () => {
  const page = await product.newPage(ADMIN);
  const [{ id: clientId }] = await product.sql(`SELECT id FROM clients ORDER BY id LIMIT 1`);
  const failures = [];
  const screens = [
    ['/', () => page.getByTestId('board').waitFor()],
    ['/admin/settings', () => page.getByTestId('notification-tests-card').waitFor()],
    [`/clients/${clientId}`, () => page.getByRole('tab', { name: 'Senhas & Acessos' }).click()],
    ['/clients', () => page.getByRole('button', { name: 'Novo Cliente' }).first().waitFor()],
    ['/users/profiles', () => page.getByRole('button', { name: 'Novo Perfil' }).waitFor()],
    ['/users/approvals', () => page.getByTestId('pending-count').waitFor()],
    ['/onboarding', () => page.getByRole('heading', { name: 'Onboarding' }).waitFor()],
    ['/chat', () => page.getByRole('button', { name: 'Nova sala' }).first().waitFor()],
  ];
  for (const [path, ready] of screens) {
    await page.goto(path);
    await ready();
    await settle(page);
    const violations = await nameViolations(page);
    if (violations.length) failures.push(`${path}\n  ${violations.join('\n  ')}`);
  }
  const dialogs = [
    ...(await dialogTable(product)),
    {
      name: 'client-create',
      path: '/clients',
      open: (p) => p.getByRole('button', { name: 'Novo Cliente' }).first().click(),
      dialog: (p) => p.getByRole('dialog'),
    },
    {
      name: 'chat-room',
      path: '/chat',
      open: (p) => p.getByRole('button', { name: 'Nova sala' }).first().click(),
      dialog: (p) => p.getByRole('dialog'),
    },
  ];
  for (const entry of dialogs) {
    await openDialog(page, entry);
    const violations = await nameViolations(page);
    const closeNames = await closeButtonNames(page);
    if (closeNames.length === 0 || closeNames.some((name) => name !== 'Fechar')) {
      violations.push(`close buttons named ${JSON.stringify(closeNames)}, not "Fechar"`);
    }
    if (violations.length) failures.push(`dialog ${entry.name}\n  ${violations.join('\n  ')}`);
  }
  if (failures.length) console.error(failures.join('\n'));
  assert.deepEqual(failures, []);
});

test("every quick timer names its task, the toast region is 'Notificações', and the description editor is a button named 'Editar descrição'", async () => {
  const page = await product.newPage(ADMIN);
  await page.goto('/');
  await page.getByTestId('board').waitFor();
  await settle(page);
  const timers = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid^="quick-timer-"]')].map((button) => ({
      name: button.getAttribute('aria-label'),
      card: button.closest('[data-testid^="task-card-"]')?.getAttribute('data-testid'),
    })),
  );
  assert.ok(timers.length >= 5, `the demo board has quick timers (${timers.length})`);
  const titles = new Map((await product.sql(`SELECT id, title FROM tasks`)).map((t) => [`task-card-${t.id}`, t.title]));
  for (const timer of timers) assert.equal(timer.name, `Iniciar timer: ${titles.get(timer.card)}`);

  // A toast (the timer's) shows in a region named in Portuguese.
  const first = page.locator('[data-testid^="quick-timer-"]').first();
  await first.click();
  await page.getByTestId('toast').first().waitFor();
  assert.equal(await page.getByRole('region', { name: 'Notificações', exact: true }).count(), 1);
  assert.equal(await page.getByRole('region', { name: /Notifications/ }).count(), 0);
  await page.getByTestId('floating-timer-stop').click();
  await page.getByTestId('floating-timer').waitFor({ state: 'detached' });

  // The task dialog's description: a button named 'Editar descrição', described by the text itself.
  const [task] = await product.sql(
    `SELECT t.id, t.description FROM tasks t JOIN columns c ON c.id = t."columnId"
      WHERE NOT t."isArchived" AND c.name NOT ILIKE '%conclu%' AND t.description <> '' ORDER BY t.id LIMIT 1`,
  );
  await page.goto(`/kanban?task=${task.id}`);
  const editor = page.getByTestId('task-dialog').getByRole('button', { name: 'Editar descrição', exact: true });
  await editor.waitFor();
  const described = await editor.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
  assert.equal(described, task.description.trim());
  await editor.click();
  // Editing: the label 'Descrição' names the text area.
  await page.getByTestId('task-dialog').getByRole('textbox', { name: 'Descrição', exact: true }).waitFor();
  assert.deepEqual(await nameViolations(page), []);
});

test('the notification prompt is a named region, not a dialog, and has no name problem', async () => {
  const page = await product.newPage(ADMIN);
  await page.context().clearPermissions();
  await page.reload();
  const prompt = page.getByTestId('notification-permission-prompt');
  await prompt.waitFor({ timeout: 10_000 });
  await settle(page);
  assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog on the page');
  assert.equal(await prompt.getAttribute('role'), 'region');
  assert.equal(await page.getByRole('region', { name: 'Ativar notificações', exact: true }).count(), 1);
  assert.deepEqual(await nameViolations(page), []);
});
