import { RECOMMENDATIONS_RESTRICTED_MESSAGE } from '@wkflow/contracts';
import { RecommendationEntity } from '../src/analytics/recommendation.entity';
import { columnNamed, newClient, newProfile, newRecommendation, newTask, newTimeEntry, secondsAgo } from './factories';
import { startIsolatedApp } from './utils/isolated-app';
import { only, runMatrix, type MatrixEnv, type MatrixRow } from './utils/matrix';
import { loginAs, loginAsAdmin, newUser, unique, type TestContext } from './utils/test-app';

const DAY = 86_400_000;
type Agent = Awaited<ReturnType<typeof loginAsAdmin>>;

describe('recommendations (e2e)', () => {
  let ctx: TestContext & { stop: () => Promise<void> };
  let admin: Agent;
  let busyName: string;
  let idleName: string;
  let doingId: number;

  /**
   * A board on a database of its own: 12 tasks in 'Em andamento' for one member (6 overdue), 4
   * unassigned in 'A fazer', nothing completed; a second member without tasks; a client untouched
   * for 40 days.
   */
  beforeAll(async () => {
    ctx = await startIsolatedApp('recommendations');
    admin = await loginAsAdmin(ctx);
    const busy = await newUser(ctx);
    const idle = await newUser(ctx);
    busyName = busy.name;
    idleName = idle.name;
    doingId = (await columnNamed(ctx, 'Em andamento')).id;
    const todo = (await columnNamed(ctx, 'A fazer')).id;
    const client = (await newClient(ctx, { name: 'Cliente Ativo' })).id;
    await newClient(ctx, { name: 'Cliente Parado', createdAt: secondsAgo(40 * 86_400) });
    for (let i = 0; i < 12; i += 1) {
      const deadline = new Date(Date.now() + (i < 6 ? -3 : 5) * DAY);
      const task = await newTask(ctx, {
        title: `Em andamento ${i}`,
        description: '',
        client,
        column: doingId,
        deadline,
        assignees: [busy.id],
      });
      if (i === 0) await newTimeEntry(ctx, { user: busy.id, task: task.id, start: secondsAgo(2 * 86_400), seconds: 7200 });
    }
    for (let i = 0; i < 4; i += 1) {
      await newTask(ctx, { title: `A fazer ${i}`, description: '', client, column: todo, deadline: new Date(Date.now() + 5 * DAY) });
    }
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  const count = async () => (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM recommendations`))[0].n;

  it('generates what the rules call for, and nothing more when generated again', async () => {
    const first = await admin.post('/api/recommendations/generate').expect(201);
    expect(first.body.created).toBe(7);
    const byKey = Object.fromEntries(first.body.recommendations.map((r: { key: string }) => [r.key, r]));
    expect(Object.keys(byKey).sort()).toEqual(
      [
        'bottleneck:' + doingId,
        'idle-members',
        'inactive-clients',
        'low-completion-rate',
        'overdue-rate',
        'overloaded-members',
        'unassigned-tasks',
      ].sort(),
    );
    expect(byKey['overdue-rate']).toMatchObject({
      type: 'workflow',
      priority: 'high',
      status: 'active',
      data: { overdueTasks: 6, openTasks: 16, overdueRate: 37.5 },
    });
    expect(byKey['bottleneck:' + doingId]).toMatchObject({ title: 'Gargalo na coluna "Em andamento"', data: { openTasks: 12, share: 75 } });
    // The share is of the open tasks: 'em andamento' would read as the column of that name.
    expect(byKey['bottleneck:' + doingId].description).toBe('A coluna "Em andamento" concentra 12 tarefas (75% das tarefas abertas).');
    expect(byKey['overloaded-members'].description).toContain(busyName);
    expect(byKey['idle-members'].description).toContain(idleName);
    expect(byKey['idle-members'].description).not.toContain(busyName);
    expect(byKey['inactive-clients'].data).toEqual({ clients: [expect.objectContaining({ name: 'Cliente Parado' })] });
    // Active for a week.
    const expires = new Date(byKey['overdue-rate'].expiresAt).getTime();
    expect(Math.abs(expires - (Date.now() + 7 * DAY))).toBeLessThan(60_000);

    const second = await admin.post('/api/recommendations/generate').expect(201);
    expect(second.body.created).toBe(0);
    expect(await count()).toBe(7);
    expect((await admin.get('/api/recommendations').expect(200)).body).toHaveLength(7);
  });

  it('implements and dismisses, once', async () => {
    const list = (await admin.get('/api/recommendations').expect(200)).body as { id: number; key: string; priority: string }[];
    // Most urgent first.
    expect(list[list.length - 1].priority).toBe('low');
    const overdue = list.find((r) => r.key === 'overdue-rate')!;
    const inactive = list.find((r) => r.key === 'inactive-clients')!;

    const implemented = await admin.post(`/api/recommendations/${overdue.id}/implement`).send({ notes: 'Prazos revistos' }).expect(200);
    expect(implemented.body).toMatchObject({ id: overdue.id, status: 'implemented' });
    const [row] = await ctx.dataSource.query(`SELECT "resolutionNote", "resolvedBy" FROM recommendations WHERE id = $1`, [overdue.id]);
    expect(row.resolutionNote).toBe('Prazos revistos');
    expect(row.resolvedBy).toEqual(expect.any(Number));
    await admin.post(`/api/recommendations/${inactive.id}/dismiss`).send({}).expect(200);

    expect((await admin.post(`/api/recommendations/${overdue.id}/implement`).send({})).status).toBe(409);
    expect((await admin.post(`/api/recommendations/${overdue.id}/dismiss`).send({ reason: 'tarde' })).status).toBe(409);
    const missing = await admin.post('/api/recommendations/2147483647/implement').send({});
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Recomendação não encontrada');

    const active = (await admin.get('/api/recommendations').expect(200)).body as { id: number }[];
    expect(active.map((r) => r.id)).not.toContain(overdue.id);
    expect(active).toHaveLength(5);
    // A resolved situation is not proposed again within the week.
    expect((await admin.post('/api/recommendations/generate').expect(201)).body.created).toBe(0);
    expect(
      await admin
        .get('/api/recommendations/stats')
        .expect(200)
        .then((r) => r.body),
    ).toEqual({ active: 5, implemented: 1, implementationRate: 14.3 });
  });

  it('proposes a key again once its active row expired', async () => {
    // Expired by hand: the clock moved on.
    await ctx.dataSource
      .getRepository(RecommendationEntity)
      .update({ key: 'unassigned-tasks', status: 'active' }, { expiresAt: secondsAgo(60) });
    expect((await admin.get('/api/recommendations').expect(200)).body).toHaveLength(4);
    expect((await admin.post('/api/recommendations/generate').expect(201)).body.created).toBe(1);
    const rows = await ctx.dataSource.query(`SELECT status FROM recommendations WHERE key = 'unassigned-tasks' ORDER BY id`);
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['expired', 'active']);
  });

  it('refuses malformed notes and reasons and changes nothing', async () => {
    const [target] = (await admin.get('/api/recommendations').expect(200)).body;
    for (const [action, body, message] of [
      ['implement', { notes: 123 }, 'Notas devem ser um texto'],
      ['implement', { notes: null }, 'Notas devem ser um texto'],
      ['dismiss', { reason: ['x'] }, 'Motivo deve ser um texto'],
      ['dismiss', { motivo: 'x' }, 'O campo motivo não é permitido'],
    ] as const) {
      const response = await admin.post(`/api/recommendations/${target.id}/${action}`).send(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const [row] = await ctx.dataSource.query(`SELECT status FROM recommendations WHERE id = $1`, [target.id]);
    expect(row.status).toBe('active');
  });

  it('reports the team insights', async () => {
    const { body } = await admin.get('/api/recommendations/analytics').expect(200);
    expect(body).toEqual({
      teamProductivityScore: 19, // 0 % complete, 62.5 % on time
      completionRate: 0,
      createdLast30: 16,
      completedOfCreatedLast30: 0,
      overdueRate: 37.5,
      completedTasks: 0,
      overdueTasks: 6,
      totalTasks: 16,
      avgCompletionTime: 0,
      mostActiveUser: { name: busyName },
      leastActiveUser: { name: idleName },
      bottleneckColumn: 'Em andamento',
    });
  });

  it('is restricted to profile 1 and managers, even with users read', async () => {
    const profileId = await newProfile(ctx, { users: 'read' });
    const reader = await newUser(ctx, { profileId });
    const agent = await loginAs(ctx, reader.email, reader.password);
    const response = await agent.get('/api/recommendations');
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(`Acesso Restrito – ${RECOMMENDATIONS_RESTRICTED_MESSAGE}`);
    expect((await agent.post('/api/recommendations/generate')).status).toBe(403);
  });
});

/** An active recommendation per call, so each actor's implement or dismiss has one to act on. */
async function activeRecommendation({ ctx }: MatrixEnv): Promise<number> {
  return (await newRecommendation(ctx, { key: unique('matriz-') })).id;
}

/** Users read plus profile 1 or role manager: the administrator and the manager only. */
const ALLOWED = only(['admin', 'gerente']);
const ROWS: MatrixRow[] = [
  { name: 'GET /api/recommendations', method: 'get', path: () => '/api/recommendations', expect: ALLOWED },
  { name: 'GET /api/recommendations/stats', method: 'get', path: () => '/api/recommendations/stats', expect: ALLOWED },
  { name: 'GET /api/recommendations/analytics', method: 'get', path: () => '/api/recommendations/analytics', expect: ALLOWED },
  { name: 'POST /api/recommendations/generate', method: 'post', path: () => '/api/recommendations/generate', expect: ALLOWED },
  {
    name: 'POST /api/recommendations/:id/implement',
    method: 'post',
    path: async (env) => `/api/recommendations/${await activeRecommendation(env)}/implement`,
    body: () => ({ notes: 'feito' }),
    expect: ALLOWED,
  },
  {
    name: 'POST /api/recommendations/:id/dismiss',
    method: 'post',
    path: async (env) => `/api/recommendations/${await activeRecommendation(env)}/dismiss`,
    body: () => ({ reason: 'não se aplica' }),
    expect: ALLOWED,
  },
];

describe('recommendations: who may call what (e2e)', () => {
  runMatrix(ROWS);
});
