import { type Agent, startTarget, type Target } from '../utils/target';

/**
 * Races, through HTTP only (so it also runs against a deployment: npm run test:api:remote):
 * parallel moves in one column, parallel timer starts, parallel approvals of one registration.
 */
describe('concurrency (e2e, HTTP only)', () => {
  let target: Target;
  let admin: Agent;

  beforeAll(async () => {
    target = await startTarget();
    admin = await target.admin();
  });
  afterAll(async () => {
    await target?.close();
  });

  it('keeps positions a permutation 1..n under parallel moves in one column', async () => {
    const column = (
      await admin
        .post('/api/columns')
        .send({ name: target.name('Lista ') })
        .expect(201)
    ).body;
    target.cleanup(`column ${column.id}`, (a) => a.delete(`/api/columns/${column.id}`));
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await target.newTask({ columnId: column.id }));
    const responses = await Promise.all(
      ids.map((id, i) => admin.put(`/api/tasks/${id}/move`).send({ columnId: column.id, position: ((i * 7) % 12) + 1 })),
    );
    expect(responses.map((r) => r.status)).toEqual(ids.map(() => 200));
    const tasks: { id: number; columnId: number; position: number }[] = (await admin.get('/api/tasks').expect(200)).body;
    const positions = tasks
      .filter((t) => t.columnId === column.id)
      .map((t) => t.position)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('keeps exactly one running timer when many starts race', async () => {
    const me = await target.newUser(3);
    const tasks = [
      await target.newTask({ assignedTo: [me.id] }),
      await target.newTask({ assignedTo: [me.id] }),
      await target.newTask({ assignedTo: [me.id] }),
    ];
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) => me.agent.post('/api/time-entries/start').send({ taskId: tasks[i % 3] })),
    );
    const created = responses.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(23);
    const active = (await me.agent.get('/api/time-entries/active').expect(200)).body;
    expect(active).toMatchObject({ id: created[0].body.id });
    await me.agent.post(`/api/time-entries/${active.id}/stop`).expect(200);
    expect((await me.agent.get('/api/time-entries/active').expect(200)).text).toMatch(/^(|null)$/);
  });

  it('approves a registration once when 10 approvals race: one 2xx, nine 409, one notification and one e-mail', async () => {
    const username = target.name();
    const email = `${username}@example.test`;
    const password = 'Qa-approval-1';
    await target
      .http()
      .post('/api/auth/register')
      .send({ name: 'QA Pendente', username, email, password, role: 'collaborator' })
      .expect(201);
    const pending = (await admin.get('/api/users/pending').expect(200)).body as { id: number; username: string }[];
    const id = pending.find((u) => u.username === username)!.id;
    target.retireUser(id, username);

    const responses = await Promise.all(Array.from({ length: 10 }, () => admin.post(`/api/users/${id}/approve`)));
    expect(responses.filter((r) => r.status >= 200 && r.status < 300)).toHaveLength(1);
    const conflicts = responses.filter((r) => r.status === 409);
    expect(conflicts).toHaveLength(9);
    expect(conflicts.every((r) => r.body.message === 'Usuário já aprovado')).toBe(true);

    const user = await target.login(email, password);
    const approvals = async () =>
      ((await user.get('/api/notifications').expect(200)).body as { type: string }[]).filter((n) => n.type === 'account_approved');
    const deadline = Date.now() + 10_000;
    while ((await approvals()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 500));
    expect(await approvals()).toHaveLength(1);
    const outbox: { recipient_email: string; subject: string }[] = (await admin.get('/api/admin/email-queue').expect(200)).body;
    expect(outbox.filter((e) => e.recipient_email === email && e.subject === 'Sua conta foi aprovada')).toHaveLength(1);
  });
});
