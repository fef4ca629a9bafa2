import {
  ENTRY_END_BEFORE_START,
  ENTRY_FOR_OTHERS,
  ENTRY_IN_FUTURE,
  ENTRY_NOT_YOURS,
  ENTRY_TOO_LONG,
  LOCK_DATE_NOT_PAST,
  LOCK_DAYS_RANGE,
  LOCK_FORBIDDEN,
} from '@wkflow/contracts';
import { DateTime } from 'luxon';
import { assignTask, newClient, newProfile, newTask, newTimeEntry, secondsAgo } from './factories';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext } from './utils/test-app';

type Agent = Awaited<ReturnType<typeof loginAs>>;
const TZ = 'America/Sao_Paulo';
const HOUR = 3600_000;

/** 'Adicionar tempo' and the lockdown period (issue 20, items 1 and 5). */
describe('manual time entries and the lockdown period (e2e)', () => {
  let ctx: TestContext;
  let clientId: number;
  let admin: Agent;

  beforeAll(async () => {
    ctx = await startTestApp();
    clientId = (await newClient(ctx)).id;
    admin = await loginAsAdmin(ctx);
  });
  afterEach(async () => {
    await admin.put('/api/time-tracking/lock').send({ mode: 'none' }).expect(200);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  /** A task of the suite's client, assigned to the given users. */
  async function assignedTask(assignees: number[] = []): Promise<number> {
    return (await newTask(ctx, { client: clientId, assignees })).id;
  }

  async function person(profileId = 3): Promise<{ id: number; agent: Agent }> {
    const user = await newUser(ctx, { profileId });
    return { id: user.id, agent: await loginAs(ctx, user.email, user.password) };
  }

  /** A custom profile with these time_tracking and tasks levels. */
  async function customPerson(timeLevel: string, tasksLevel = 'read'): Promise<{ id: number; agent: Agent }> {
    return person(await newProfile(ctx, { time_tracking: timeLevel, tasks: tasksLevel }));
  }

  const ago = (ms: number, now = Date.now()) => new Date(now - ms).toISOString();
  /** Start and end from one reading of the clock: equal offsets give an empty interval even when a millisecond passes between them. */
  const body = (taskId: number, startMsAgo: number, endMsAgo: number, extra: Record<string, unknown> = {}) => {
    const now = Date.now();
    return { taskId, startTime: ago(startMsAgo, now), endTime: ago(endMsAgo, now), ...extra };
  };
  /** Yesterday at 10:00 in São Paulo plus some hours. */
  const localDay = (daysAgo: number, hour: number) =>
    DateTime.now().setZone(TZ).minus({ days: daysAgo }).set({ hour, minute: 0, second: 0, millisecond: 0 });

  it("adds one's own time (own_only), lists it, counts it and records it as time_tracked", async () => {
    const me = await person();
    const taskId = await assignedTask([me.id]);
    const created = await me.agent
      .post('/api/time-entries')
      .send(body(taskId, 3 * HOUR, 2 * HOUR, { description: '  Reunião com o cliente  ' }))
      .expect(201);
    expect(created.body).toMatchObject({ taskId, userId: me.id, duration: 3600, description: 'Reunião com o cliente' });
    expect(new Date(created.body.endTime).getTime() - new Date(created.body.startTime).getTime()).toBe(HOUR);

    const list = await me.agent.get('/api/time-entries/admin?period=all').expect(200);
    expect(list.body.map((e: { id: number }) => e.id)).toContain(created.body.id);
    expect((await me.agent.get(`/api/tasks/${taskId}/total-time`).expect(200)).body).toEqual({ totalTime: 3600 });

    const history = await ctx.dataSource.query(
      `SELECT "userId", metadata FROM task_history WHERE "taskId" = $1 AND "actionType" = 'time_tracked'`,
      [taskId],
    );
    expect(history).toEqual([
      { userId: me.id, metadata: expect.objectContaining({ duration: 3600, timeEntryId: created.body.id, manual: true }) },
    ]);

    // A duration instead of an end.
    const byDuration = await me.agent
      .post('/api/time-entries')
      .send({ taskId, startTime: ago(6 * HOUR), duration: 5400 })
      .expect(201);
    expect(byDuration.body.duration).toBe(5400);
  });

  it('refuses, with its message, an end not after the start, a future end and more than 24 h', async () => {
    const me = await person();
    const taskId = await assignedTask([me.id]);
    const cases: [Record<string, unknown>, string][] = [
      [body(taskId, HOUR, HOUR), ENTRY_END_BEFORE_START],
      [body(taskId, HOUR, 2 * HOUR), ENTRY_END_BEFORE_START],
      [body(taskId, HOUR, -60_000), ENTRY_IN_FUTURE],
      [{ taskId, startTime: ago(-HOUR), endTime: ago(-2 * HOUR) }, ENTRY_IN_FUTURE],
      [{ taskId, startTime: ago(-HOUR), duration: 60 }, ENTRY_IN_FUTURE],
      [body(taskId, 30 * HOUR, 5 * HOUR), ENTRY_TOO_LONG],
      [{ taskId, startTime: ago(30 * HOUR), duration: 24 * 3600 + 1 }, ENTRY_TOO_LONG],
    ];
    for (const [payload, message] of cases) {
      const response = await me.agent.post('/api/time-entries').send(payload);
      expect({ payload, status: response.status, message: response.body.message }).toEqual({ payload, status: 400, message });
    }
    // Exactly 24 hours is fine.
    await me.agent
      .post('/api/time-entries')
      .send(body(taskId, 48 * HOUR, 24 * HOUR))
      .expect(201);
    const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM time_entries WHERE "userId" = $1`, [me.id]);
    expect(n).toBe(1);
  });

  it('answers bad input with a 400, never a 500, and writes nothing', async () => {
    const me = await person();
    const taskId = await assignedTask([me.id]);
    const bad: Record<string, unknown>[] = [
      {},
      { taskId },
      { taskId, startTime: ago(HOUR) },
      { taskId, startTime: 'ontem', endTime: ago(0) },
      { taskId, startTime: ago(2 * HOUR), endTime: '2026-13-45T99:00:00Z' },
      { taskId, startTime: ago(2 * HOUR), duration: 0 },
      { taskId, startTime: ago(2 * HOUR), duration: 1.5 },
      { taskId, startTime: ago(2 * HOUR), duration: '01:00' },
      { taskId: 'x', startTime: ago(2 * HOUR), endTime: ago(HOUR) },
      { taskId: -1, startTime: ago(2 * HOUR), endTime: ago(HOUR) },
      { taskId, userId: 'eu', startTime: ago(2 * HOUR), endTime: ago(HOUR) },
      { taskId, startTime: ago(2 * HOUR), endTime: ago(HOUR), description: 'x'.repeat(1001) },
      { taskId, startTime: ago(2 * HOUR), endTime: ago(HOUR), description: 42 },
      { taskId, startTime: 12345, endTime: ago(HOUR) },
      { taskId, startTime: '+275760-09-13T00:00:00.000Z', endTime: ago(HOUR) },
    ];
    for (const payload of bad) {
      const response = await me.agent.post('/api/time-entries').send(payload);
      expect([payload, response.status]).toEqual([payload, 400]);
      expect(typeof response.body.message === 'string' || Array.isArray(response.body.message)).toBe(true);
    }
    // Unknown or invisible tasks and users are 404s.
    await me.agent
      .post('/api/time-entries')
      .send(body(2_000_000_000, 2 * HOUR, HOUR))
      .expect(404);
    await me.agent
      .post('/api/time-entries')
      .send(body(await assignedTask(), 2 * HOUR, HOUR))
      .expect(404);
    await admin
      .post('/api/time-entries')
      .send(body(taskId, 2 * HOUR, HOUR, { userId: 2_000_000_000 }))
      .expect(404);
    const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM time_entries WHERE "userId" = $1`, [me.id]);
    expect(n).toBe(0);
    // Lock settings too.
    for (const payload of [
      {},
      { mode: 'x' },
      { mode: 'date' },
      { mode: 'date', lockDate: '31/10/2026' },
      { mode: 'days', lockDays: 'x' },
    ]) {
      await admin.put('/api/time-tracking/lock').send(payload).expect(400);
    }
    await admin.put('/api/time-tracking/lock').send({ mode: 'date', lockDate: '2026-02-30' }).expect(400);
    // A field of another mode is refused, not ignored (issue 33: lockDays with mode 'none' was stored as nothing).
    for (const [payload, message] of [
      [{ mode: 'none', lockDays: 5 }, "lockDays só vale com o modo 'days'"],
      [{ mode: 'days', lockDays: 5, lockDate: '2026-01-01' }, "lockDate só vale com o modo 'date'"],
      [{ mode: 'date', lockDate: '2026-01-01', lockDays: 'x' }, "lockDays só vale com o modo 'days'"],
      [{ mode: 'none', lockDate: null }, "lockDate só vale com o modo 'date'"],
    ] as const) {
      expect((await admin.put('/api/time-tracking/lock').send(payload).expect(400)).body.message).toBe(message);
    }
    // An entry takes its end or its duration, not both (the duration was ignored).
    const both = await admin
      .post('/api/time-entries')
      .send({ ...body(taskId, 2 * HOUR, HOUR), duration: 60 })
      .expect(400);
    expect(both.body.message).toBe('Informe o fim ou a duração, não os dois');
  });

  it("refuses an overlap with the user's other entries, the running timer included; touching is fine", async () => {
    const me = await person();
    const taskId = await assignedTask([me.id]);
    const other = await assignedTask([me.id]);
    const first = await me.agent
      .post('/api/time-entries')
      .send(body(taskId, 5 * HOUR, 4 * HOUR))
      .expect(201);
    const clash = await me.agent
      .post('/api/time-entries')
      .send(body(other, 4.5 * HOUR, 3.5 * HOUR))
      .expect(409);
    expect(clash.body.message).toMatch(/^Este período se sobrepõe a outro registro de tempo \(\d\d\/\d\d\/\d{4} \d\d:\d\d – /);
    await me.agent
      .post('/api/time-entries')
      .send(body(other, 6 * HOUR, 4 * HOUR))
      .expect(409); // around it
    // Touching: ends where the first starts, starts where it ends.
    await me.agent
      .post('/api/time-entries')
      .send({ taskId: other, startTime: ago(6 * HOUR), endTime: first.body.startTime })
      .expect(201);
    await me.agent.post('/api/time-entries').send({ taskId: other, startTime: first.body.endTime, duration: 1800 }).expect(201);
    // Someone else's entries at the same time do not matter.
    const colleague = await person();
    await assignTask(ctx, taskId, [colleague.id]);
    await colleague.agent
      .post('/api/time-entries')
      .send(body(taskId, 5 * HOUR, 4 * HOUR))
      .expect(201);

    // A running timer occupies its start up to now (started an hour ago).
    await newTimeEntry(ctx, { user: me.id, task: taskId, start: secondsAgo(3600), seconds: null });
    const running = await me.agent
      .post('/api/time-entries')
      .send(body(other, 2 * HOUR, 0.5 * HOUR))
      .expect(409);
    expect(running.body.message).toMatch(/^Este período se sobrepõe ao timer em andamento \(iniciado em /);
    await me.agent
      .post('/api/time-entries')
      .send(body(other, 2 * HOUR, 1.1 * HOUR))
      .expect(201);
  });

  it('lets exactly one of many concurrent overlapping creates through', async () => {
    const me = await person();
    const taskId = await assignedTask([me.id]);
    const payloads = Array.from({ length: 12 }, (_, i) => body(taskId, 3 * HOUR + i * 60_000, 2 * HOUR + i * 60_000));
    const responses = await Promise.all(payloads.map((p) => me.agent.post('/api/time-entries').send(p)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM time_entries WHERE "userId" = $1`, [me.id]);
    expect(n).toBe(1);
  });

  it("adds someone else's time only with time_tracking write", async () => {
    const me = await person();
    const colleague = await person();
    const taskId = await assignedTask([me.id, colleague.id]);
    const refused = await me.agent
      .post('/api/time-entries')
      .send(body(taskId, 3 * HOUR, 2 * HOUR, { userId: colleague.id }))
      .expect(403);
    expect(refused.body.message).toBe(ENTRY_FOR_OTHERS);
    // One's own id is fine.
    await me.agent
      .post('/api/time-entries')
      .send(body(taskId, 3 * HOUR, 2 * HOUR, { userId: me.id }))
      .expect(201);

    const created = await admin
      .post('/api/time-entries')
      .send(body(taskId, 3 * HOUR, 2 * HOUR, { userId: colleague.id }))
      .expect(201);
    expect(created.body).toMatchObject({ userId: colleague.id, userName: expect.stringContaining('Test') });
    const [history] = await ctx.dataSource.query(`SELECT "userId", metadata FROM task_history WHERE metadata->>'timeEntryId' = $1`, [
      String(created.body.id),
    ]);
    const [{ id: adminId }] = await ctx.dataSource.query(`SELECT id FROM users WHERE username = 'admin'`);
    expect(history).toMatchObject({ userId: adminId, metadata: { forUserId: colleague.id, manual: true } });

    const manager = await person(2); // gerente: time_tracking write
    await manager.agent
      .post('/api/time-entries')
      .send(body(taskId, 5 * HOUR, 4 * HOUR, { userId: colleague.id }))
      .expect(201);
    // The overlap is checked against the owner's entries.
    await manager.agent
      .post('/api/time-entries')
      .send(body(taskId, 5.5 * HOUR, 4.5 * HOUR, { userId: colleague.id }))
      .expect(409);
  });

  it('applies the same rules to edits; only write edits and deletes other people’s entries', async () => {
    const me = await person();
    const taskId = await assignedTask([me.id]);
    const a = await me.agent
      .post('/api/time-entries')
      .send(body(taskId, 5 * HOUR, 4 * HOUR))
      .expect(201);
    await me.agent
      .post('/api/time-entries')
      .send(body(taskId, 3 * HOUR, 2 * HOUR))
      .expect(201);
    // Growing into the next entry, into the future, to nothing.
    const overlap = await me.agent
      .put(`/api/time-entries/${a.body.id}`)
      .send({ duration: 2.5 * 3600 })
      .expect(409);
    expect(overlap.body.message).toMatch(/^Este período se sobrepõe/);
    const future = await me.agent
      .put(`/api/time-entries/${a.body.id}`)
      .send({ duration: 24 * 3600 })
      .expect(400);
    expect(future.body.message).toBe(ENTRY_IN_FUTURE);
    expect((await me.agent.put(`/api/time-entries/${a.body.id}`).send({ duration: 0 }).expect(400)).body.message).toBe(
      ENTRY_END_BEFORE_START,
    );
    expect(
      (
        await me.agent
          .put(`/api/time-entries/${a.body.id}`)
          .send({ duration: 24 * 3600 + 1 })
          .expect(400)
      ).body.message,
    ).toContain(ENTRY_TOO_LONG);
    await me.agent
      .put(`/api/time-entries/${a.body.id}`)
      .send({ duration: 2 * 3600 })
      .expect(200);

    // view_all without write sees everyone's entries but changes only his own.
    const watcher = await customPerson('view_all', 'view_all');
    const notYours = await watcher.agent.put(`/api/time-entries/${a.body.id}`).send({ duration: 60 }).expect(403);
    expect(notYours.body.message).toBe(ENTRY_NOT_YOURS);
    expect((await watcher.agent.delete(`/api/time-entries/${a.body.id}`).expect(403)).body.message).toBe(ENTRY_NOT_YOURS);
    // Write does.
    const manager = await person(2);
    await manager.agent.put(`/api/time-entries/${a.body.id}`).send({ duration: 60 }).expect(200);
    await manager.agent.delete(`/api/time-entries/${a.body.id}`).expect(200);
  });

  it('lets only time_tracking write set the lock, and everyone who tracks time read it', async () => {
    const me = await person();
    const manager = await person(2);
    const lockDate = localDay(3, 0).toISODate()!;
    const refused = await me.agent.put('/api/time-tracking/lock').send({ mode: 'date', lockDate }).expect(403);
    expect(refused.body.message).toEqual(expect.any(String));
    const set = await manager.agent.put('/api/time-tracking/lock').send({ mode: 'date', lockDate }).expect(200);
    expect(set.body).toMatchObject({ mode: 'date', lockDate, lockDays: null, effectiveDate: lockDate, updatedByName: expect.any(String) });
    expect((await me.agent.get('/api/time-tracking/lock').expect(200)).body).toMatchObject({ effectiveDate: lockDate });

    const days = await admin.put('/api/time-tracking/lock').send({ mode: 'days', lockDays: 10 }).expect(200);
    expect(days.body).toMatchObject({ mode: 'days', lockDate: null, lockDays: 10, effectiveDate: localDay(10, 0).toISODate() });

    const today = await admin
      .put('/api/time-tracking/lock')
      .send({ mode: 'date', lockDate: localDay(0, 0).toISODate() })
      .expect(400);
    expect(today.body.message).toBe(LOCK_DATE_NOT_PAST);
    expect((await admin.put('/api/time-tracking/lock').send({ mode: 'days', lockDays: 0 }).expect(400)).body.message).toBe(LOCK_DAYS_RANGE);
    expect(LOCK_FORBIDDEN).toEqual(expect.any(String));
  });

  it('keeps own_only out of the locked period (create, edit, delete), while admin and write go on', async () => {
    const me = await person();
    const manager = await person(2);
    const taskId = await assignedTask([me.id, manager.id]);
    // Entries 5 days ago (to be locked) and yesterday (open), written while nothing is locked.
    const old = await me.agent
      .post('/api/time-entries')
      .send({ taskId, startTime: localDay(5, 10).toISO(), endTime: localDay(5, 11).toISO() })
      .expect(201);
    const recent = await me.agent
      .post('/api/time-entries')
      .send({ taskId, startTime: localDay(1, 10).toISO(), endTime: localDay(1, 11).toISO() })
      .expect(201);

    const lockDate = localDay(3, 0).toISODate()!;
    await admin.put('/api/time-tracking/lock').send({ mode: 'date', lockDate }).expect(200);
    const message = `Período bloqueado até ${localDay(3, 0).toFormat('dd/MM/yyyy')}`;

    // own_only: nothing on or before the date.
    const create = await me.agent
      .post('/api/time-entries')
      .send({ taskId, startTime: localDay(4, 14).toISO(), endTime: localDay(4, 15).toISO() })
      .expect(403);
    expect(create.body.message).toContain(message);
    // The lock date itself is locked, up to its last minute.
    await me.agent
      .post('/api/time-entries')
      .send({ taskId, startTime: localDay(3, 23).toISO(), duration: 1800 })
      .expect(403);
    expect((await me.agent.put(`/api/time-entries/${old.body.id}`).send({ duration: 60 }).expect(403)).body.message).toContain(message);
    expect((await me.agent.delete(`/api/time-entries/${old.body.id}`).expect(403)).body.message).toContain(message);
    // ...and everything after it.
    await me.agent
      .post('/api/time-entries')
      .send({ taskId, startTime: localDay(2, 0).toISO(), duration: 1800 })
      .expect(201);
    await me.agent.put(`/api/time-entries/${recent.body.id}`).send({ duration: 1800 }).expect(200);

    // Write (gerente) and the administrator: the locked period stays theirs.
    await manager.agent
      .post('/api/time-entries')
      .send({ taskId, startTime: localDay(4, 14).toISO(), endTime: localDay(4, 15).toISO() })
      .expect(201);
    await manager.agent.put(`/api/time-entries/${old.body.id}`).send({ duration: 1800 }).expect(200);
    await admin
      .post('/api/time-entries')
      .send({ taskId, userId: me.id, startTime: localDay(4, 14).toISO(), endTime: localDay(4, 15).toISO() })
      .expect(201);
    await admin.put(`/api/time-entries/${old.body.id}`).send({ duration: 2400 }).expect(200);
    await admin.delete(`/api/time-entries/${old.body.id}`).expect(200);

    // 'Older than N days' locks the same way.
    await admin.put('/api/time-tracking/lock').send({ mode: 'days', lockDays: 1 }).expect(200);
    expect((await me.agent.delete(`/api/time-entries/${recent.body.id}`).expect(403)).body.message).toContain('Período bloqueado até');
    await admin.put('/api/time-tracking/lock').send({ mode: 'none' }).expect(200);
    await me.agent.delete(`/api/time-entries/${recent.body.id}`).expect(200);
  });
});
