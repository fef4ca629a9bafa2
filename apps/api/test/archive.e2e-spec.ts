import request from 'supertest';
import type { ArchivedTaskPage, Task } from '@wkflow/contracts';
import { createProfile, loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = ReturnType<typeof request.agent>;

/**
 * Archive and restore: GET /api/tasks/archived and POST /api/tasks/:id/restore, for each kind of
 * profile; the restored task's place (end of its column, the backlog when its column is gone);
 * the history of both; bad input; a task the user may not see answers like a missing one.
 */
describe('archive and restore (e2e)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let clientId: number;
  let otherClientId: number;
  let backlogId: number;
  const people: Record<string, { id: number; agent: Agent }> = {};

  const customProfile = (permissions: object[]): Promise<number> =>
    createProfile(admin, [{ module: 'wkflow', permission: 'read' }, ...permissions]);

  async function person(name: string, profileId: number): Promise<void> {
    const user = await newUser(ctx, { profileId });
    people[name] = { id: user.id, agent: await loginAs(ctx, user.email, user.password) };
  }

  beforeAll(async () => {
    ctx = await startTestApp({ REMINDER_INTERVAL_MS: '3600000' });
    admin = await loginAsAdmin(ctx);
    clientId = (
      await admin
        .post('/api/clients')
        .send({ name: unique('Cliente ') })
        .expect(201)
    ).body.id;
    otherClientId = (
      await admin
        .post('/api/clients')
        .send({ name: unique('Outro ') })
        .expect(201)
    ).body.id;
    [{ id: backlogId }] = await ctx.dataSource.query(`SELECT id FROM columns WHERE "isFixed" ORDER BY position LIMIT 1`);
    await person('gerente', 2);
    await person('colaborador', 3);
    await person('viewAssigned', await customProfile([{ module: 'tasks', permission: 'view_assigned' }]));
    // write without editAllTasks: sees every task, edits the assigned ones.
    await person('writer', await customProfile([{ module: 'tasks', permission: 'write' }]));
    await person('hidden', await customProfile([{ module: 'tasks', permission: 'hidden' }]));
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  async function newColumn(name = unique('Lista ')): Promise<number> {
    return (await admin.post('/api/columns').send({ name }).expect(201)).body.id;
  }

  async function newTask(fields: { columnId?: number; assignedTo?: number[]; title?: string; clientId?: number } = {}): Promise<Task> {
    return (
      await admin
        .post('/api/tasks')
        .send({
          title: fields.title ?? unique('Tarefa '),
          description: 'descrição',
          clientId: fields.clientId ?? clientId,
          columnId: fields.columnId,
          assignedTo: fields.assignedTo ?? [],
          deadline: new Date(Date.now() + 86400_000).toISOString(),
        })
        .expect(201)
    ).body;
  }

  const archive = (agent: Agent, id: number) => agent.put(`/api/tasks/${id}`).send({ isArchived: true });
  const restore = (agent: Agent, id: number) => agent.post(`/api/tasks/${id}/restore`);

  async function order(columnId: number): Promise<number[]> {
    const listed: Task[] = (await admin.get(`/api/tasks?columnId=${columnId}`).expect(200)).body;
    expect(listed.map((t) => t.position)).toEqual(listed.map((_, i) => i + 1));
    return listed.map((t) => t.id);
  }

  async function statusHistory(id: number) {
    const items = (await admin.get(`/api/tasks/${id}/history`).expect(200)).body as {
      fieldName: string;
      oldValue: string;
      newValue: string;
      metadata: Record<string, unknown>;
      user: { username: string };
    }[];
    return items.filter((i) => i.fieldName === 'status').reverse();
  }

  it('lists an archived task, restores it at the end of its column, and records both in the history', async () => {
    const columnName = unique('Lista ');
    const column = await newColumn(columnName);
    const [a, b, c] = [await newTask({ columnId: column }), await newTask({ columnId: column }), await newTask({ columnId: column })];
    await archive(admin, a.id).expect(200);
    expect(await order(column)).toEqual([b.id, c.id]);

    const page: ArchivedTaskPage = (await admin.get('/api/tasks/archived').query({ search: a.title }).expect(200)).body;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: a.id, isArchived: true, columnId: column, clientId });
    expect(Date.parse(page.items[0].archivedAt!)).toBeGreaterThan(Date.now() - 60_000);
    // The board does not show it.
    expect(((await admin.get('/api/tasks').expect(200)).body as Task[]).some((t) => t.id === a.id)).toBe(false);

    // Another task takes the end meanwhile; the restored one goes after it.
    const d = await newTask({ columnId: column });
    const restored = await restore(admin, a.id).expect(200);
    expect(restored.body).toMatchObject({ id: a.id, isArchived: false, columnId: column, position: 4 });
    expect(await order(column)).toEqual([b.id, c.id, d.id, a.id]);
    expect((await admin.get('/api/tasks/archived').query({ search: a.title }).expect(200)).body).toEqual({ items: [], total: 0 });

    expect(await statusHistory(a.id)).toEqual([
      expect.objectContaining({ oldValue: 'active', newValue: 'archived', metadata: { columnId: column, column: columnName } }),
      expect.objectContaining({ oldValue: 'archived', newValue: 'active', metadata: { columnId: column, column: columnName } }),
    ]);

    // Restoring a task on the board is refused, and writes nothing.
    const again = await restore(admin, a.id).expect(409);
    expect(again.body.message).toBe('A tarefa não está arquivada');
    expect(await statusHistory(a.id)).toHaveLength(2);
  });

  it('restores to the end of the backlog when the column is gone, leaving a deleted completion list behind', async () => {
    const column = await newColumn(unique('Finalizado '));
    const task = await newTask({ columnId: column });
    expect((await admin.get(`/api/tasks/${task.id}`).expect(200)).body.completedAt).not.toBeNull();
    await archive(admin, task.id).expect(200);
    await admin.delete(`/api/columns/${column}`).expect(200);
    const last = await newTask();

    const restored = (await restore(admin, task.id).expect(200)).body as Task;
    expect(restored).toMatchObject({ columnId: backlogId, isArchived: false, completedAt: null });
    const backlog = await order(backlogId);
    expect(backlog.slice(-2)).toEqual([last.id, task.id]);
    expect((await statusHistory(task.id)).at(-1)?.metadata).toMatchObject({ columnId: backlogId });
  });

  it('filters the archived list by words and client, pages it, and lists only what the user may see', async () => {
    const word = unique('palavra');
    const mine = await newTask({ title: `${word} um`, assignedTo: [people.colaborador.id] });
    const other = await newTask({ title: `${word} dois`, clientId: otherClientId });
    const third = await newTask({ title: `três ${word}` });
    for (const t of [mine, other, third]) await archive(admin, t.id).expect(200);

    const all: ArchivedTaskPage = (await admin.get('/api/tasks/archived').query({ search: word }).expect(200)).body;
    // Most recently archived first.
    expect(all.items.map((t) => t.id)).toEqual([third.id, other.id, mine.id]);
    expect(all.total).toBe(3);
    const byClient: ArchivedTaskPage = (await admin.get('/api/tasks/archived').query({ search: word, clientId: otherClientId }).expect(200))
      .body;
    expect(byClient.items.map((t) => t.id)).toEqual([other.id]);
    const second: ArchivedTaskPage = (await admin.get('/api/tasks/archived').query({ search: word, limit: 1, offset: 1 }).expect(200)).body;
    expect(second).toMatchObject({ total: 3, items: [expect.objectContaining({ id: other.id })] });
    // LIKE wildcards are searched for as text.
    expect(
      (
        await admin
          .get('/api/tasks/archived')
          .query({ search: `${word}%` })
          .expect(200)
      ).body.total,
    ).toBe(0);

    // A collaborator sees only the archived tasks assigned to him; the manager all of them.
    const forCollaborator: ArchivedTaskPage = (
      await people.colaborador.agent.get('/api/tasks/archived').query({ search: word }).expect(200)
    ).body;
    expect(forCollaborator.items.map((t) => t.id)).toEqual([mine.id]);
    expect(forCollaborator.total).toBe(1);
    expect((await people.gerente.agent.get('/api/tasks/archived').query({ search: word }).expect(200)).body.total).toBe(3);
    await people.hidden.agent.get('/api/tasks/archived').expect(403);
    await request(ctx.app.getHttpServer()).get('/api/tasks/archived').expect(401);
  });

  /** Who may archive and restore: as for editing the task (assigned: mine; unassigned: someone else's). */
  const CASES: { who: string; assigned: 200 | 403 | 404; unassigned: 200 | 403 | 404 }[] = [
    { who: 'gerente', assigned: 200, unassigned: 200 },
    { who: 'colaborador', assigned: 200, unassigned: 404 },
    { who: 'writer', assigned: 200, unassigned: 403 },
    { who: 'viewAssigned', assigned: 403, unassigned: 404 },
    { who: 'hidden', assigned: 403, unassigned: 403 },
  ];
  it.each(CASES)('$who archives and restores as he may edit', async ({ who, assigned, unassigned }) => {
    const { id: userId, agent } = people[who];
    for (const [assignedTo, expected] of [
      [[userId], assigned],
      [[], unassigned],
    ] as const) {
      const task = await newTask({ assignedTo: [...assignedTo] });
      await archive(agent, task.id).expect(expected);
      if (expected !== 200) await archive(admin, task.id).expect(200);
      await restore(agent, task.id).expect(expected);
      const row = (await admin.get(`/api/tasks/${task.id}`).expect(200)).body as Task;
      expect(row.isArchived).toBe(expected !== 200);
      // Refusals write no history.
      expect(await statusHistory(task.id)).toHaveLength(expected === 200 ? 2 : 1);
      if (expected === 200)
        expect((await statusHistory(task.id)).map((h) => h.user.username)).toEqual([expect.any(String), expect.any(String)]);
    }
  });

  it('answers a task the user may not see exactly as a missing one', async () => {
    const hidden = await newTask();
    await archive(admin, hidden.id).expect(200);
    const [{ max }] = await ctx.dataSource.query(`SELECT max(id)::int AS max FROM tasks`);
    const missing = max + 1000;
    const agent = people.colaborador.agent;
    for (const call of [(id: number) => agent.get(`/api/tasks/${id}`), (id: number) => restore(agent, id)]) {
      const invisible = await call(hidden.id);
      const absent = await call(missing);
      expect(invisible.status).toBe(404);
      expect(absent.status).toBe(404);
      expect(invisible.body).toEqual(absent.body);
      expect(invisible.body.message).toBe('Tarefa não encontrada');
    }
    expect((await admin.get(`/api/tasks/${hidden.id}`).expect(200)).body.isArchived).toBe(true);
  });

  it('refuses bad ids and bad filters with a 400 and a message', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await admin.post(`/api/tasks/${id}/restore`).expect(400);
      expect(res.body.message).toBe('Identificador inválido');
    }
    const bad: [Record<string, string>, string][] = [
      [{ clientId: 'x' }, 'Cliente inválido'],
      [{ clientId: '0' }, 'Cliente inválido'],
      [{ limit: '0' }, 'limit deve ser entre 1 e 200'],
      [{ limit: '201' }, 'limit deve ser entre 1 e 200'],
      [{ offset: '-1' }, 'offset inválido'],
      [{ offset: 'x' }, 'offset inválido'],
      [{ search: 'x'.repeat(201) }, 'Busca longa demais'],
    ];
    for (const [query, message] of bad) {
      const res = await admin.get('/api/tasks/archived').query(query).expect(400);
      expect(JSON.stringify(res.body.message)).toContain(message);
    }
    // An unknown client is no error: nothing matches.
    expect((await admin.get('/api/tasks/archived').query({ clientId: 2_000_000_000 }).expect(200)).body).toEqual({ items: [], total: 0 });
  });
});
