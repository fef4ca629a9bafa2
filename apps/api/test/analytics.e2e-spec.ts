import { analyticsRange, REPORT_NAME_REQUIRED, REPORT_PERIOD_INVALID, REPORT_TYPE_REQUIRED } from '@wkflow/contracts';
import { DateTime } from 'luxon';
import { adminUserId, columnNamed, newClient, newReport, newTask, newTaskHistory, newTimeEntry, secondsAgo } from './factories';
import { ReportEntity } from '../src/analytics/report.entity';
import { ReportsService } from '../src/analytics/reports.service';
import { startIsolatedApp } from './utils/isolated-app';
import { only, runMatrix, type MatrixEnv, type MatrixRow } from './utils/matrix';
import { loginAsAdmin, newUser, type TestContext } from './utils/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Agent = Awaited<ReturnType<typeof loginAsAdmin>>;

async function waitForReport(agent: Agent, id: number): Promise<{ status: string }> {
  for (let i = 0; i < 100; i += 1) {
    const list = await agent.get('/api/analytics/reports').expect(200);
    const report = list.body.find((r: { id: number }) => r.id === id);
    if (report && (report.status === 'completed' || report.status === 'failed')) return report;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`report ${id} did not finish`);
}

describe('analytics (e2e)', () => {
  let ctx: TestContext & { stop: () => Promise<void> };
  let admin: Agent;
  const names: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };

  /**
   * A hand-computed week (period 7) in APP_TIMEZONE, on a database of its own:
   *   current week  : T1, T4 created and completed; T7 (created long ago) completed; T2, T3 created, open.
   *   previous week : T5 created and completed; T6, T8 created, open.
   *   time          : A 2 h on T1 and B 1.5 h on T3 this week; A 1 h on T5 and B 0.5 h (a minute before
   *                   the week starts) last week; C 2 h three weeks ago (in neither).
   *   history       : C acted this week (and a row without a user, which counts for nobody).
   */
  beforeAll(async () => {
    ctx = await startIsolatedApp('analytics');
    admin = await loginAsAdmin(ctx);
    const { start, previousStart } = analyticsRange(7, new Date(), 'America/Sao_Paulo');
    const cur = (hours: number) => new Date(start.getTime() + DAY + hours * HOUR);
    const prev = (hours: number) => new Date(previousStart.getTime() + DAY + hours * HOUR);
    const old = new Date(previousStart.getTime() - 14 * DAY);
    const users = { a: await newUser(ctx), b: await newUser(ctx), c: await newUser(ctx) };
    names.a = users.a.name;
    names.b = users.b.name;
    names.c = users.c.name;
    const done = (await columnNamed(ctx, 'concluídos')).id;
    const doing = (await columnNamed(ctx, 'Em andamento')).id;
    const x = (await newClient(ctx, { name: 'Cliente X' })).id;
    const y = (await newClient(ctx, { name: 'Cliente Y' })).id;
    const future = new Date(Date.now() + 10 * DAY);
    const past = new Date(Date.now() - 2 * DAY);
    const task = async (
      title: string,
      client: number,
      column: number,
      createdAt: Date,
      completedAt: Date | null,
      deadline: Date,
      assignee?: number,
    ) => {
      const task = await newTask(ctx, {
        title,
        description: '',
        client,
        column,
        deadline,
        createdAt,
        completedAt,
        assignees: assignee ? [assignee] : [],
      });
      return task.id;
    };
    const t1 = await task('T1', x, done, cur(0), cur(1), future, users.a.id);
    await task('T2', x, doing, cur(0), null, past, users.a.id);
    const t3 = await task('T3', y, doing, cur(0), null, future, users.b.id);
    await task('T4', y, done, cur(2), cur(3), future, users.b.id);
    const t5 = await task('T5', x, done, prev(0), prev(1), future, users.a.id);
    await task('T6', y, doing, prev(0), null, future);
    const t7 = await task('T7', x, done, old, cur(4), future, users.c.id);
    await task('T8', y, doing, prev(2), null, future);
    const entry = (user: number, task: number, start: Date, seconds: number) => newTimeEntry(ctx, { user, task, start, seconds });
    await entry(users.a.id, t1, cur(0), 7200);
    await entry(users.b.id, t3, start, 5400); // the first instant of the week belongs to it
    await entry(users.a.id, t5, prev(0), 3600);
    await entry(users.b.id, t3, new Date(start.getTime() - 60_000), 1800);
    await entry(users.c.id, t7, old, 7200);
    await newTaskHistory(ctx, { task: t7, user: users.c.id, actionType: 'moved', createdAt: cur(4) });
    await newTaskHistory(ctx, { task: t7, user: null, actionType: 'moved', createdAt: cur(4) });
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  it('computes the overview and its change against the previous period', async () => {
    const response = await admin.get('/api/analytics/dashboard?period=7').expect(200);
    expect(response.body).toEqual({
      period: 7,
      completed_tasks: 3, // T1, T4, T7 against T5
      completed_tasks_change: 200,
      total_hours: 3.5, // 2 + 1.5 against 1 + 0.5
      total_seconds: 12_600,
      hours_change: 133.3,
      active_members: 3, // A, B (time) and C (history) against A and B
      members_change: 50,
      completion_rate: 50, // 2 of T1–T4 against 1 of T5, T6, T8
      completion_rate_change: 50,
    });
  });

  it('gives no change figure (null) when the previous period had nothing (90 days hold every fixture)', async () => {
    const { body } = await admin.get('/api/analytics/dashboard?period=90').expect(200);
    expect(body).toEqual({
      period: 90,
      completed_tasks: 4,
      completed_tasks_change: null,
      total_hours: 7,
      total_seconds: 25_200,
      hours_change: null,
      active_members: 3,
      members_change: null,
      completion_rate: 50,
      completion_rate_change: null,
    });
  });

  it('gives one row per local day of the period, oldest first, with completions and hours', async () => {
    const { body } = await admin.get('/api/analytics/trend?period=7').expect(200);
    const { start } = analyticsRange(7, new Date(), 'America/Sao_Paulo');
    const day = (offset: number) => DateTime.fromJSDate(start).setZone('America/Sao_Paulo').plus({ days: offset }).toISODate();
    expect(body).toHaveLength(7);
    expect(body.map((d: { date: string }) => d.date)).toEqual([0, 1, 2, 3, 4, 5, 6].map(day));
    // B's 1.5 h at the first instant of the week; T1, T4, T7 completed and A's 2 h a day later.
    expect(body[0]).toEqual({ date: day(0), completed_tasks: 0, hours: 1.5, seconds: 5400 });
    expect(body[1]).toEqual({ date: day(1), completed_tasks: 3, hours: 2, seconds: 7200 });
    expect(body.slice(2).every((d: { completed_tasks: number; hours: number }) => d.completed_tasks === 0 && d.hours === 0)).toBe(true);
    expect((await admin.get('/api/analytics/trend?period=90').expect(200)).body).toHaveLength(90);
    expect((await admin.get('/api/analytics/trend?period=5').expect(400)).body.message).toBe(REPORT_PERIOD_INVALID);
  });

  it('defaults to 30 days and refuses other periods', async () => {
    expect((await admin.get('/api/analytics/dashboard').expect(200)).body.period).toBe(30);
    for (const period of ['14', 'abc', '0', "30' OR 1=1"]) {
      const response = await admin.get(`/api/analytics/dashboard?period=${encodeURIComponent(period)}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(REPORT_PERIOD_INVALID);
    }
    await admin.get('/api/analytics/productivity?period=60').expect(400);
  });

  it('lists productivity per member', async () => {
    const { body } = await admin.get('/api/analytics/productivity?period=7').expect(200);
    expect(body).toEqual([
      expect.objectContaining({ name: names.a, completed_tasks: 1, hours: 2, open_tasks: 1 }),
      expect.objectContaining({ name: names.b, completed_tasks: 1, hours: 1.5, open_tasks: 1 }),
      expect.objectContaining({ name: names.c, completed_tasks: 1, hours: 0, open_tasks: 0 }),
      expect.objectContaining({ name: 'Administrador', completed_tasks: 0, hours: 0, open_tasks: 0 }),
    ]);
  });

  it('lists performance per client', async () => {
    const { body } = await admin.get('/api/analytics/clients?period=7').expect(200);
    expect(body.map(({ client_id: _, color: __, ...rest }: Record<string, unknown>) => rest)).toEqual([
      { name: 'Cliente Y', tasks: 4, completed: 1, overdue: 0, hours: 1.5, seconds: 5400 },
      { name: 'Cliente X', tasks: 3, completed: 2, overdue: 1, hours: 2, seconds: 7200 },
    ]);
  });

  it('computes a report in the queue and downloads it as CSV', async () => {
    const created = await admin
      .post('/api/analytics/reports')
      .send({ name: 'Relatório semanal ç', type: 'productivity', parameters: { period: 7 } })
      .expect(201);
    expect(created.body).toMatchObject({
      name: 'Relatório semanal ç',
      type: 'productivity',
      status: 'pending',
      parameters: { period: 7 },
      completed_at: null,
    });
    const report = await waitForReport(admin, created.body.id);
    expect(report).toMatchObject({ status: 'completed', completed_at: expect.any(String), created_at: expect.any(String) });

    const file = await admin.get(`/api/analytics/reports/${created.body.id}/download`).buffer(true).expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    // The report's own name, with an ASCII fallback and RFC 6266 filename* for the accents.
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Relatorio semanal c.csv"; filename*=UTF-8''Relat%C3%B3rio%20semanal%20%C3%A7.csv`,
    );
    const text = file.body instanceof Buffer ? file.body.toString('utf8') : file.text;
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Membro;Tarefas concluídas;Horas;Tarefas abertas',
      `${names.a};1;2;1`,
      `${names.b};1;1,5;1`,
      `${names.c};1;0;0`,
      'Administrador;0;0;0',
      '',
    ]);
  });

  it('writes one row per time entry or completed task', async () => {
    const time = await admin
      .post('/api/analytics/reports')
      .send({ name: 'Tempo', type: 'time_tracking', parameters: { period: 7 } })
      .expect(201);
    const tasks = await admin
      .post('/api/analytics/reports')
      .send({ name: 'Entregas', type: 'task_completion', parameters: { period: 7 } })
      .expect(201);
    await waitForReport(admin, time.body.id);
    await waitForReport(admin, tasks.body.id);
    const lines = async (id: number) => {
      const file = await admin.get(`/api/analytics/reports/${id}/download`).buffer(true).expect(200);
      return (file.body instanceof Buffer ? file.body.toString('utf8') : file.text).trimEnd().split('\r\n');
    };
    const timeLines = await lines(time.body.id);
    expect(timeLines[0]).toBe('\uFEFFInício;Fim;Membro;Cliente;Tarefa;Horas');
    expect(
      timeLines
        .slice(1)
        .map((l) => l.split(';').slice(2).join(';'))
        .sort(),
    ).toEqual([`${names.a};Cliente X;T1;2`, `${names.b};Cliente Y;T3;1,5`]);
    const taskLines = await lines(tasks.body.id);
    expect(taskLines).toHaveLength(4);
    expect(
      taskLines
        .slice(1)
        .map((l) => l.split(';').slice(0, 3).join(';'))
        .sort(),
    ).toEqual([`T1;Cliente X;${names.a}`, `T4;Cliente Y;${names.b}`, `T7;Cliente X;${names.c}`]);
  });

  it('refuses invalid reports with the spec messages and writes nothing', async () => {
    const count = async () => (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM analytics_reports`))[0].n;
    const before = await count();
    const cases: [object, string][] = [
      [{ type: 'productivity', parameters: { period: 30 } }, REPORT_NAME_REQUIRED],
      [{ name: '   ', type: 'productivity', parameters: { period: 30 } }, REPORT_NAME_REQUIRED],
      [{ name: 'Sem tipo', parameters: { period: 30 } }, REPORT_TYPE_REQUIRED],
      [{ name: 'Tipo errado', type: 'sales', parameters: { period: 30 } }, REPORT_TYPE_REQUIRED],
      [{ name: 'Período', type: 'productivity', parameters: { period: 14 } }, REPORT_PERIOD_INVALID],
      [{ name: 'Sem período', type: 'productivity' }, REPORT_PERIOD_INVALID],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post('/api/analytics/reports').send(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('computes again reports left pending or processing by a process that stopped', async () => {
    const adminId = await adminUserId(ctx);
    const insert = async (status: 'pending' | 'processing', age: number) =>
      (await newReport(ctx, { user: adminId, status, name: 'Órfão', type: 'task_completion', createdAt: secondsAgo(age) })).id;
    const lostJob = await insert('pending', 5 * 60);
    const deadWorker = await insert('processing', 3600);
    const stillRunning = await insert('processing', 10);
    await ctx.app.get(ReportsService).sweepStale();
    expect(await waitForReport(admin, lostJob)).toMatchObject({ status: 'completed' });
    expect(await waitForReport(admin, deadWorker)).toMatchObject({ status: 'completed' });
    const [fresh] = await ctx.dataSource.query(`SELECT status FROM analytics_reports WHERE id = $1`, [stillRunning]);
    expect(fresh.status).toBe('processing');
    await ctx.dataSource.getRepository(ReportEntity).delete([lostJob, deadWorker, stillRunning]); // clean up: the next test lists the reports
  });

  it('keeps reports per user and downloads only completed ones', async () => {
    const manager = await newUser(ctx, { profileId: 2 });
    const { loginAs } = await import('./utils/test-app');
    const gerente = await loginAs(ctx, manager.email, manager.password);
    const { id: pending } = await newReport(ctx, { user: manager.id, status: 'processing', name: 'Na fila' });
    expect((await gerente.get(`/api/analytics/reports/${pending}/download`)).status).toBe(409);
    // The manager sees only their own; the administrator (profile 1) sees everyone's.
    const mine = await gerente.get('/api/analytics/reports').expect(200);
    expect(mine.body.map((r: { id: number }) => r.id)).toEqual([pending]);
    const all = await admin.get('/api/analytics/reports').expect(200);
    expect(all.body.map((r: { id: number }) => r.id)).toContain(pending);
    const adminReport = all.body.find((r: { id: number; status: string }) => r.id !== pending && r.status === 'completed');
    expect((await gerente.get(`/api/analytics/reports/${adminReport.id}/download`)).status).toBe(404);
    expect((await admin.get('/api/analytics/reports/2147483647/download')).status).toBe(404);
  });
});

/** A completed report of the caller's own, so the download is allowed for whoever may read analytics. */
async function ownCompletedReport({ ctx, actors, self }: MatrixEnv): Promise<number> {
  return (await newReport(ctx, { user: self?.id ?? actors.ids.admin, status: 'completed', name: 'Matriz' })).id;
}

/** Analytics read: the administrator and the manager; not the collaborator nor the hidden profile. */
const READERS = only(['admin', 'gerente']);
const ROWS: MatrixRow[] = [
  { name: 'GET /api/analytics/dashboard', method: 'get', path: () => '/api/analytics/dashboard?period=30', expect: READERS },
  { name: 'GET /api/analytics/trend', method: 'get', path: () => '/api/analytics/trend?period=30', expect: READERS },
  { name: 'GET /api/analytics/productivity', method: 'get', path: () => '/api/analytics/productivity?period=7', expect: READERS },
  { name: 'GET /api/analytics/clients', method: 'get', path: () => '/api/analytics/clients?period=90', expect: READERS },
  { name: 'GET /api/analytics/reports', method: 'get', path: () => '/api/analytics/reports', expect: READERS },
  {
    name: 'POST /api/analytics/reports',
    method: 'post',
    path: () => '/api/analytics/reports',
    body: () => ({ name: 'Matriz', type: 'client_performance', parameters: { period: 30 } }),
    expect: READERS,
  },
  {
    name: 'GET /api/analytics/reports/:id/download (own)',
    method: 'get',
    path: async (env) => `/api/analytics/reports/${await ownCompletedReport(env)}/download`,
    expect: READERS,
  },
];

describe('analytics: who may call what (e2e)', () => {
  runMatrix(ROWS);
});
