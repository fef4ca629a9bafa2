import type request from 'supertest';
import { ONBOARDING_MESSAGES, ONBOARDING_STEP_TEMPLATE } from '@wkflow/contracts';
import { OnboardingProcessEntity } from '../src/onboarding/onboarding-process.entity';
import { loginAs, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = ReturnType<typeof request.agent>;

describe('onboarding (e2e)', () => {
  let ctx: TestContext;
  let manager: Agent;
  let managerUser: Awaited<ReturnType<typeof newUser>>;
  let collaborator: Agent;

  beforeAll(async () => {
    ctx = await startTestApp();
    managerUser = await newUser(ctx, { profileId: 2 });
    manager = await loginAs(ctx, managerUser.email, managerUser.password);
    const collaboratorUser = await newUser(ctx, { profileId: 3 });
    collaborator = await loginAs(ctx, collaboratorUser.email, collaboratorUser.password);
  });

  afterAll(async () => {
    await ctx.app.close();
  });

  async function newClient(): Promise<{ id: number; name: string }> {
    const response = await manager
      .post('/api/clients')
      .send({ name: unique('Cliente ') })
      .expect(201);
    return response.body;
  }

  async function processCount(): Promise<number> {
    const [{ count }] = await ctx.dataSource.query(`SELECT count(*)::int AS count FROM onboarding_processes`);
    return count;
  }

  it('starts a process from the template, assigned to the starter', async () => {
    const client = await newClient();
    const started = await manager.post('/api/onboarding').send({ clientId: client.id }).expect(201);
    expect(started.body).toEqual({
      id: expect.any(Number),
      client_id: client.id,
      client_name: client.name,
      status: 'pending',
      current_step: 0,
      total_steps: ONBOARDING_STEP_TEMPLATE.length,
      assigned_to: managerUser.id,
      assigned_username: managerUser.username,
      assigned_name: managerUser.name,
      started_at: null,
      created_at: expect.any(String),
      completed_at: null,
    });

    const list = await collaborator.get('/api/onboarding').expect(200);
    expect(list.body.find((p: { id: number }) => p.id === started.body.id)).toEqual(started.body);

    const steps = await collaborator.get(`/api/onboarding/${started.body.id}/steps`).expect(200);
    expect(steps.body).toHaveLength(ONBOARDING_STEP_TEMPLATE.length);
    expect(steps.body[0]).toEqual({
      id: expect.any(Number),
      process_id: started.body.id,
      name: ONBOARDING_STEP_TEMPLATE[0].name,
      description: ONBOARDING_STEP_TEMPLATE[0].description,
      category: ONBOARDING_STEP_TEMPLATE[0].category,
      estimated_duration: ONBOARDING_STEP_TEMPLATE[0].estimatedDuration,
      step_order: 1,
      status: 'pending',
      notes: null,
      completed_at: null,
    });
    expect(steps.body.map((s: { step_order: number }) => s.step_order)).toEqual(ONBOARDING_STEP_TEMPLATE.map((_, i) => i + 1));
    expect(new Set(steps.body.map((s: { category: string }) => s.category))).toEqual(
      new Set(['documentation', 'setup', 'training', 'approval']),
    );
  });

  it('refuses a start without a client, for an unknown client, or while one is open', async () => {
    const before = await processCount();
    for (const body of [{}, { clientId: null }, { clientId: 'abc' }, { clientId: 0 }, { clientId: 1.5 }, { clientId: 99999999999 }]) {
      const response = await manager.post('/api/onboarding').send(body).expect(400);
      expect(response.body.message).toBe(ONBOARDING_MESSAGES.selectClient);
    }
    const unknown = await manager.post('/api/onboarding').send({ clientId: 2147483647 }).expect(404);
    expect(unknown.body.message).toBe('Cliente não encontrado');
    expect(await processCount()).toBe(before);

    const client = await newClient();
    await manager
      .post('/api/onboarding')
      .send({ clientId: String(client.id) })
      .expect(201);
    const twice = await manager.post('/api/onboarding').send({ clientId: client.id }).expect(409);
    expect(twice.body).toEqual({ statusCode: 409, message: ONBOARDING_MESSAGES.alreadyOpen, error: 'Conflict' });
    expect(await processCount()).toBe(before + 1);
  });

  it('lets only one of two simultaneous starts for a client through', async () => {
    const client = await newClient();
    const results = await Promise.all([1, 2, 3].map(() => manager.post('/api/onboarding').send({ clientId: client.id })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('moves the process with its steps: in progress at the first start, completed when all are done', async () => {
    const client = await newClient();
    const { body: process } = await manager.post('/api/onboarding').send({ clientId: client.id }).expect(201);
    const { body: steps } = await manager.get(`/api/onboarding/${process.id}/steps`).expect(200);
    const url = (stepId: number) => `/api/onboarding/${process.id}/steps/${stepId}`;

    const first = await manager.put(url(steps[0].id)).send({ status: 'in_progress', notes: 'Reunião marcada' }).expect(200);
    expect(first.body.step).toMatchObject({ id: steps[0].id, status: 'in_progress', notes: 'Reunião marcada', completed_at: null });
    expect(first.body.process).toMatchObject({ id: process.id, status: 'in_progress', current_step: 0, completed_at: null });
    expect(first.body.process.started_at).toEqual(expect.any(String));
    const startedAt = first.body.process.started_at;

    // Notes omitted are kept; completing sets completed_at on the server.
    const done = await manager.put(url(steps[0].id)).send({ status: 'completed' }).expect(200);
    expect(done.body.step).toMatchObject({ status: 'completed', notes: 'Reunião marcada' });
    expect(new Date(done.body.step.completed_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(done.body.process).toMatchObject({ status: 'in_progress', current_step: 1, started_at: startedAt });

    // Completing again keeps the first completion time; a blank note clears the notes.
    const again = await manager.put(url(steps[0].id)).send({ status: 'completed', notes: '  ' }).expect(200);
    expect(again.body.step).toMatchObject({ completed_at: done.body.step.completed_at, notes: null });

    for (const step of steps.slice(1, -1)) await manager.put(url(step.id)).send({ status: 'completed' }).expect(200);
    const almost = await manager.get('/api/onboarding').expect(200);
    expect(almost.body.find((p: { id: number }) => p.id === process.id)).toMatchObject({
      status: 'in_progress',
      current_step: steps.length - 1,
      completed_at: null,
    });

    const last = await manager
      .put(url(steps[steps.length - 1].id))
      .send({ status: 'completed', notes: 'Aprovado pelo cliente' })
      .expect(200);
    expect(last.body.process).toMatchObject({ status: 'completed', current_step: steps.length, total_steps: steps.length });
    expect(last.body.process.completed_at).toEqual(expect.any(String));

    // A completed process is closed: notes may change, steps are not reopened; it no longer blocks a new one.
    const noted = await manager.put(url(steps[1].id)).send({ status: 'completed', notes: 'Revisado' }).expect(200);
    expect(noted.body.process).toMatchObject({ status: 'completed', completed_at: last.body.process.completed_at });
    const reopen = await manager.put(url(steps[1].id)).send({ status: 'in_progress' }).expect(409);
    expect(reopen.body.message).toBe(ONBOARDING_MESSAGES.completed);
    await manager.post('/api/onboarding').send({ clientId: client.id }).expect(201);
  });

  it('reopens a step of an open process, taking the progress back', async () => {
    const client = await newClient();
    const { body: process } = await manager.post('/api/onboarding').send({ clientId: client.id }).expect(201);
    const { body: steps } = await manager.get(`/api/onboarding/${process.id}/steps`).expect(200);
    const url = (stepId: number) => `/api/onboarding/${process.id}/steps/${stepId}`;
    await manager.put(url(steps[0].id)).send({ status: 'completed' }).expect(200);
    const two = await manager.put(url(steps[1].id)).send({ status: 'completed' }).expect(200);
    expect(two.body.process).toMatchObject({ status: 'in_progress', current_step: 2 });

    const reopened = await manager.put(url(steps[1].id)).send({ status: 'in_progress' }).expect(200);
    expect(reopened.body.step).toMatchObject({ status: 'in_progress', completed_at: null });
    expect(reopened.body.process).toMatchObject({ status: 'in_progress', current_step: 1, completed_at: null });
  });

  it('refuses a step of another process (404), unknown ids, a bad status and a cancelled process', async () => {
    const a = await manager
      .post('/api/onboarding')
      .send({ clientId: (await newClient()).id })
      .expect(201);
    const b = await manager
      .post('/api/onboarding')
      .send({ clientId: (await newClient()).id })
      .expect(201);
    const { body: stepsOfB } = await manager.get(`/api/onboarding/${b.body.id}/steps`).expect(200);

    const mismatch = await manager.put(`/api/onboarding/${a.body.id}/steps/${stepsOfB[0].id}`).send({ status: 'completed' }).expect(404);
    expect(mismatch.body.message).toBe(ONBOARDING_MESSAGES.stepNotFound);
    const [row] = await ctx.dataSource.query(`SELECT status FROM onboarding_steps WHERE id = $1`, [stepsOfB[0].id]);
    expect(row.status).toBe('pending');

    const noProcess = await manager.put(`/api/onboarding/2147483647/steps/${stepsOfB[0].id}`).send({ status: 'completed' }).expect(404);
    expect(noProcess.body.message).toBe(ONBOARDING_MESSAGES.processNotFound);
    await manager.get('/api/onboarding/2147483647/steps').expect(404);
    await manager.get('/api/onboarding/abc/steps').expect(400);
    await manager.put(`/api/onboarding/${b.body.id}/steps/abc`).send({ status: 'completed' }).expect(400);

    for (const body of [
      {},
      { status: 'pending' },
      { status: 'done' },
      { status: 'completed', notes: 5 },
      { status: 'completed', notes: 'x'.repeat(2001) },
    ]) {
      const response = await manager.put(`/api/onboarding/${b.body.id}/steps/${stepsOfB[0].id}`).send(body).expect(400);
      expect(response.body.statusCode).toBe(400);
    }
    const badStatus = await manager.put(`/api/onboarding/${b.body.id}/steps/${stepsOfB[0].id}`).send({ status: 'pending' }).expect(400);
    expect(badStatus.body.message).toBe(ONBOARDING_MESSAGES.stepStatus);

    // No route cancels a process: the state is written by hand.
    await ctx.dataSource.getRepository(OnboardingProcessEntity).update(b.body.id, { status: 'cancelled' });
    const cancelled = await manager.put(`/api/onboarding/${b.body.id}/steps/${stepsOfB[0].id}`).send({ status: 'completed' }).expect(409);
    expect(cancelled.body.message).toBe(ONBOARDING_MESSAGES.cancelled);
  });

  it('lets clients readers view and only clients writers start and update', async () => {
    const client = await newClient();
    await collaborator.post('/api/onboarding').send({ clientId: client.id }).expect(403);
    const { body: process } = await manager.post('/api/onboarding').send({ clientId: client.id }).expect(201);
    const { body: steps } = await collaborator.get(`/api/onboarding/${process.id}/steps`).expect(200);
    await collaborator.put(`/api/onboarding/${process.id}/steps/${steps[0].id}`).send({ status: 'in_progress' }).expect(403);
    await ctx.http.get('/api/onboarding').expect(401);
  });
});
