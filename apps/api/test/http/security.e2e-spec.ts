import { HOSTILE } from '../utils/hostile';
import { type Agent, startTarget, type Target } from '../utils/target';

/**
 * Security through HTTP only (also runs against a deployment): hostile text stored literally,
 * session cookie flags, logout ending the session server-side, and another user's objects out of
 * reach in every module that has per-user objects.
 */
describe('security (e2e, HTTP only)', () => {
  let target: Target;
  let admin: Agent;

  beforeAll(async () => {
    target = await startTarget();
    admin = await target.admin();
  });
  afterAll(async () => {
    await target?.close();
  });

  it.each(HOSTILE)('stores %j literally in tasks, comments, chat and clients, and searches it as plain text', async (text) => {
    const title = `${target.name()} ${text}`;
    const taskId = await target.newTask({ title });
    await admin.put(`/api/tasks/${taskId}`).send({ description: text }).expect(200);
    expect((await admin.get(`/api/tasks/${taskId}`).expect(200)).body).toMatchObject({ title, description: text });
    const found = (await admin.get('/api/tasks').query({ search: title }).expect(200)).body as { id: number }[];
    expect(found.map((t) => t.id)).toEqual([taskId]);

    await admin.post(`/api/tasks/${taskId}/comments`).send({ content: text }).expect(201);
    expect((await admin.get(`/api/tasks/${taskId}/comments`).expect(200)).body.map((c: { content: string }) => c.content)).toContain(text);

    const room = (
      await admin
        .post('/api/chat/rooms')
        .send({ name: `${target.name()} ${text}`.slice(0, 100) })
        .expect(201)
    ).body;
    await admin.post(`/api/chat/rooms/${room.id}/messages`).send({ message: text }).expect(201);
    expect((await admin.get(`/api/chat/rooms/${room.id}/messages`).expect(200)).body.map((m: { message: string }) => m.message)).toContain(
      text,
    );

    const client = (
      await admin
        .post('/api/clients')
        .send({ name: `${target.name()} ${text}`, description: text })
        .expect(201)
    ).body;
    target.cleanup(`client ${client.id}`, (a) => a.delete(`/api/clients/${client.id}`));
    expect((await admin.get(`/api/clients/${client.id}`).expect(200)).body).toMatchObject({ description: text });
    const credential = (
      await admin
        .post(`/api/clients/${client.id}/access`)
        .send({ toolName: text, url: 'https://exemplo.com.br', username: text, password: text, observations: text })
        .expect(201)
    ).body;
    expect((await admin.post(`/api/clients/${client.id}/access/${credential.id}/reveal`).expect(200)).body.password).toBe(text);
    target.cleanup(`credential ${credential.id}`, (a) => a.delete(`/api/clients/${client.id}/access/${credential.id}`));

    // The tables are still there.
    expect((await admin.get('/api/users').expect(200)).body.length).toBeGreaterThan(0);
  });

  it('treats hostile ids in paths and bodies as bad input (4xx), never a 500', async () => {
    for (const id of HOSTILE) {
      for (const path of [
        `/api/tasks/${encodeURIComponent(id)}`,
        `/api/clients/${encodeURIComponent(id)}`,
        `/api/users/${encodeURIComponent(id)}`,
      ]) {
        const response = await admin.get(path);
        expect([400, 404]).toContain(response.status);
      }
      const move = await admin.post('/api/time-entries/start').send({ taskId: id });
      expect(move.status).toBe(400);
      const task = await admin.post('/api/tasks').send({ title: 't', description: 'd', clientId: id, deadline: new Date().toISOString() });
      expect(task.status).toBe(400);
    }
  });

  it('sets the session cookie HttpOnly and SameSite=Lax (and Secure on https)', async () => {
    const user = await target.newUser(3);
    const response = await target.http().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    const cookie = (response.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) => c.startsWith('wkflow.sid=')) ?? '';
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    if (process.env.API_URL?.startsWith('https:')) expect(cookie).toMatch(/; Secure/i);
  });

  it('ends the session server-side at logout: replaying the old cookie gets 401', async () => {
    const user = await target.newUser(3);
    const login = await target.http().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    await target.http().get('/api/auth/me').set('Cookie', cookie).expect(200);
    await target.http().post('/api/auth/logout').set('Cookie', cookie).expect(200);
    await target.http().get('/api/auth/me').set('Cookie', cookie).expect(401);
    await target.http().get('/api/tasks').set('Cookie', cookie).expect(401);
  });

  it("keeps another user's objects out of reach in every module (404, or 403 where the module is closed)", async () => {
    const owner = await target.newUser(3);
    const stranger = await target.newUser(3);
    // Tasks and their sub-resources: a collaborator sees only tasks assigned to them.
    const taskId = await target.newTask({ assignedTo: [owner.id] });
    await owner.agent.post(`/api/tasks/${taskId}/comments`).send({ content: 'meu' }).expect(201);
    const attachment = (
      await owner.agent.post(`/api/tasks/${taskId}/attachments`).attach('file', Buffer.from('segredo'), 'segredo.txt').expect(201)
    ).body;
    const entry = (await owner.agent.post('/api/time-entries/start').send({ taskId }).expect(201)).body;

    const calls: [string, () => Promise<{ status: number }>, number[]][] = [
      ['GET task', () => stranger.agent.get(`/api/tasks/${taskId}`), [404]],
      ['PUT task', () => stranger.agent.put(`/api/tasks/${taskId}`).send({ title: 'invadida' }), [404]],
      ['move task', () => stranger.agent.put(`/api/tasks/${taskId}/move`).send({ columnId: 1, position: 1 }), [404]],
      ['comments', () => stranger.agent.get(`/api/tasks/${taskId}/comments`), [404]],
      ['add comment', () => stranger.agent.post(`/api/tasks/${taskId}/comments`).send({ content: 'x' }), [404]],
      ['history', () => stranger.agent.get(`/api/tasks/${taskId}/history`), [404]],
      ['attachments', () => stranger.agent.get(`/api/tasks/${taskId}/attachments`), [404]],
      ['download', () => stranger.agent.get(`/api/tasks/${taskId}/attachments/${attachment.id}/download`), [404]],
      ['delete attachment', () => stranger.agent.delete(`/api/tasks/${taskId}/attachments/${attachment.id}`), [404]],
      ['total time', () => stranger.agent.get(`/api/tasks/${taskId}/total-time`), [404]],
      ['time entries of the task', () => stranger.agent.get(`/api/time-entries/task/${taskId}`), [404]],
      ['start timer on it', () => stranger.agent.post('/api/time-entries/start').send({ taskId }), [404]],
      // Time entries of another user.
      ['stop entry', () => stranger.agent.post(`/api/time-entries/${entry.id}/stop`), [403, 404]],
      ['edit entry', () => stranger.agent.put(`/api/time-entries/${entry.id}`).send({ duration: 1 }), [403, 404]],
      ['delete entry', () => stranger.agent.delete(`/api/time-entries/${entry.id}`), [403, 404]],
      // Users: a collaborator reads only themselves.
      ['another user', () => stranger.agent.get(`/api/users/${owner.id}`), [403]],
      [
        "another user's password",
        () => stranger.agent.put(`/api/users/${owner.id}/password`).send({ newPassword: 'abcdef12', confirmPassword: 'abcdef12' }),
        [403],
      ],
    ];
    const failures: string[] = [];
    for (const [name, call, allowed] of calls) {
      const response = await call();
      if (!allowed.includes(response.status)) failures.push(`${name} → ${response.status}`);
    }
    expect(failures).toEqual([]);

    // Notifications: the owner got one for the assignment; the stranger cannot touch it.
    const notifications = (await owner.agent.get('/api/notifications').expect(200)).body as { id: number; type: string }[];
    const own = notifications.find((n) => n.type === 'task_assigned');
    expect(own).toBeDefined();
    await stranger.agent.put(`/api/notifications/${own!.id}/read`).expect(404);
    expect(((await stranger.agent.get('/api/notifications').expect(200)).body as { id: number }[]).some((n) => n.id === own!.id)).toBe(
      false,
    );

    // Client credentials: revealing a password needs clients write (a collaborator has read only).
    const clientId = (
      await admin
        .post('/api/clients')
        .send({ name: target.name('Cliente ') })
        .expect(201)
    ).body.id;
    target.cleanup(`client ${clientId}`, (a) => a.delete(`/api/clients/${clientId}`));
    const credential = (
      await admin
        .post(`/api/clients/${clientId}/access`)
        .send({ toolName: 'Painel', url: 'https://exemplo.com.br', username: 'u', password: 'segredo' })
        .expect(201)
    ).body;
    target.cleanup(`credential ${credential.id}`, (a) => a.delete(`/api/clients/${clientId}/access/${credential.id}`));
    await stranger.agent.post(`/api/clients/${clientId}/access/${credential.id}/reveal`).expect(403);
    const listed = (await stranger.agent.get(`/api/clients/${clientId}/access`).expect(200)).body as Record<string, unknown>[];
    expect(JSON.stringify(listed)).not.toContain('segredo');

    // The owner's work is untouched.
    expect((await owner.agent.get('/api/time-entries/active').expect(200)).body).toMatchObject({ id: entry.id });
    await owner.agent.post(`/api/time-entries/${entry.id}/stop`).expect(200);
    expect((await owner.agent.get(`/api/tasks/${taskId}`).expect(200)).body.title).not.toBe('invadida');
  });
});
