import request from 'supertest';
import { BOARD_VERSION_HEADER, type BoardChangedMessage, type BoardChangesResponse, type Column, type Task } from '@wkflow/contracts';
import { BoardFeed } from '../src/notifications/board-feed';
import { BoardChangeLog } from '../src/tasks/board-changes';
import { type LiveSocket, openSocket, sessionCookie, wsUrl } from './utils/realtime';
import { startIsolatedApp } from './utils/isolated-app';
import { ADMIN_EMAIL, loginAs, loginAsAdmin, newUser, startTestApp, TEST_ADMIN_PASSWORD, type TestContext, unique } from './utils/test-app';
import { newClient } from './factories';

type Agent = ReturnType<typeof request.agent>;
type User = Awaited<ReturnType<typeof newUser>>;

const QUIET = { REMINDER_INTERVAL_MS: '3600000' };
const ids = (list: { id: number }[]) => list.map((t) => t.id).sort((a, b) => a - b);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

/** The 'board.changed' messages a socket holds so far. */
const boardMessages = (socket: LiveSocket) => socket.messages.filter((m) => m.type === 'board.changed') as unknown as BoardChangedMessage[];
/** Every task id a socket was told about (changed or removed). */
const namedIds = (socket: LiveSocket) => new Set(boardMessages(socket).flatMap((m) => [...m.tasks.map((t) => t.id), ...m.removed]));
/** Resolves with the first board message (seen or coming) that matches. */
const nextBoard = (socket: LiveSocket, match: (m: BoardChangedMessage) => boolean) =>
  socket.next((m) => m.type === 'board.changed' && match(m as unknown as BoardChangedMessage)) as unknown as Promise<BoardChangedMessage>;
/** The latest state of a task a socket was sent. */
const lastSent = (socket: LiveSocket, id: number) =>
  boardMessages(socket)
    .flatMap((m) => m.tasks)
    .filter((t) => t.id === id)
    .pop();

