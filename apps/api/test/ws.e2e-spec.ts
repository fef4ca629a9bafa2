import { NotificationsService } from '../src/notifications/notifications.service';
import { RealtimeService, SESSION_ENDED } from '../src/notifications/realtime.service';
import { eventually } from './utils/smtp';
import { type LiveMessage, openSocket, refusedStatus, sessionCookie, wsUrl } from './utils/realtime';
import { loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

const QUIET = { REMINDER_INTERVAL_MS: '3600000' };

describe('/ws (e2e)', () => {
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    ctx = await startTestApp({ ...QUIET, WEB_ORIGIN: 'https://app.example' });
    url = await wsUrl(ctx);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('refuses an anonymous upgrade, an unknown session and a user who is no longer approved', async () => {
    expect(await refusedStatus(url)).toBe(401);
    expect(await refusedStatus(url, { Cookie: 'wkflow.sid=s%3Anope.invalid' })).toBe(401);
    const user = await newUser(ctx, { profileId: 3 });
    const cookie = await sessionCookie(ctx, user.email, user.password);
    await ctx.dataSource.query(`UPDATE users SET "isApproved" = false WHERE id = $1`, [user.id]);
    expect(await refusedStatus(url, { Cookie: cookie })).toBe(401);
  });

  it('refuses a page of another origin, accepts its own and the configured ones', async () => {
    const user = await newUser(ctx, { profileId: 3 });
    const cookie = await sessionCookie(ctx, user.email, user.password);
    expect(await refusedStatus(url, { Cookie: cookie, Origin: 'https://evil.example' })).toBe(403);
    const own = await openSocket(url, cookie, { Origin: `http://${new URL(url).host}` });
    const configured = await openSocket(url, cookie, { Origin: 'https://app.example' });
    await Promise.all([own.close(), configured.close()]);
  });

  it('pushes a notification to its user only, and a board change to those who may see the task', async () => {
    const [a, b] = [await newUser(ctx, { profileId: 3 }), await newUser(ctx, { profileId: 3 })];
    const socketA = await openSocket(url, await sessionCookie(ctx, a.email, a.password));
    const socketA2 = await openSocket(url, await sessionCookie(ctx, a.email, a.password));
    const socketB = await openSocket(url, await sessionCookie(ctx, b.email, b.password));

    const sent = await ctx.app
      .get(NotificationsService)
      .notify(a.id, 'task_assigned', { title: 'Só para A', message: 'm', data: { taskId: 1 } });
    for (const socket of [socketA, socketA2]) {
      const pushed = await socket.next((m) => m.type === 'notification');
      expect(pushed.notification).toMatchObject({
        id: sent!.id,
        type: 'task_assigned',
        title: 'Só para A',
        isRead: false,
        soundEnabled: true,
      });
    }

    // A task change reaches (as a 'board.changed' delta) the sockets of those who may see the task
    // (A, assigned); B (Colaborador, not assigned) hears of it no more than of A's notification.
    const admin = await loginAsAdmin(ctx);
    const [{ id: clientId }] = await ctx.dataSource.query(`INSERT INTO clients (name) VALUES ($1) RETURNING id`, [unique('Cliente ')]);
    const task = await admin
      .post('/api/tasks')
      .send({
        title: unique('Segredo '),
        description: 'conteúdo',
        clientId,
        deadline: new Date(Date.now() + 86400_000).toISOString(),
        assignedTo: [a.id],
      })
      .expect(201);
    const names = (m: LiveMessage, id: number) =>
      m.type === 'board.changed' && JSON.stringify((m as unknown as { tasks: { id: number }[] }).tasks.map((t) => t.id)).includes(`${id}`);
    for (const socket of [socketA, socketA2]) {
      const changed = (await socket.next((m) => names(m, task.body.id))) as unknown as { tasks: { id: number; title: string }[] };
      expect(changed.tasks.find((t) => t.id === task.body.id)).toMatchObject({ title: task.body.title });
    }
    // Column changes go to everyone, after the task's change: once B has it, B would have had the rest.
    await admin
      .post('/api/columns')
      .send({ name: unique('Lista '), position: 99 })
      .expect(201);
    await socketB.next((m) => m.type === 'board.changed' && Array.isArray((m as { columns?: unknown }).columns));

    expect(socketB.messages.some((m) => m.type === 'notification')).toBe(false);
    expect(JSON.stringify(socketB.messages)).not.toContain(task.body.title);
    await Promise.all([socketA.close(), socketA2.close(), socketB.close()]);
  });

  it('closes the socket of a session that ended (logout) at the next heartbeat', async () => {
    const user = await newUser(ctx, { profileId: 3 });
    const cookie = await sessionCookie(ctx, user.email, user.password);
    const socket = await openSocket(url, cookie);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    await ctx.http
      .post('/api/auth/logout')
      .set('Cookie', cookie)
      .expect((res) => expect(res.status).toBeLessThan(300));
    await ctx.app.get(RealtimeService).heartbeatOnce();
    expect(await closed).toBe(SESSION_ENDED);
  });

  it('drops a socket that stops answering pings', async () => {
    const user = await newUser(ctx, { profileId: 3 });
    const realtime = ctx.app.get(RealtimeService);
    const socket = await openSocket(url, await sessionCookie(ctx, user.email, user.password));
    expect(await realtime.isOnline(user.id)).toBe(true);
    // Stop reading: the client no longer answers the server's ping with a pong.
    (socket.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    await realtime.heartbeatOnce();
    await new Promise((r) => setTimeout(r, 200));
    await realtime.heartbeatOnce();
    await eventually(async () => !(await realtime.isOnline(user.id)));
    socket.ws.terminate();
  });
});

describe('/ws across two replicas (e2e)', () => {
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    first = await startTestApp(QUIET);
    second = await startTestApp(QUIET);
  });
  afterAll(async () => {
    await Promise.all([first.app.close(), second.app.close()]);
  });

  it('delivers a notification made on one replica to a socket on the other, and shares presence', async () => {
    const user = await newUser(first, { profileId: 3 });
    const socket = await openSocket(await wsUrl(second), await sessionCookie(second, user.email, user.password));
    await eventually(() => first.app.get(RealtimeService).isOnline(user.id));

    await first.app.get(NotificationsService).notify(user.id, 'task_comment', { title: 'De outra réplica', message: 'm' });
    const pushed = await socket.next((m) => m.type === 'notification');
    expect(pushed.notification?.title).toBe('De outra réplica');
    // Delivered once, not once per replica: a second notification arriving proves no copy of the first is still coming.
    await first.app.get(NotificationsService).notify(user.id, 'task_comment', { title: 'Depois', message: 'm' });
    await socket.next((m) => m.type === 'notification' && m.notification?.title === 'Depois');
    expect(socket.messages.filter((m) => m.type === 'notification').map((m) => m.notification?.title)).toEqual([
      'De outra réplica',
      'Depois',
    ]);

    await socket.close();
    await eventually(async () => !(await first.app.get(RealtimeService).isOnline(user.id)));
  });
});

describe('/ws without Redis (e2e)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp({ ...QUIET, REDIS_URL: '' });
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('delivers locally', async () => {
    const user = await newUser(ctx, { profileId: 3 });
    const socket = await openSocket(await wsUrl(ctx), await sessionCookie(ctx, user.email, user.password));
    await ctx.app.get(NotificationsService).notify(user.id, 'task_assigned', { title: 'Local', message: 'm' });
    expect((await socket.next((m) => m.type === 'notification')).notification?.title).toBe('Local');
    await socket.close();
  });
});
