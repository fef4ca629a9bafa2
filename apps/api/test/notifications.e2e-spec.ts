import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import WebSocket from 'ws';
import { RemindersService } from '../src/notifications/reminders.service';
import { eventually, startSmtp } from './utils/smtp';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

const FAST_MAIL = { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', EMAIL_RETRY_DELAY_MS: '50', EMAIL_ATTEMPTS: '3', EMAIL_SWEEP_MS: '300', REMINDER_INTERVAL_MS: '3600000' };

async function listen(ctx: TestContext): Promise<string> {
  const server = ctx.app.getHttpServer();
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${server.address().port}/ws`;
}

function sessionCookie(agent: Awaited<ReturnType<typeof loginAs>>, url: string): string {
  const cookies = (agent as unknown as { jar: { getCookies(o: object): { name: string; value: string }[] } }).jar.getCookies({
    domain: '127.0.0.1',
    path: '/',
    secure: false,
    script: false,
  });
  void url;
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

describe('notifications, /ws and the e-mail queue (e2e)', () => {
  let ctx: TestContext;
  let smtp: Smtp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  let clientId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await startTestApp({ SMTP_URL: smtp.url, ...FAST_MAIL });
    admin = await loginAsAdmin(ctx);
    [{ id: clientId }] = await ctx.dataSource.query(`INSERT INTO clients (name) VALUES ($1) RETURNING id`, [unique('Cliente ')]);
  });
  afterAll(async () => {
    await ctx.app.close();
    await smtp.close();
  });

  it('an assignment gives a notification row, a /ws message to the assignee and a delivered e-mail', async () => {
    const joao = await newUser(ctx, { profileId: 3 });
    const agent = await loginAs(ctx, joao.email, joao.password);
    const url = await listen(ctx);
    const res = await agent.get('/api/auth/me');
    const cookie = (res.request as unknown as { cookies: string }).cookies ?? sessionCookie(agent, url);
    const socket = new WebSocket(url, { headers: { Cookie: cookie } });
    const messages: Array<{ type: string; notification?: { title: string; type: string } }> = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await eventually(() => messages.some((m) => m.type === 'connected'));

    const title = unique('Tarefa ');
    await admin
      .post('/api/tasks')
      .send({ title, description: 'd', clientId, deadline: new Date(Date.now() + 3 * 86400_000).toISOString(), assignedTo: [joao.id] })
      .expect(201);

    const pushed = await eventually(() => messages.find((m) => m.type === 'notification'));
    expect(pushed.notification).toMatchObject({ type: 'task_assigned', title: `Nova tarefa atribuída: ${title}` });
    const rows = await ctx.dataSource.query(`SELECT type, title FROM notifications WHERE "userId" = $1`, [joao.id]);
    expect(rows).toEqual([{ type: 'task_assigned', title: `Nova tarefa atribuída: ${title}` }]);
    const mail = await eventually(() => smtp.mails.find((m) => m.to.includes(joao.email)));
    expect(mail.subject).toBe(`Nova tarefa atribuída: ${title}`);
    const [queued] = await ctx.dataSource.query(`SELECT status, "sentAt" FROM email_queue WHERE "recipientEmail" = $1`, [joao.email]);
    expect(queued.status).toBe('sent');
    // Other boards hear that a task changed (without its content).
    expect(messages.some((m) => m.type === 'task.changed')).toBe(true);
    socket.close();
  });

  it('refuses an anonymous /ws upgrade', async () => {
    const url = await listen(ctx);
    const error = await new Promise<Error>((resolve) => new WebSocket(url).on('error', resolve));
    expect(error.message).toContain('401');
  });

  it('marks a failing e-mail failed after its retries, and the admin retry delivers it once SMTP works', async () => {
    smtp.setReject(true);
    const to = `${unique('falha')}@example.test`;
    const queued = await admin.post('/api/admin/test-email').send({ to }).expect(201);
    const failed = await eventually(async () => {
      const [row] = await ctx.dataSource.query(`SELECT status, "errorMessage", attempts FROM email_queue WHERE id = $1`, [queued.body.id]);
      return row.status === 'failed' ? row : null;
    });
    expect(failed.attempts).toBe(3);
    expect(failed.errorMessage).toContain('Caixa indisponível');
    const listed = (await admin.get('/api/admin/email-queue').expect(200)).body.find((e: { id: number }) => e.id === queued.body.id);
    expect(listed).toMatchObject({ status: 'failed', email_type: 'test_email', to_email: to, error_message: expect.stringContaining('Caixa') });
    expect((await admin.get('/api/admin/email-queue/stats').expect(200)).body.byStatus.failed).toBeGreaterThanOrEqual(1);

    smtp.setReject(false);
    await admin.post(`/api/admin/email-queue/${queued.body.id}/retry`).expect(200);
    await eventually(() => smtp.mails.find((m) => m.to.includes(to)));
    await eventually(async () => (await ctx.dataSource.query(`SELECT status FROM email_queue WHERE id = $1`, [queued.body.id]))[0].status === 'sent');
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
    await admin.post(`/api/admin/email-queue/${queued.body.id}/retry`).expect(409);
  });

  it('reports the e-mail service status and validates the test forms', async () => {
    expect((await admin.get('/api/admin/email-status').expect(200)).body).toMatchObject({ status: 'configured' });
    expect((await admin.post('/api/admin/test-email').send({ to: '' }).expect(400)).body.message).toBe('E-mail de destino é obrigatório');
    await admin.post('/api/admin/test-task-notification').send({ to: 'x@example.test', notificationType: 'task_assigned' }).expect(201);
    await admin.post('/api/admin/test-deadline-notification').send({ to: 'x@example.test', notificationType: 'task_due_soon' }).expect(201);
    await admin.post('/api/admin/test-deadline-notification').send({ to: 'x@example.test', notificationType: 'nope' }).expect(400);
  });

  it('sends a deadline reminder once, even when the scheduler runs twice at the same time', async () => {
    const ana = await newUser(ctx, { profileId: 3 });
    const [{ id: columnId }] = await ctx.dataSource.query(`SELECT id FROM columns WHERE name = 'A fazer'`);
    const [{ id: taskId }] = await ctx.dataSource.query(
      `INSERT INTO tasks (title, description, "clientId", "columnId", deadline) VALUES ('Entrega', 'd', $1, $2, now() + interval '50 minutes') RETURNING id`,
      [clientId, columnId],
    );
    await ctx.dataSource.query(`INSERT INTO task_assignees ("taskId", "userId") VALUES ($1, $2)`, [taskId, ana.id]);
    const reminders = ctx.app.get(RemindersService);
    await Promise.all([reminders.runOnce(), reminders.runOnce()]);
    await reminders.runOnce();
    const rows = await ctx.dataSource.query(`SELECT type FROM notifications WHERE "userId" = $1`, [ana.id]);
    expect(rows).toEqual([{ type: 'task_due_1h' }]);
  });

  it('keeps preferences per user with the defaults table, and each user to their own notifications', async () => {
    const maria = await newUser(ctx, { profileId: 2 });
    const agent = await loginAs(ctx, maria.email, maria.password);
    const defaults = (await agent.get('/api/notifications/preferences').expect(200)).body;
    expect(defaults).toHaveLength(8);
    expect(defaults.find((p: { type: string }) => p.type === 'task_completed')).toEqual({ type: 'task_completed', emailEnabled: true, browserEnabled: false, soundEnabled: false });
    const saved = await agent
      .put('/api/notifications/preferences')
      .send({ preferences: [{ type: 'task_completed', emailEnabled: false, browserEnabled: true, soundEnabled: true }] })
      .expect(200);
    expect(saved.body.find((p: { type: string }) => p.type === 'task_completed')).toMatchObject({ emailEnabled: false, browserEnabled: true });
    await agent.put('/api/notifications/preferences').send({ preferences: [{ type: 'nope', emailEnabled: true, browserEnabled: true, soundEnabled: true }] }).expect(400);
    await agent.put('/api/notifications/preferences').send({ preferences: [{ type: 'task_assigned', emailEnabled: 'yes', browserEnabled: true, soundEnabled: true }] }).expect(400);

    // Gerente cannot use the Teste button (profile 1 only); the admin can.
    await agent.post('/api/notifications/test').expect(403);
    const test = await admin.post('/api/notifications/test').expect(201);
    await agent.put(`/api/notifications/${test.body.id}/read`).expect(404);
    await admin.put(`/api/notifications/${test.body.id}/read`).expect(200);
    await admin.put('/api/notifications/mark-all-read').expect(200);
    const list = (await admin.get('/api/notifications').expect(200)).body;
    expect(list.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
  });

  it('tells an approved user by notification and e-mail', async () => {
    const pending = await newUser(ctx, { approved: false });
    await admin.post(`/api/users/${pending.id}/approve`).expect(200);
    await eventually(async () => (await ctx.dataSource.query(`SELECT 1 FROM notifications WHERE "userId" = $1 AND type = 'account_approved'`, [pending.id])).length);
    const mail = await eventually(() => smtp.mails.find((m) => m.to.includes(pending.email)));
    expect(mail.subject).toBe('Sua conta foi aprovada');
  });

  it('keeps admin tools and the queue dashboard for admins', async () => {
    const joao = await newUser(ctx, { profileId: 3 });
    const agent = await loginAs(ctx, joao.email, joao.password);
    for (const path of ['/api/admin/email-status', '/api/admin/email-queue', '/api/admin/email-queue/stats', '/api/admin/queues']) {
      await agent.get(path).expect(403);
      await ctx.http.get(path).expect(401);
    }
    await agent.post('/api/admin/test-email').send({ to: 'a@b.co' }).expect(403);
    await admin.get('/api/admin/queues').expect(200);
  });
});

/** Redis down: e-mails wait as pending and go out once a Redis is there (our own server, never the shared one). */
describe('e-mail outbox without Redis (e2e)', () => {
  let smtp: Smtp;
  let ctx: TestContext;
  let redis: ChildProcess | null = null;
  let port: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    ctx = await startTestApp({ SMTP_URL: smtp.url, REDIS_URL: `redis://127.0.0.1:${port}`, ...FAST_MAIL });
  });
  afterAll(async () => {
    await ctx.app.close();
    await smtp.close();
    redis?.kill('SIGKILL');
  });

  it('keeps e-mails pending while Redis is unreachable and sends them when it returns', async () => {
    const admin = await loginAsAdmin(ctx);
    const to = `${unique('semredis')}@example.test`;
    const queued = await admin.post('/api/admin/test-email').send({ to }).expect(201);
    // The board still works without Redis.
    await admin.get('/api/tasks').expect(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await ctx.dataSource.query(`SELECT status FROM email_queue WHERE id = $1`, [queued.body.id]))[0].status).toBe('pending');
    expect(smtp.mails).toHaveLength(0);

    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await eventually(() => smtp.mails.find((m) => m.to.includes(to)), 20_000);
    await eventually(async () => (await ctx.dataSource.query(`SELECT status FROM email_queue WHERE id = $1`, [queued.body.id]))[0].status === 'sent');
  }, 40_000);
});
