import { adminUserId, newClient, newColumn, newProfile } from './factories';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = Awaited<ReturnType<typeof loginAs>>;

describe('board: tasks (e2e)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let clientId: number;
  let columns: { id: number; name: string; isFixed: boolean }[];
  const col = (name: string) => columns.find((c) => c.name === name)!.id;

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await loginAsAdmin(ctx);
    clientId = (await newClient(ctx, { color: '#ef4444' })).id;
    columns = (await admin.get('/api/columns').expect(200)).body;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    title: unique('Tarefa '),
    description: 'Descrição da tarefa',
    clientId,
    deadline: new Date(Date.now() + 3 * 86400_000).toISOString(),
    assignedTo: [],
    reminderTime: null,
    createdBy: 999,
    position: 0,
    ...overrides,
  });

  async function history(taskId: number) {
    return ctx.dataSource.query(
      `SELECT "actionType", "fieldName", "oldValue", "newValue", metadata, "userId" FROM task_history WHERE "taskId" = $1 ORDER BY id`,
      [taskId],
    );
  }

  /** The column's positions as the API lists them (computed from the order keys). */
  async function positions(columnId: number): Promise<number[]> {
    const rows = (await admin.get(`/api/tasks?columnId=${columnId}`).expect(200)).body;
    return rows.map((r: { position: number }) => r.position);
  }

  it('seeds the default columns with a fixed backlog and concluídos', () => {
    const seeded = ['Backlog', 'A fazer', 'Em andamento', 'Em revisão', 'concluídos'];
    // Other suites share the database and add columns: check the seeded ones and their order.
    expect(columns.map((c) => c.name).filter((name) => seeded.includes(name))).toEqual(seeded);
    expect(columns.filter((c) => c.isFixed).map((c) => c.name)).toEqual(['Backlog', 'concluídos']);
  });

  it('creates in the backlog by default, from the session user, with a created history row', async () => {
    const adminId = await adminUserId(ctx);
    const maria = await newUser(ctx, { profileId: 2 });
    const created = await admin
      .post('/api/tasks')
      .send(body({ assignedTo: [maria.id], reminderTime: '1h' }))
      .expect(201);
    expect(created.body).toMatchObject({
      columnId: col('Backlog'),
      createdBy: adminId,
      assignedTo: [maria.id],
      reminderTime: '1h',
      status: 'open',
      isArchived: false,
      attachments: [],
    });
    const rows = await history(created.body.id);
    expect(rows.map((r: { actionType: string }) => r.actionType)).toEqual(['created', 'assigned', 'reminder_set']);
    expect(rows[1].metadata).toEqual({ added: [maria.id], removed: [] });
  });

  it('edits with one history row per changed field', async () => {
    const task = (await admin.post('/api/tasks').send(body()).expect(201)).body;
    const maria = await newUser(ctx, { profileId: 2 });
    const { id: otherClient } = await newClient(ctx, { name: unique('Outro ') });
    const newDeadline = new Date(Date.now() + 10 * 86400_000).toISOString();
    const updated = await admin
      .put(`/api/tasks/${task.id}`)
      .send({
        ...body(),
        title: 'Novo título',
        description: 'Nova descrição',
        clientId: otherClient,
        deadline: newDeadline,
        assignedTo: [maria.id],
        reminderTime: '1d',
      })
      .expect(200);
    expect(updated.body).toMatchObject({ title: 'Novo título', clientId: otherClient, assignedTo: [maria.id], reminderTime: '1d' });
    const rows = (await history(task.id)).slice(1);
    const kinds = rows.map((r: { actionType: string; fieldName: string }) => `${r.actionType}:${r.fieldName}`);
    expect(kinds).toEqual([
      'updated:title',
      'updated:description',
      'updated:client',
      'deadline_changed:deadline',
      'reminder_set:reminder',
      'assigned:assignedTo',
    ]);
    expect(rows[0]).toMatchObject({ oldValue: task.title, newValue: 'Novo título' });

    // Unchanged values write nothing.
    await admin.put(`/api/tasks/${task.id}`).send({ title: 'Novo título' }).expect(200);
    expect(await history(task.id)).toHaveLength(7);
  });

  it('copies (a new task) and archives', async () => {
    const task = (
      await admin
        .post('/api/tasks')
        .send(body({ columnId: col('A fazer') }))
        .expect(201)
    ).body;
    const copy = (
      await admin
        .post('/api/tasks')
        .send(body({ title: `${task.title} (cópia)`, columnId: task.columnId }))
        .expect(201)
    ).body;
    expect(copy.id).not.toBe(task.id);
    expect((await history(copy.id))[0].actionType).toBe('created');
    await admin.put(`/api/tasks/${task.id}`).send({ isArchived: true }).expect(200);
    const list = (await admin.get('/api/tasks').expect(200)).body;
    expect(list.some((t: { id: number }) => t.id === task.id)).toBe(false);
    const rows = await history(task.id);
    expect(rows[rows.length - 1]).toMatchObject({ actionType: 'updated', fieldName: 'status', oldValue: 'active', newValue: 'archived' });
  });

  it('moves: keeps both columns numbered 1..n, records history and sets or clears completedAt', async () => {
    const source = col('Em andamento');
    const done = col('concluídos');
    const made = [];
    for (let i = 0; i < 3; i += 1)
      made.push(
        (
          await admin
            .post('/api/tasks')
            .send(body({ columnId: source }))
            .expect(201)
        ).body,
      );
    const moved = await admin.put(`/api/tasks/${made[0].id}/move`).send({ columnId: done, position: 1 }).expect(200);
    expect(moved.body.completedAt).not.toBeNull();
    expect(moved.body.position).toBe(1);
    expect(await positions(source)).toEqual([...Array((await positions(source)).length).keys()].map((i) => i + 1));
    expect(await positions(done)).toEqual([...Array((await positions(done)).length).keys()].map((i) => i + 1));
    const last = (await history(made[0].id)).pop();
    expect(last).toMatchObject({ actionType: 'moved', oldValue: 'Em andamento', newValue: 'concluídos' });
    expect(last.metadata).toMatchObject({ fromColumnId: source, toColumnId: done, position: 1 });

    const back = await admin.put(`/api/tasks/${made[0].id}/move`).send({ columnId: source, position: 99 }).expect(200);
    expect(back.body.completedAt).toBeNull();
    expect(back.body.position).toBe((await positions(source)).length);
  });

  it('keeps positions a permutation 1..n under parallel moves in one column', async () => {
    const { id: columnId } = await newColumn(ctx, { name: unique('Paralela ') });
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push((await admin.post('/api/tasks').send(body({ columnId })).expect(201)).body.id);
    const responses = await Promise.all(
      ids.map((id, i) => admin.put(`/api/tasks/${id}/move`).send({ columnId, position: ((i * 7) % 12) + 1 })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(await positions(columnId)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('shows a collaborator only assigned tasks and hides the rest (404), lets them edit only their own', async () => {
    const joao = await newUser(ctx, { profileId: 3 });
    const agent = await loginAs(ctx, joao.email, joao.password);
    const mine = (
      await admin
        .post('/api/tasks')
        .send(body({ assignedTo: [joao.id] }))
        .expect(201)
    ).body;
    const other = (await admin.post('/api/tasks').send(body()).expect(201)).body;
    const list = (await agent.get('/api/tasks').expect(200)).body;
    expect(list.map((t: { id: number }) => t.id)).toContain(mine.id);
    expect(list.map((t: { id: number }) => t.id)).not.toContain(other.id);
    await agent.get(`/api/tasks/${other.id}`).expect(404);
    await agent
      .put(`/api/tasks/${other.id}/move`)
      .send({ columnId: col('A fazer'), position: 1 })
      .expect(404);
    await agent.put(`/api/tasks/${other.id}`).send({ title: 'hack' }).expect(404);
    await agent.get(`/api/tasks/${other.id}/history`).expect(404);
    await agent.post(`/api/tasks/${other.id}/comments`).send({ content: 'oi' }).expect(404);
    // Colaborador edits its assigned task (edit_assigned) but cannot create (no tasks write).
    await agent
      .put(`/api/tasks/${mine.id}/move`)
      .send({ columnId: col('A fazer'), position: 1 })
      .expect(200);
    await agent.post('/api/tasks').send(body()).expect(403);
    const [untouched] = await ctx.dataSource.query(`SELECT title, "columnId" FROM tasks WHERE id = $1`, [other.id]);
    expect(untouched.title).toBe(other.title);
  });

  it('lets a read-only profile see its tasks but not edit them (403)', async () => {
    const profileId = await newProfile(ctx, { tasks: 'view_assigned' }, { name: unique('RO'), description: 'só leitura' });
    const reader = await newUser(ctx, { profileId });
    const agent = await loginAs(ctx, reader.email, reader.password);
    const task = (
      await admin
        .post('/api/tasks')
        .send(body({ assignedTo: [reader.id] }))
        .expect(201)
    ).body;
    await agent.get(`/api/tasks/${task.id}`).expect(200);
    await agent.put(`/api/tasks/${task.id}`).send({ title: 'mudou' }).expect(403);
  });

  it('computes overdue from the date in APP_TIMEZONE', async () => {
    const yesterday = new Date(Date.now() - 86400_000 - 3600_000).toISOString();
    const overdue = (
      await admin
        .post('/api/tasks')
        .send(body({ deadline: yesterday, columnId: col('A fazer') }))
        .expect(201)
    ).body;
    expect(overdue.status).toBe('overdue');
    const completed = (
      await admin
        .post('/api/tasks')
        .send(body({ deadline: yesterday, columnId: col('concluídos') }))
        .expect(201)
    ).body;
    expect(completed.status).toBe('open');
    expect(completed.completedAt).not.toBeNull();
  });

  it('comments and lists them with the author', async () => {
    const task = (await admin.post('/api/tasks').send(body()).expect(201)).body;
    const comment = await admin.post(`/api/tasks/${task.id}/comments`).send({ content: '  Olá equipe  ' }).expect(201);
    expect(comment.body).toMatchObject({ content: 'Olá equipe', user: { username: 'admin' } });
    const blank = await admin.post(`/api/tasks/${task.id}/comments`).send({ content: '   ' }).expect(400);
    expect(blank.body.message).toBe('Comentário não pode ser vazio');
    const list = (await admin.get(`/api/tasks/${task.id}/comments`).expect(200)).body;
    expect(list).toHaveLength(1);
  });

  it('searches title and description, treating wildcards literally', async () => {
    const token = unique('busca');
    const task = (
      await admin
        .post('/api/tasks')
        .send(body({ title: `Post ${token} 50%` }))
        .expect(201)
    ).body;
    const found = (await admin.get('/api/tasks').query({ search: token.toUpperCase() }).expect(200)).body;
    expect(found.map((t: { id: number }) => t.id)).toEqual([task.id]);
    expect(
      (
        await admin
          .get('/api/tasks')
          .query({ search: `${token} 50%` })
          .expect(200)
      ).body,
    ).toHaveLength(1);
    expect(
      (
        await admin
          .get('/api/tasks')
          .query({ search: `${token}_` })
          .expect(200)
      ).body,
    ).toHaveLength(0);
  });

  it('answers an unchanged list with 304 (ETag)', async () => {
    const first = await admin.get('/api/tasks').expect(200);
    expect(first.headers.etag).toBeDefined();
    await admin.get('/api/tasks').set('If-None-Match', first.headers.etag).expect(304);
  });

  describe('validation of the task form (core.md §5)', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, 'Título é obrigatório'],
      [{ title: '   ' }, 'Título é obrigatório'],
      [{ title: undefined }, 'Título é obrigatório'],
      [{ description: '' }, 'Descrição é obrigatória'],
      [{ clientId: undefined }, 'Cliente é obrigatório'],
      [{ clientId: 'x' }, 'Cliente é obrigatório'],
      [{ deadline: undefined }, 'Prazo é obrigatório'],
      [{ deadline: 'amanhã' }, 'Prazo é obrigatório'],
      [{ reminderTime: '3h' }, 'Lembrete inválido'],
      [{ assignedTo: 'joao' }, 'assignedTo deve ser uma lista de ids'],
      [{ title: 'x'.repeat(201) }, 'no máximo 200'],
    ];
    it.each(cases)('%j → %s', async (overrides, message) => {
      const before = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM tasks`);
      const response = await admin.post('/api/tasks').send(body(overrides)).expect(400);
      expect(response.body.message).toContain(message);
      expect((await ctx.dataSource.query(`SELECT count(*)::int AS n FROM tasks`))[0].n).toBe(before[0].n);
    });

    it('refuses unknown clients, columns and assignees', async () => {
      expect(
        (
          await admin
            .post('/api/tasks')
            .send(body({ clientId: 2_000_000_000 }))
            .expect(400)
        ).body.message,
      ).toBe('Cliente não encontrado');
      expect(
        (
          await admin
            .post('/api/tasks')
            .send(body({ columnId: 2_000_000_000 }))
            .expect(400)
        ).body.message,
      ).toBe('Lista não encontrada');
      const pending = await newUser(ctx, { approved: false });
      const refused = await admin
        .post('/api/tasks')
        .send(body({ assignedTo: [pending.id] }))
        .expect(400);
      expect(refused.body.message).toBe(`Responsáveis não encontrados: ${pending.id}`);
    });
  });
});
