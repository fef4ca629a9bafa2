import type request from 'supertest';
import { LEARNING_MESSAGES, type LearningDashboard, type LearningPathSummary } from '@wkflow/contracts';
import { LearningStepEntity } from '../src/learning/learning-step.entity';
import { LEARNING_CATALOGUE, seedLearningCatalogue } from '../src/learning/learning.seed';
import { expectAll, type MatrixEnv, type MatrixRow, runMatrix } from './utils/matrix';
import { loginAs, newUser, startTestApp, type TestContext } from './utils/test-app';

type Agent = ReturnType<typeof request.agent>;

describe('learning (e2e)', () => {
  let ctx: TestContext;
  let agent: Agent;
  let userId: number;
  /** Path ids by catalogue slug. */
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await startTestApp();
    const user = await newUser(ctx, { profileId: 3 });
    userId = user.id;
    agent = await loginAs(ctx, user.email, user.password);
    const rows: { id: number; slug: string }[] = await ctx.dataSource.query(`SELECT id, slug FROM learning_paths`);
    for (const row of rows) ids[row.slug] = row.id;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const dashboard = async (a: Agent = agent): Promise<LearningDashboard> => (await a.get('/api/learning/dashboard').expect(200)).body;
  const pathIn = (d: LearningDashboard, slug: string): LearningPathSummary => d.paths.find((p) => p.id === ids[slug])!;
  const progressRows = async (): Promise<number> =>
    (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM learning_progress WHERE "userId" = $1`, [userId]))[0].n;

  it('shows the catalogue to a new user: nothing done, paths with prerequisites locked', async () => {
    const d = await dashboard();
    expect(d).toMatchObject({ totalPoints: 0, level: 1, levelName: 'Novato', completedPaths: 0, achievements: 0 });
    expect(d.paths.map((p) => p.title)).toEqual(LEARNING_CATALOGUE.map((p) => p.title));
    const first = pathIn(d, 'primeiros-passos');
    expect(first).toEqual({
      id: ids['primeiros-passos'],
      title: 'Primeiros passos no WKFlow',
      description: expect.any(String),
      category: 'basic',
      difficulty: 'beginner',
      status: 'not_started',
      color: '#3b82f6',
      progress: 0,
      completedSteps: 0,
      totalSteps: LEARNING_CATALOGUE[0].steps.length,
      estimatedTime: 20,
      prerequisites: [],
    });
    expect(pathIn(d, 'organizando-o-quadro')).toMatchObject({ status: 'locked', prerequisites: ['Primeiros passos no WKFlow'] });
    const unlocked = LEARNING_CATALOGUE.filter((p) => p.prerequisites.length === 0).length;
    expect(d.availablePaths).toBe(unlocked);
    expect(d.achievementList.find((a) => a.title === 'Primeiros passos')).toMatchObject({ unlocked: false });
  });

  it('refuses to start a locked path or complete its steps (409), writing nothing', async () => {
    const locked = ids['organizando-o-quadro'];
    const detail = await agent.get(`/api/learning/paths/${locked}`).expect(200);
    expect(detail.body.status).toBe('locked');
    const response = await agent.post(`/api/learning/paths/${locked}/start`).expect(409);
    expect(response.body.message).toBe(LEARNING_MESSAGES.locked);
    const step = detail.body.steps[0].id;
    const complete = await agent.post(`/api/learning/paths/${locked}/steps/${step}/complete`).expect(409);
    expect(complete.body.message).toBe(LEARNING_MESSAGES.locked);
    expect(await progressRows()).toBe(0);
    const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM learning_path_starts WHERE "userId" = $1`, [userId]);
    expect(n).toBe(0);
  });

  it('starts a path, which then shows as in progress with its steps', async () => {
    const id = ids['primeiros-passos'];
    const started = await agent.post(`/api/learning/paths/${id}/start`).expect(200);
    expect(started.body).toMatchObject({ id, status: 'in_progress', progress: 0, completedSteps: 0 });
    // A Colaborador reads the steps his profile cannot do in their version for him.
    expect(started.body.steps.map((s: { title: string }) => s.title)).toEqual(
      LEARNING_CATALOGUE[0].steps.map((s) => (s.needs && s.otherwise ? s.otherwise.title : s.title)),
    );
    expect(started.body.steps[0]).toEqual({
      id: expect.any(Number),
      title: 'Conheça o quadro WKFlow',
      description: expect.any(String),
      order: 1,
      xp: 10,
      completed: false,
      completedAt: null,
    });
    // Starting again is harmless.
    await agent.post(`/api/learning/paths/${id}/start`).expect(200);
    expect(pathIn(await dashboard(), 'primeiros-passos').status).toBe('in_progress');
  });

  it('awards a step XP once, however often it is completed', async () => {
    const id = ids['primeiros-passos'];
    const { body: path } = await agent.get(`/api/learning/paths/${id}`).expect(200);
    const step = path.steps[0];
    const first = await agent.post(`/api/learning/paths/${id}/steps/${step.id}/complete`).expect(200);
    expect(first.body).toMatchObject({ xpAwarded: 10, totalPoints: 10 });
    expect(first.body.path).toMatchObject({ completedSteps: 1, progress: 20, status: 'in_progress' });
    expect(first.body.path.steps[0]).toMatchObject({ completed: true, completedAt: expect.any(String) });

    const again = await agent.post(`/api/learning/paths/${id}/steps/${step.id}/complete`).expect(200);
    expect(again.body).toMatchObject({ xpAwarded: 0, totalPoints: 10 });
    expect(await progressRows()).toBe(1);

    const d = await dashboard();
    expect(d.totalPoints).toBe(10);
    expect(d.achievements).toBe(1);
    expect(d.achievementList.find((a) => a.title === 'Primeiros passos')).toMatchObject({ unlocked: true });
  });

  it('completing every step completes the path and unlocks the paths that needed it', async () => {
    const id = ids['primeiros-passos'];
    const { body: path } = await agent.get(`/api/learning/paths/${id}`).expect(200);
    let last;
    for (const step of path.steps) last = await agent.post(`/api/learning/paths/${id}/steps/${step.id}/complete`).expect(200);
    expect(last!.body.path).toMatchObject({ status: 'completed', progress: 100, completedSteps: path.steps.length });
    expect(last!.body.totalPoints).toBe(path.steps.length * 10);

    const d = await dashboard();
    expect(d.completedPaths).toBe(1);
    expect(d.totalPoints).toBe(50);
    expect(d.level).toBe(1);
    expect(d.achievementList.filter((a) => a.unlocked).map((a) => a.title)).toEqual(['Primeiros passos', 'Trilha concluída']);
    const next = pathIn(d, 'organizando-o-quadro');
    expect(next.status).toBe('not_started');
    // gestao-de-equipe also needs comunicacao-em-equipe: still locked.
    expect(pathIn(d, 'gestao-de-equipe').status).toBe('locked');

    await agent.post(`/api/learning/paths/${next.id}/start`).expect(200);
    const { body: unlocked } = await agent.get(`/api/learning/paths/${next.id}`).expect(200);
    const done = await agent.post(`/api/learning/paths/${next.id}/steps/${unlocked.steps[0].id}/complete`).expect(200);
    expect(done.body).toMatchObject({ xpAwarded: 10, totalPoints: 60 });
    const after = await dashboard();
    expect(after).toMatchObject({ totalPoints: 60, level: 2, levelName: 'Aprendiz' });
  });

  it('keeps progress per user', async () => {
    const other = await newUser(ctx);
    const d = await dashboard(await loginAs(ctx, other.email, other.password));
    expect(d.totalPoints).toBe(0);
    expect(pathIn(d, 'primeiros-passos').status).toBe('not_started');
  });

  it("phrases steps for the learner's profile and says nothing the product does not do (issue 22 §14)", async () => {
    const id = ids['primeiros-passos'];
    const texts = (body: { steps: Array<{ title: string; description: string }> }) =>
      body.steps.map((step) => `${step.title} ${step.description}`).join('\n');
    const colaborador = (await agent.get(`/api/learning/paths/${id}`).expect(200)).body;
    expect(colaborador.steps[1].title).toBe('Abra uma tarefa atribuída a você');
    expect(texts(colaborador)).not.toContain('Nova Tarefa');
    const gerente = await newUser(ctx, { profileId: 2 });
    const manager = (await (await loginAs(ctx, gerente.email, gerente.password)).get(`/api/learning/paths/${id}`).expect(200)).body;
    expect(manager.steps[1].title).toBe('Crie sua primeira tarefa');
    expect(manager.steps[1].description).toContain('no + de uma lista (entra nessa lista)');
    // Same step ids for both: progress and XP do not depend on the wording.
    expect(manager.steps.map((s: { id: number }) => s.id)).toEqual(colaborador.steps.map((s: { id: number }) => s.id));
    const catalogue = JSON.stringify(LEARNING_CATALOGUE);
    expect(catalogue).not.toContain('Toda tarefa nova entra no Backlog');

    // The seed re-run (an upgrade) rewrites old texts in place and keeps every step id.
    const before: Array<{ id: number }> = await ctx.dataSource.query(`SELECT id FROM learning_steps ORDER BY id`);
    // An older catalogue's wording, as a previous seed left it.
    await ctx.dataSource
      .getRepository(LearningStepEntity)
      .update({ pathId: id, stepOrder: 2 }, { description: 'Toda tarefa nova entra no Backlog.' });
    await seedLearningCatalogue(ctx.dataSource);
    expect(await ctx.dataSource.query(`SELECT id FROM learning_steps ORDER BY id`)).toEqual(before);
    const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM learning_steps WHERE description LIKE '%Toda tarefa nova%'`);
    expect(n).toBe(0);
  });

  it('answers unknown paths and steps with 404 and bad ids with 400', async () => {
    const id = ids['primeiros-passos'];
    expect((await agent.get('/api/learning/paths/999999').expect(404)).body.message).toBe(LEARNING_MESSAGES.pathNotFound);
    await agent.post('/api/learning/paths/999999/start').expect(404);
    // A step of another path is not a step of this one.
    const { body: other } = await agent.get(`/api/learning/paths/${ids['controle-de-tempo']}`).expect(200);
    const wrong = await agent.post(`/api/learning/paths/${id}/steps/${other.steps[0].id}/complete`).expect(404);
    expect(wrong.body.message).toBe(LEARNING_MESSAGES.stepNotFound);
    await agent.get('/api/learning/paths/abc').expect(400);
    await agent.post(`/api/learning/paths/${id}/steps/0/complete`).expect(400);
  });
});

describe('learning authorization (e2e)', () => {
  const firstPath = async ({ ctx }: MatrixEnv) =>
    (await ctx.dataSource.query(`SELECT id FROM learning_paths WHERE slug = 'primeiros-passos'`))[0].id;
  const firstStep = async (env: MatrixEnv) => {
    const pathId = await firstPath(env);
    const [{ id }] = await env.ctx.dataSource.query(`SELECT id FROM learning_steps WHERE "pathId" = $1 ORDER BY "stepOrder" LIMIT 1`, [
      pathId,
    ]);
    return `/api/learning/paths/${pathId}/steps/${id}/complete`;
  };
  const ROWS: MatrixRow[] = [
    { name: 'GET /api/learning/dashboard', method: 'get', path: () => '/api/learning/dashboard', expect: expectAll('2xx') },
    {
      name: 'GET /api/learning/paths/:id',
      method: 'get',
      path: async (env) => `/api/learning/paths/${await firstPath(env)}`,
      expect: expectAll('2xx'),
    },
    {
      name: 'POST /api/learning/paths/:id/start',
      method: 'post',
      path: async (env) => `/api/learning/paths/${await firstPath(env)}/start`,
      expect: expectAll('2xx'),
    },
    { name: 'POST /api/learning/paths/:id/steps/:stepId/complete', method: 'post', path: firstStep, expect: expectAll('2xx') },
  ];
  runMatrix(ROWS);
});
