import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@wkflow/contracts';
import { AnalyticsCache } from '../src/analytics/analytics-cache';
import { AnalyticsService } from '../src/analytics/analytics.service';
import type { AuthenticatedUser } from '../src/platform/access/authenticated-user';
import { columnNamed, newClient, newTask, newTaskHistory, newTimeEntry, secondsAgo } from './factories';
import { isolatedDatabase } from './utils/isolated-app';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = Awaited<ReturnType<typeof loginAs>>;
const DAY = 86_400_000;
const DAY_SECONDS = 86_400;
const FIGURES = ['dashboard', 'trend', 'productivity', 'clients'] as const;
type Figure = (typeof FIGURES)[number];
type Figures = Record<string, unknown>;

/**
 * The analytics figures are answered from memory (AnalyticsCache). After every kind of write to
 * what they read, by this process, another one or plain SQL, the very next answer equals a fresh
 * computation (AnalyticsService), with the cache's own expiry an hour away.
 */
describe('analytics cache (e2e)', () => {
  let database: Awaited<ReturnType<typeof isolatedDatabase>>;
  let ctx: TestContext;
  let other: TestContext; // a second replica on the same database
  let admin: Agent;
  let adminOnOther: Agent;
  let clientId: number;
  let taskIds: number[];
  let columns: { done: number; doing: number };
  let member: Awaited<ReturnType<typeof newUser>>;

  beforeAll(async () => {
    database = await isolatedDatabase('analyticscache');
    const env = { ...database.env, CACHE_TTL_MS: '3600000' };
    ctx = await startTestApp(env);
    other = await startTestApp(env);
    admin = await loginAsAdmin(ctx);
    adminOnOther = await loginAsAdmin(other);
    columns = { done: (await columnNamed(ctx, 'concluídos')).id, doing: (await columnNamed(ctx, 'Em andamento')).id };
    clientId = (await newClient(ctx, { name: 'Cliente Cache', color: '#3b82f6' })).id;
    member = await newUser(ctx, { profileId: 2 });
    taskIds = [];
    for (let i = 0; i < 4; i += 1) {
      const createdAt = secondsAgo((i * 20 + 1) * DAY_SECONDS);
      const task = await newTask(ctx, {
        title: `Tarefa cache ${i}`,
        description: '',
        client: clientId,
        column: columns.doing,
        deadline: new Date(Date.now() + (i - 2) * DAY),
        createdAt,
        assignees: [member.id],
      });
      await newTimeEntry(ctx, { user: member.id, task: task.id, start: createdAt, seconds: 3600 });
      taskIds.push(task.id);
    }
  });
  afterAll(async () => {
    await other?.app.close();
    await ctx?.app.close();
    await database?.drop();
  });

  // Plain SQL plays a foreign writer: only the database's triggers can tell the cache about it.
  const foreignWrite = (sql: string, params: unknown[]) => ctx.dataSource.query(sql, params);

  const fresh = (figure: Figure, period: AnalyticsPeriod, now = new Date()) => ctx.app.get(AnalyticsService)[figure](period, now);

  /** Every figure of every period through HTTP on `agent`, each checked against a fresh computation; returns them. */
  async function figuresMatch(agent: Agent, context = ctx): Promise<Figures> {
    const all: Figures = {};
    for (const figure of FIGURES) {
      for (const period of ANALYTICS_PERIODS) {
        const { body } = await agent.get(`/api/analytics/${figure}?period=${period}`).expect(200);
        const expected = await context.app.get(AnalyticsService)[figure](period);
        expect({ figure, period, body }).toEqual({ figure, period, body: expected });
        all[`${figure}:${period}`] = body;
      }
    }
    return all;
  }

  /** Warms the cache, applies `write`, and expects the next answers fresh and different from before. */
  async function afterWrite(write: () => Promise<unknown>, agent = admin) {
    const before = await figuresMatch(agent);
    await figuresMatch(agent); // served from memory
    await write();
    const after = await figuresMatch(agent);
    expect(after).not.toEqual(before); // the write did change the figures: a stale cache would fail above
    return after;
  }

  it('follows time entries created, edited and deleted', async () => {
    let entryId = 0;
    await afterWrite(async () => {
      // Written beside the timer's service, as a foreign writer would: the triggers must tell the cache.
      ({ id: entryId } = await newTimeEntry(ctx, { user: member.id, task: taskIds[0], start: secondsAgo(7200), seconds: 3600 }));
    });
    await afterWrite(() => admin.put(`/api/time-entries/${entryId}`).send({ duration: 5400 }).expect(200));
    await afterWrite(() => admin.delete(`/api/time-entries/${entryId}`).expect((r) => expect(r.status).toBeLessThan(300)));
  });

  it('follows a task completed, archived, reassigned, and a new task', async () => {
    await afterWrite(() => admin.put(`/api/tasks/${taskIds[1]}/move`).send({ columnId: columns.done, position: 1 }).expect(200));
    await afterWrite(() => foreignWrite(`UPDATE tasks SET "isArchived" = true WHERE id = $1`, [taskIds[2]]));
    await afterWrite(() => foreignWrite(`DELETE FROM task_assignees WHERE "taskId" = $1`, [taskIds[3]]));
    await afterWrite(() =>
      admin
        .post('/api/tasks')
        .send({
          title: unique('Nova '),
          description: 'd',
          clientId,
          columnId: columns.done,
          deadline: new Date(Date.now() + DAY).toISOString(),
        })
        .expect(201),
    );
  });

  it('follows a client renamed, a member renamed or approved, a column renamed and history written', async () => {
    await afterWrite(() =>
      admin
        .patch(`/api/clients/${clientId}`)
        .send({ name: unique('Cliente renomeado ') })
        .expect(200),
    );
    await afterWrite(() => foreignWrite(`UPDATE clients SET color = '#ef4444' WHERE id = $1`, [clientId]));
    await afterWrite(() => foreignWrite(`UPDATE users SET name = $2 WHERE id = $1`, [member.id, unique('Membro ')]));
    const pending = await newUser(ctx, { profileId: 3, approved: false });
    await afterWrite(() => foreignWrite(`UPDATE users SET "isApproved" = true WHERE id = $1`, [pending.id]));
    // 'Em andamento' renamed to a completed name: its tasks count as done.
    await afterWrite(() => foreignWrite(`UPDATE columns SET name = 'Finalizado' WHERE id = $1`, [columns.doing]));
    await foreignWrite(`UPDATE columns SET name = 'Em andamento' WHERE id = $1`, [columns.doing]); // put back
    // A history row (written beside the tasks' service) makes its author an active member.
    await afterWrite(() => newTaskHistory(ctx, { task: taskIds[0], user: pending.id, actionType: 'moved' }));
  });

  it('hears a write made through another replica at once, and that replica hears this one', async () => {
    const before = await figuresMatch(adminOnOther, other);
    await admin.put(`/api/tasks/${taskIds[0]}/move`).send({ columnId: columns.done, position: 1 }).expect(200);
    const after = await figuresMatch(adminOnOther, other);
    expect(after).not.toEqual(before);

    await figuresMatch(admin);
    await adminOnOther.put(`/api/tasks/${taskIds[0]}/move`).send({ columnId: columns.doing, position: 1 }).expect(200);
    expect(await figuresMatch(admin)).not.toEqual(after);
  });

  it('counts a running timer up to the instant of each answer, as a fresh computation at that instant', async () => {
    const started = await admin.post('/api/time-entries/start').send({ taskId: taskIds[0] }).expect(201);
    // Warms the cache with the running entry listed apart. Not compared with a fresh computation here:
    // the answer and that computation would be two instants apart, and the running time grows between them.
    for (const figure of FIGURES)
      for (const period of ANALYTICS_PERIODS) await admin.get(`/api/analytics/${figure}?period=${period}`).expect(200);
    const cache = ctx.app.get(AnalyticsCache);
    const user = { id: 1 } as AuthenticatedUser;
    const at = Date.now(); // one instant for every comparison below, after the start
    for (const offset of [0, 1_500, 61_000, 3_600_000]) {
      const now = new Date(at + offset);
      for (const period of ANALYTICS_PERIODS) {
        expect(await cache.dashboard(user, period, now)).toEqual(await fresh('dashboard', period, now));
        expect(await cache.trend(user, period, now)).toEqual(await fresh('trend', period, now));
        expect(await cache.productivity(user, period, now)).toEqual(await fresh('productivity', period, now));
        expect(await cache.clients(user, period, now)).toEqual(await fresh('clients', period, now));
      }
    }
    const later = await cache.dashboard(user, 7, new Date(at + 3_600_000));
    const atStart = await cache.dashboard(user, 7, new Date(at));
    expect(later.total_seconds - atStart.total_seconds).toBe(3_600); // the hour is counted without a write
    await admin.post(`/api/time-entries/${started.body.id}/stop`).expect(200);
    await figuresMatch(admin);
  });

  it("gives everyone with analytics read the team's figures, and nothing to others even when cached", async () => {
    const gerente = await loginAs(ctx, member.email, member.password);
    const team = await figuresMatch(admin);
    expect(await figuresMatch(gerente)).toEqual(team);
    const collaborator = await newUser(ctx, { profileId: 3 });
    const colaborador = await loginAs(ctx, collaborator.email, collaborator.password);
    for (const figure of FIGURES) {
      const response = await colaborador.get(`/api/analytics/${figure}?period=30`);
      expect(response.status).toBe(403);
      expect(JSON.stringify(response.body)).not.toContain('total_seconds');
    }
  });

  it('computes a missed figure once for concurrent requests', async () => {
    const service = ctx.app.get(AnalyticsService);
    await foreignWrite(`UPDATE clients SET color = '#22c55e' WHERE id = $1`, [clientId]); // forgets everything
    const spy = jest.spyOn(service, 'dashboardParts');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => admin.get('/api/analytics/dashboard?period=90').expect(200)));
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(spy).toHaveBeenCalledTimes(1);
      await admin.get('/api/analytics/dashboard?period=90').expect(200);
      expect(spy).toHaveBeenCalledTimes(1); // then from memory
    } finally {
      spy.mockRestore();
    }
  });
});