/** Board deltas: GET /api/tasks?since= and the /ws 'board.changed' feed, from the change log. */
describe('board changes (e2e)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let collab: User;
  let collabAgent: Agent;
  let someone: User;
  let manager: User;
  let clientId: number;
  let columns: Column[];

  beforeAll(async () => {
    ctx = await startTestApp(QUIET);
    admin = await loginAsAdmin(ctx);
    collab = await newUser(ctx, { profileId: 3 }); // Colaborador: tasks read, assigned ones only
    collabAgent = await loginAs(ctx, collab.email, collab.password);
    someone = await newUser(ctx, { profileId: 3 });
    manager = await newUser(ctx, { profileId: 2 }); // sees every task
    ({ id: clientId } = await newClient(ctx));
    columns = (await admin.get('/api/columns').expect(200)).body;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const newTask = async (assignedTo: number[], columnId?: number): Promise<Task> =>
    (
      await admin
        .post('/api/tasks')
        .send({
          title: unique('Tarefa '),
          description: 'd',
          clientId,
          deadline: new Date(Date.now() + 86400_000).toISOString(),
          assignedTo,
          ...(columnId ? { columnId } : {}),
        })
        .expect(201)
    ).body;
  const edit = async (id: number, body: object): Promise<Task> => (await admin.put(`/api/tasks/${id}`).send(body).expect(200)).body;
  const move = async (id: number, columnId: number, position: number): Promise<Task> =>
    (await admin.put(`/api/tasks/${id}/move`).send({ columnId, position }).expect(200)).body;
  const since = async (agent: Agent, version: number): Promise<BoardChangesResponse> =>
    (await agent.get('/api/tasks').query({ since: version }).expect(200)).body;
  /** The version a full read of the board is labelled with. */
  const boardVersion = async (agent: Agent = admin): Promise<number> => {
    const response = await agent.get('/api/tasks').expect(200);
    const header = response.headers[BOARD_VERSION_HEADER.toLowerCase()];
    expect(header).toMatch(/^[0-9]+$/);
    return Number(header);
  };

  describe('GET /api/tasks?since=', () => {
    it('answers exactly the changes after a version, scoped to the user', async () => {
      const before = await newTask([collab.id]);
      const v0 = await boardVersion();
      // Created after v0: A (the collaborator's), B (someone's), C (nobody's).
      const [a, b, c] = [await newTask([collab.id]), await newTask([someone.id]), await newTask([])];
      const first = await since(admin, v0);
      expect(first).toMatchObject({ full: false, removed: [] });
      expect(first.columns).toBeUndefined();
      expect(first.version).toBeGreaterThan(v0);
      expect(ids(first.tasks)).toEqual(ids([a, b, c])); // nothing from before v0 (`before`)
      expect(first.tasks.find((t) => t.id === a.id)).toEqual(await (await admin.get(`/api/tasks/${a.id}`)).body);
      const mine = await since(collabAgent, v0);
      expect(mine).toMatchObject({ full: false, removed: [], version: first.version });
      expect(ids(mine.tasks)).toEqual([a.id]);
      expect(ids((await since(collabAgent, first.version)).tasks)).toEqual([]);

      // Move A, edit B, archive C, assign the collaborator to B.
      const v1 = first.version;
      const moved = await move(a.id, columns[1].id, 1);
      await edit(b.id, { title: unique('Editada ') });
      await edit(c.id, { isArchived: true });
      const assigned = await edit(b.id, { assignedTo: [someone.id, collab.id] });
      const second = await since(admin, v1);
      expect(ids(second.tasks)).toEqual(ids([a, b]));
      expect(second.removed).toEqual([c.id]);
      const sentA = second.tasks.find((t) => t.id === a.id)!;
      expect(sentA).toMatchObject({ columnId: columns[1].id, position: 1, rank: moved.rank });
      expect(second.tasks.find((t) => t.id === b.id)).toMatchObject({ title: assigned.title, assignedTo: sorted([someone.id, collab.id]) });
      const mine2 = await since(collabAgent, v1);
      expect(ids(mine2.tasks)).toEqual(ids([a, b])); // C was never his: not named
      expect(mine2.removed).toEqual([]);

      // Unassigned from A: it leaves his view (and only A, by id).
      const v2 = second.version;
      await edit(a.id, { assignedTo: [someone.id] });
      const mine3 = await since(collabAgent, v2);
      expect(mine3).toMatchObject({ full: false, tasks: [], removed: [a.id] });
      expect(ids((await since(admin, v2)).tasks)).toEqual([a.id]);
      // Someone else's task, changed: nothing for him, and not even an id.
      const v3 = mine3.version;
      await edit(a.id, { title: unique('Depois ') });
      expect(await since(collabAgent, v3)).toMatchObject({ full: false, tasks: [], removed: [] });

      // A column change: every column, to everyone.
      const v4 = await boardVersion();
      await admin.put(`/api/columns/${columns[2].id}`).send({ color: '#123456' }).expect(200);
      for (const agent of [admin, collabAgent]) {
        const answer = await since(agent, v4);
        expect(answer).toMatchObject({ full: false, tasks: [], removed: [] });
        expect(answer.columns).toEqual((await admin.get('/api/columns').expect(200)).body);
        expect(answer.columns!.find((col) => col.id === columns[2].id)!.color).toBe('#123456');
      }

      // Deleted by a foreign writer (no call deletes a task; the log is written by the database): removed for both.
      const v5 = await boardVersion();
      await ctx.dataSource.query(`DELETE FROM tasks WHERE id = $1`, [b.id]);
      expect(await since(admin, v5)).toMatchObject({ full: false, tasks: [], removed: [b.id] });
      expect(await since(collabAgent, v5)).toMatchObject({ full: false, tasks: [], removed: [b.id] });
      expect(before.id).toBeLessThan(a.id);
    });

    it('answers the whole board (full) for a future version or one whose log was pruned', async () => {
      await newTask([collab.id]);
      const head = await boardVersion();
      const board: Task[] = (await admin.get('/api/tasks').expect(200)).body;
      const future = await since(admin, head + 1000);
      expect(future).toMatchObject({ full: true, removed: [], version: head });
      expect(ids(future.tasks)).toEqual(ids(board));
      expect(future.columns).toEqual((await admin.get('/api/columns').expect(200)).body);
      const collabFull = await since(collabAgent, head + 1);
      expect(collabFull.full).toBe(true);
      expect(collabFull.tasks.every((t) => t.assignedTo.includes(collab.id))).toBe(true);

      const log = ctx.app.get(BoardChangeLog);
      await newTask([]);
      const last = await boardVersion();
      expect(await log.pruneThrough(head)).toBeGreaterThanOrEqual(head);
      const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM board_changes WHERE version <= $1`, [head]);
      expect(n).toBe(0);
      expect((await since(admin, head - 1)).full).toBe(true);
      expect(await since(admin, head)).toMatchObject({ full: false, version: last });
      // The periodic pruning keeps a day of log: the last changes are still there.
      await log.prune();
      expect((await since(admin, head)).full).toBe(false);
    });

    it('refuses a bad since, or since with another parameter (400)', async () => {
      const message = 'since deve ser uma versão do quadro (inteiro de 0 a 9007199254740991)';
      for (const bad of ['-1', '1.5', 'abc', '', '0x10', '1e3', '9007199254740992', '99999999999999999999']) {
        const response = await admin.get('/api/tasks').query({ since: bad }).expect(400);
        expect(response.body.message).toBe(message);
      }
      expect((await admin.get('/api/tasks?since=1&since=2').expect(400)).body.message).toBe(message);
      for (const other of [{ search: 'x' }, { columnId: 1 }, { cursor: 1 }, { limit: 10 }]) {
        const response = await admin
          .get('/api/tasks')
          .query({ since: 1, ...other })
          .expect(400);
        expect(response.body.message).toBe('since não pode ser combinado com search, columnId, cursor ou limit');
      }
      expect((await since(admin, 0)).version).toBeGreaterThan(0);
      await request(ctx.app.getHttpServer()).get('/api/tasks?since=1').expect(401);
    });
  });

  describe('/ws board.changed', () => {
    let url: string;
    let collabSocket: LiveSocket;
    let managerSocket: LiveSocket;

    beforeAll(async () => {
      url = await wsUrl(ctx);
      collabSocket = await openSocket(url, await sessionCookie(ctx, collab.email, collab.password));
      managerSocket = await openSocket(url, await sessionCookie(ctx, manager.email, manager.password));
    });
    afterAll(async () => {
      await Promise.all([collabSocket.close(), managerSocket.close()]);
    });

    it("never names a task outside a collaborator's scope; sends moves to those who see all", async () => {
      const others = await newTask([someone.id]);
      const moved = await move(others.id, columns[1].id, 1);
      // The manager hears the move with its column, place and order key (awaited: later writes
      // could otherwise join the same batch, which carries the task as it is then). The task may
      // have been created in that column, so the message sought is the one with the new key.
      const move1 = await nextBoard(managerSocket, (m) => m.tasks.some((t) => t.id === others.id && t.rank === moved.rank));
      expect(move1.tasks.find((t) => t.id === others.id)).toMatchObject({
        columnId: columns[1].id,
        position: moved.position,
        rank: moved.rank,
      });
      const renamed = await edit(others.id, { title: unique('Outra ') });
      await edit(others.id, { isArchived: true });
      // Messages chain in commit order: once the marker arrived, a message about `others` would be in.
      const marker = await newTask([collab.id]);
      await nextBoard(collabSocket, (m) => m.tasks.some((t) => t.id === marker.id));
      expect(namedIds(collabSocket).has(others.id)).toBe(false);
      const text = JSON.stringify(collabSocket.messages);
      expect(text).not.toContain(renamed.title);
      for (const m of boardMessages(collabSocket)) {
        expect(m.tasks.every((t) => t.assignedTo.includes(collab.id))).toBe(true);
        expect(m.tasks.length + m.removed.length + (m.columns ? 1 : 0)).toBeGreaterThan(0); // nothing sent that does not concern him
      }

      await nextBoard(managerSocket, (m) => m.removed.includes(others.id));
      await nextBoard(managerSocket, (m) => m.tasks.some((t) => t.id === marker.id));
    });

    it('sends a task when it is assigned to him, and its removal when unassigned, archived or deleted', async () => {
      const task = await newTask([someone.id]);
      await edit(task.id, { assignedTo: [someone.id, collab.id] });
      const added = await nextBoard(collabSocket, (m) => m.tasks.some((t) => t.id === task.id));
      expect(added.tasks.find((t) => t.id === task.id)).toMatchObject({ assignedTo: sorted([someone.id, collab.id]) });
      await edit(task.id, { assignedTo: [someone.id] });
      await nextBoard(collabSocket, (m) => m.removed.includes(task.id));

      const [archived, deleted] = [await newTask([collab.id]), await newTask([collab.id])];
      await edit(archived.id, { isArchived: true });
      await nextBoard(collabSocket, (m) => m.removed.includes(archived.id));
      // No call deletes a task: a foreign writer does, and the log still hears it.
      await ctx.dataSource.query(`DELETE FROM tasks WHERE id = $1`, [deleted.id]);
      await nextBoard(collabSocket, (m) => m.removed.includes(deleted.id));
      // After the unassignment, the task's later changes are not his: not sent.
      await edit(task.id, { title: unique('Sem ele ') });
      const marker = await newTask([collab.id]);
      await nextBoard(collabSocket, (m) => m.tasks.some((t) => t.id === marker.id));
      expect(lastSent(collabSocket, task.id)?.title).toBe(added.tasks.find((t) => t.id === task.id)!.title);
    });

    it('chains each socket (from is the previous to) and serves writes made in SQL', async () => {
      const task = await newTask([collab.id]);
      const title = unique('Pelo SQL ');
      // A foreign writer (psql, a script): the change log is written by the database's triggers.
      await ctx.dataSource.query(`UPDATE tasks SET title = $2 WHERE id = $1`, [task.id, title]);
      for (const socket of [collabSocket, managerSocket]) await nextBoard(socket, (m) => m.tasks.some((t) => t.title === title));
      for (const socket of [collabSocket, managerSocket]) {
        const messages = boardMessages(socket);
        expect(messages.length).toBeGreaterThan(3);
        for (const [i, m] of messages.entries()) {
          expect(m.full).toBe(false);
          expect(m.to).toBeGreaterThan(m.from);
          // The collaborator skips batches that do not concern him: his chain still links (from = the last version served).
          if (i > 0) expect(m.from).toBeGreaterThanOrEqual(messages[i - 1].to);
        }
      }
      // The manager is concerned by every batch of this suite's writes: his chain has no gap at all.
      const manager = boardMessages(managerSocket);
      for (let i = 1; i < manager.length; i++) expect(manager[i].from).toBe(manager[i - 1].to);
      // A client holding the last version is up to date: nothing more after it.
      const last = boardMessages(collabSocket).pop()!;
      expect(await since(collabAgent, last.to)).toMatchObject({ full: false, tasks: [], removed: [] });
      await ctx.app.get(BoardFeed).whenIdle();
    });
  });

  describe('across two API processes', () => {
    let other: TestContext;

    beforeAll(async () => {
      // The second one even runs without Redis: each process reads the log from PostgreSQL itself.
      other = await startTestApp({ ...QUIET, REDIS_URL: '' });
    });
    afterAll(async () => {
      await other.app.close();
    });

    it('a move through one arrives on a socket of the other', async () => {
      const socket = await openSocket(await wsUrl(other), await sessionCookie(other, manager.email, manager.password));
      const task = await newTask([someone.id]);
      const moved = await move(task.id, columns[2].id, 1);
      const message = await nextBoard(socket, (m) => m.tasks.some((t) => t.id === task.id && t.columnId === columns[2].id));
      expect(message.tasks.find((t) => t.id === task.id)).toMatchObject({ position: 1, rank: moved.rank, columnId: columns[2].id });
      await socket.close();
    });
  });
});

describe('board changes after a reset (e2e, own database)', () => {
  let ctx: Awaited<ReturnType<typeof startIsolatedApp>>;

  beforeAll(async () => {
    ctx = await startIsolatedApp('boardreset', QUIET);
  });
  afterAll(async () => {
    await ctx.stop();
  });

  it('restarts every chain when the log cannot be read as a delta (a TRUNCATE): clients ask ?since= and get the whole board', async () => {
    const admin = await loginAsAdmin(ctx);
    const socket = await openSocket(await wsUrl(ctx), await sessionCookie(ctx, ADMIN_EMAIL, TEST_ADMIN_PASSWORD));
    await admin.put('/api/columns/1').send({ color: '#654321' }).expect(200);
    const before = await nextBoard(socket, (m) => !!m.columns);
    // A foreign writer's TRUNCATE: the database cannot log it row by row, so every chain restarts.
    await ctx.dataSource.query(`TRUNCATE task_attachments`);
    // An empty message past a gap (from > the version the client holds): it must resync.
    const restart = await nextBoard(socket, (m) => m.to > before.to);
    expect(restart).toMatchObject({ full: false, tasks: [], removed: [] });
    expect(restart.from).toBe(restart.to);
    const answer: BoardChangesResponse = (await admin.get('/api/tasks').query({ since: before.to }).expect(200)).body;
    expect(answer).toMatchObject({ full: true, version: restart.to });
    expect(ids(answer.tasks)).toEqual(ids((await admin.get('/api/tasks').expect(200)).body));
    // The chain goes on from there.
    await admin.put('/api/columns/1').send({ color: '#123123' }).expect(200);
    const next = await nextBoard(socket, (m) => m.to > restart.to);
    expect(next.from).toBe(restart.to);
    await socket.close();
  });
});
