import { periodStart } from '@wkflow/contracts';
import { adminUserId, assignTask, newClient, newProfile, newTask, newTimeEntry, secondsAgo } from './factories';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext } from './utils/test-app';

type Agent = Awaited<ReturnType<typeof loginAs>>;

describe('timer (e2e)', () => {
  let ctx: TestContext;
  let clientId: number;

  beforeAll(async () => {
    ctx = await startTestApp();
    clientId = (await newClient(ctx)).id;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  /** A task of the suite's client, assigned to the given users, made by the administrator unless `createdBy`. */
  async function assignedTask(assignees: number[] = [], createdBy?: number): Promise<number> {
    return (await newTask(ctx, { client: clientId, assignees, createdBy: createdBy ?? (await adminUserId(ctx)) })).id;
  }

  async function collaborator(): Promise<{ id: number; agent: Agent }> {
    const user = await newUser(ctx, { profileId: 3 });
    return { id: user.id, agent: await loginAs(ctx, user.email, user.password) };
  }

  it('starts, reports the active timer, stops with a server-side duration and records history', async () => {
    const me = await collaborator();
    const taskId = await assignedTask([me.id]);
    const started = await me.agent.post('/api/time-entries/start').send({ taskId }).expect(201);
    expect(started.body).toMatchObject({ id: expect.any(Number), taskId, userId: me.id, endTime: null, duration: null });

    const active = await me.agent.get('/api/time-entries/active').expect(200);
    expect(active.body).toMatchObject({ id: started.body.id, taskId, startTime: started.body.startTime });
    expect(active.body.taskTitle).toEqual(expect.any(String));

    // Pretend it ran for 90 seconds: back-dates the entry the start under test wrote (no factory made it).
    await ctx.dataSource.query(`UPDATE time_entries SET "startTime" = now() - interval '90 seconds' WHERE id = $1`, [started.body.id]);
    const stopped = await me.agent.post(`/api/time-entries/${started.body.id}/stop`).expect(200);
    expect(stopped.body.duration).toBeGreaterThanOrEqual(90);
    expect(stopped.body.duration).toBeLessThan(120);
    expect(stopped.body.endTime).not.toBeNull();

    const history = await ctx.dataSource.query(
      `SELECT "actionType", "userId", metadata FROM task_history WHERE "taskId" = $1 AND "actionType" = 'time_tracked'`,
      [taskId],
    );
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ userId: me.id, metadata: { duration: stopped.body.duration, timeEntryId: started.body.id } });

    const none = await me.agent.get('/api/time-entries/active').expect(200);
    expect(none.body === null || none.text === '' || none.text === 'null').toBe(true);

    const total = await me.agent.get(`/api/tasks/${taskId}/total-time`).expect(200);
    expect(total.body).toEqual({ totalTime: stopped.body.duration });
  });

  it("refuses a second timer while another task's runs, and stopping twice", async () => {
    const me = await collaborator();
    const first = await assignedTask([me.id]);
    const second = await assignedTask([me.id]);
    const started = await me.agent.post('/api/time-entries/start').send({ taskId: first }).expect(201);
    const other = await me.agent.post('/api/time-entries/start').send({ taskId: second }).expect(409);
    expect(other.body.message).toBe('Pare o timer da outra tarefa antes de iniciar este');
    const same = await me.agent.post('/api/time-entries/start').send({ taskId: first }).expect(409);
    expect(same.body.message).toBe('O timer desta tarefa já está em andamento');

    await me.agent.post(`/api/time-entries/${started.body.id}/stop`).expect(200);
    const again = await me.agent.post(`/api/time-entries/${started.body.id}/stop`).expect(409);
    expect(again.body.message).toBe('Nenhum timer ativo');
    const history = await ctx.dataSource.query(
      `SELECT count(*)::int AS n FROM task_history WHERE "taskId" = $1 AND "actionType" = 'time_tracked'`,
      [first],
    );
    expect(history[0].n).toBe(1);
  });

  it('keeps exactly one running entry when many starts race', async () => {
    const me = await collaborator();
    const tasks = await Promise.all([assignedTask([me.id]), assignedTask([me.id]), assignedTask([me.id])]);
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) => me.agent.post('/api/time-entries/start').send({ taskId: tasks[i % tasks.length] })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(23);
    const running = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM time_entries WHERE "userId" = $1 AND "endTime" IS NULL`, [
      me.id,
    ]);
    expect(running[0].n).toBe(1);
  });

  it("lets nobody start a timer on a task they cannot see, nor stop or edit another user's entry", async () => {
    const owner = await collaborator();
    const stranger = await collaborator();
    const taskId = await assignedTask([owner.id]);
    await stranger.agent.post('/api/time-entries/start').send({ taskId }).expect(404);
    const started = await owner.agent.post('/api/time-entries/start').send({ taskId }).expect(201);
    await stranger.agent.post(`/api/time-entries/${started.body.id}/stop`).expect(404);
    await stranger.agent.get(`/api/time-entries/task/${taskId}`).expect(404);
    await owner.agent.post(`/api/time-entries/${started.body.id}/stop`).expect(200);
    await stranger.agent.put(`/api/time-entries/${started.body.id}`).send({ duration: 10 }).expect(404);
    await stranger.agent.delete(`/api/time-entries/${started.body.id}`).expect(404);
    const [row] = await ctx.dataSource.query(`SELECT duration FROM time_entries WHERE id = $1`, [started.body.id]);
    expect(row.duration).not.toBe(10);
  });

  it('scopes the admin list and task entries by time_tracking level', async () => {
    const a = await collaborator();
    const b = await collaborator();
    const taskId = await assignedTask([a.id, b.id]);
    for (const who of [a, b]) {
      const started = await who.agent.post('/api/time-entries/start').send({ taskId }).expect(201);
      await who.agent.post(`/api/time-entries/${started.body.id}/stop`).expect(200);
    }
    // Colaborador: own_only.
    const ownList = await a.agent.get('/api/time-entries/admin?period=all').expect(200);
    expect(ownList.body.every((e: { userId: number }) => e.userId === a.id)).toBe(true);
    expect(ownList.body.some((e: { taskId: number }) => e.taskId === taskId)).toBe(true);
    const ownTask = await a.agent.get(`/api/time-entries/task/${taskId}`).expect(200);
    expect(ownTask.body.map((e: { userId: number }) => e.userId)).toEqual([a.id]);

    // Admin: everything, with the joined names.
    const admin = await loginAsAdmin(ctx);
    const all = await admin.get('/api/time-entries/admin?period=all').expect(200);
    const rows = all.body.filter((e: { taskId: number }) => e.taskId === taskId);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ task_title: expect.any(String), user_name: expect.any(String), client_name: expect.any(String) });
    const task = await admin.get(`/api/time-entries/task/${taskId}`).expect(200);
    expect(task.body).toHaveLength(2);

    // A profile with time_tracking view_assigned sees every entry on tasks assigned to them.
    const profileId = await newProfile(ctx, { time_tracking: 'view_assigned', tasks: 'view_assigned' });
    const watcher = await newUser(ctx, { profileId });
    await assignTask(ctx, taskId, [watcher.id]);
    const watcherAgent = await loginAs(ctx, watcher.email, watcher.password);
    const assigned = await watcherAgent.get(`/api/time-entries/task/${taskId}`).expect(200);
    expect(assigned.body).toHaveLength(2);
  });

  it('filters the admin list by today, week and month boundaries in APP_TIMEZONE', async () => {
    const me = await collaborator();
    const taskId = await assignedTask([me.id]);
    const now = new Date();
    const inserted: Record<string, number> = {};
    for (const period of ['today', 'week', 'month'] as const) {
      const start = periodStart(period, now, 'America/Sao_Paulo')!;
      for (const [label, offset] of [
        ['before', -1000],
        ['after', 1000],
      ] as const) {
        const startTime = new Date(start.getTime() + offset);
        if (startTime > now) continue;
        inserted[`${period}-${label}`] = (await newTimeEntry(ctx, { user: me.id, task: taskId, start: startTime, seconds: 1 })).id;
      }
    }
    for (const period of ['today', 'week', 'month'] as const) {
      const response = await me.agent.get(`/api/time-entries/admin?period=${period}`).expect(200);
      const ids = response.body.map((e: { id: number }) => e.id);
      expect(ids).not.toContain(inserted[`${period}-before`]);
      if (inserted[`${period}-after`]) expect(ids).toContain(inserted[`${period}-after`]);
    }
    const all = await me.agent.get('/api/time-entries/admin?period=all').expect(200);
    expect(all.body.map((e: { id: number }) => e.id)).toEqual(expect.arrayContaining(Object.values(inserted)));
    const byDefault = await me.agent.get('/api/time-entries/admin').expect(200);
    expect(byDefault.body.map((e: { id: number }) => e.id)).not.toContain(inserted['week-before']);
  });

  it('edits a duration and deletes an entry; refuses to edit a running one', async () => {
    const me = await collaborator();
    const taskId = await assignedTask([me.id]);
    const started = await me.agent.post('/api/time-entries/start').send({ taskId }).expect(201);
    const running = await me.agent.put(`/api/time-entries/${started.body.id}`).send({ duration: 60 }).expect(409);
    expect(running.body.message).toBe('Pare o timer antes de editar este registro');
    await me.agent.post(`/api/time-entries/${started.body.id}/stop`).expect(200);
    // An edit may not end in the future: an entry that started two hours ago and ran a minute.
    const entry = await newTimeEntry(ctx, { user: me.id, task: taskId, start: secondsAgo(2 * 60 * 60), seconds: 60 });
    const edited = await me.agent.put(`/api/time-entries/${entry.id}`).send({ duration: 5400 }).expect(200);
    expect(edited.body.duration).toBe(5400);
    expect(new Date(edited.body.endTime).getTime() - new Date(edited.body.startTime).getTime()).toBe(5400 * 1000);
    await me.agent.delete(`/api/time-entries/${entry.id}`).expect(200);
    await me.agent.delete(`/api/time-entries/${entry.id}`).expect(404);
  });

  it('answers bad input with 400 and writes nothing', async () => {
    const me = await collaborator();
    const taskId = await assignedTask([me.id]);
    const count = async () => (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM time_entries WHERE "userId" = $1`, [me.id]))[0].n;
    const before = await count();
    const cases: Array<[unknown, string]> = [
      [{}, 'taskId deve ser um número inteiro'],
      [{ taskId: 'abc' }, 'taskId deve ser um número inteiro'],
      [{ taskId: 1.5 }, 'taskId deve ser um número inteiro'],
      [{ taskId: -1 }, 'Tarefa não encontrada'],
      [{ taskId: 99999999999 }, 'Tarefa não encontrada'],
      [{ taskId, extra: true }, 'O campo extra não é permitido'],
      [{ taskId, description: 'x'.repeat(2000) }, 'no máximo 1000'],
    ];
    for (const [body, message] of cases) {
      const response = await me.agent
        .post('/api/time-entries/start')
        .send(body as object)
        .expect(400);
      expect(response.body.message).toContain(message);
    }
    await me.agent.post('/api/time-entries/start').send({ taskId: 2_000_000_000 }).expect(404);
    expect(await count()).toBe(before);

    await me.agent.get('/api/time-entries/admin?period=year').expect(400);
    await me.agent.post('/api/time-entries/abc/stop').expect(400);
    await me.agent.post('/api/time-entries/99999999999/stop').expect(400);
    await me.agent.get("/api/time-entries/task/1'%20OR%201=1").expect(400);
    for (const duration of [-1, 'abc', 1.5, 10_000_000]) {
      await me.agent.put('/api/time-entries/1').send({ duration }).expect(400);
    }
  });

  it('requires a session and time_tracking rights', async () => {
    await ctx.http.get('/api/time-entries/active').expect(401);
    await ctx.http.post('/api/time-entries/start').send({ taskId: 1 }).expect(401);
    const profileId = await newProfile(ctx, { time_tracking: 'hidden', tasks: 'write' });
    const hidden = await newUser(ctx, { profileId });
    const agent = await loginAs(ctx, hidden.email, hidden.password);
    const taskId = await assignedTask([hidden.id]);
    await agent.post('/api/time-entries/start').send({ taskId }).expect(403);
    await agent.get('/api/time-entries/admin').expect(403);
    await agent.get(`/api/tasks/${taskId}/total-time`).expect(403);
    await agent.get('/api/time-entries/active').expect(200);
  });
});
