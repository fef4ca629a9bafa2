import type request from 'supertest';
import WebSocket from 'ws';
import { SessionsService } from '../src/auth/sessions.service';
import { BoardFeed } from '../src/notifications/board-feed';
import { NotificationsService } from '../src/notifications/notifications.service';
import { WS_MAX_CLIENT_MESSAGE, WS_SERVICE_RESTART, WS_SESSION_ENDED as SESSION_ENDED } from '@wkflow/contracts';
import { RealtimeService } from '../src/platform/realtime/realtime.service';
import { eventually } from './utils/smtp';
import { closedWithin, type LiveMessage, type LiveSocket, openSocket, refusedStatus, sessionCookie, wsUrl } from './utils/realtime';
import { createProfile, loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';
import { newClient, newPasswordResetToken } from './factories';

type Agent = ReturnType<typeof request.agent>;
const QUIET = { REMINDER_INTERVAL_MS: '3600000' };
/** How soon an ended session's sockets must close: at once, far below any heartbeat (30 s). */
const ENDED_WITHIN_MS = 1000;
const NEW_PASSWORD = 'Outra-senha-forte-42';

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
    // A foreign writer takes the approval back (no call does): the session cache must hear it through the database.
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

  it("reads a client's 'viewing' frames by the contract: answers a valid one, ignores anything else and stays open", async () => {
    const user = await newUser(ctx, { profileId: 3 });
    const socket = await openSocket(url, await sessionCookie(ctx, user.email, user.password));
    for (const frame of [
      'not json',
      '{}',
      '{"type":"other"}',
      '{"type":"viewing"}',
      '{"type":"viewing","roomId":0}',
      '{"type":"viewing","roomId":"2"}',
      '{"event":"viewing","data":{}}',
    ])
      socket.ws.send(frame);
    socket.ws.send(Buffer.from([0xff, 0x00, 0x01]));
    socket.ws.send(JSON.stringify({ type: 'viewing', roomId: 7 }));
    expect(await socket.next((m) => m.type === 'viewing')).toEqual({ type: 'viewing', roomId: 7 });
    expect(socket.messages.filter((m) => m.type === 'viewing')).toHaveLength(1);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    // A frame over the contract's size is refused by the socket layer: the socket closes (1009, message too big).
    socket.ws.send(JSON.stringify({ type: 'viewing', roomId: 1, pad: 'x'.repeat(WS_MAX_CLIENT_MESSAGE) }));
    expect(await closedWithin(socket, 5000)).toBe(1009);
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
    const { id: clientId } = await newClient(ctx);
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

  /** A board change every reader of tasks hears of: a column's colour. */
  const changeColumn = (admin: Agent) =>
    admin
      .put('/api/columns/1')
      .send({
        color: `#${Math.floor(Math.random() * 0xffffff)
          .toString(16)
          .padStart(6, '0')}`,
      })
      .expect(200);
  const isColumnChange = (m: LiveMessage) => m.type === 'board.changed' && Array.isArray((m as { columns?: unknown }).columns);
  const boardMessagesAfter = (socket: LiveSocket, index: number) => socket.messages.slice(index).filter((m) => m.type === 'board.changed');

  it("closes a session's sockets at once when it logs out: no board change reaches them afterwards, the user's other session stays", async () => {
    const admin = await loginAsAdmin(ctx);
    const user = await newUser(ctx, { profileId: 3 });
    const cookie = await sessionCookie(ctx, user.email, user.password);
    const socket = await openSocket(url, cookie);
    const otherSession = await openSocket(url, await sessionCookie(ctx, user.email, user.password));
    await ctx.app.get(BoardFeed).whenIdle();
    const seen = socket.messages.length;
    // A slow session check (a busy database): the board change below is delivered while it runs.
    const records = ctx.app.get(SessionsService);
    const stillOpen = records.stillOpen.bind(records);
    records.stillOpen = async (ids) => (await new Promise((r) => setTimeout(r, 300)), stillOpen(ids));
    try {
      await ctx.http.post('/api/auth/logout').set('Cookie', cookie).expect(200);
      // The change is committed after the logout: the ended session must not hear of it.
      await changeColumn(admin);
      await otherSession.next(isColumnChange);
      expect(await closedWithin(socket, ENDED_WITHIN_MS)).toBe(SESSION_ENDED);
    } finally {
      records.stillOpen = stillOpen;
    }
    expect(boardMessagesAfter(socket, seen)).toEqual([]);
    expect(otherSession.ws.readyState).toBe(WebSocket.OPEN);
    await otherSession.close();
  });

  it("a password change closes the user's other sessions' sockets at once; the session that changed it keeps its socket", async () => {
    const user = await newUser(ctx, { profileId: 3 });
    const mine = await sessionCookie(ctx, user.email, user.password);
    const elsewhere = await sessionCookie(ctx, user.email, user.password);
    const [mySocket, otherSocket] = await Promise.all([openSocket(url, mine), openSocket(url, elsewhere)]);

    await ctx.http
      .put('/api/auth/change-password')
      .set('Cookie', mine)
      .send({ currentPassword: user.password, newPassword: NEW_PASSWORD })
      .expect(200);
    expect(await closedWithin(otherSocket, ENDED_WITHIN_MS)).toBe(SESSION_ENDED);
    await ctx.http.get('/api/auth/me').set('Cookie', elsewhere).expect(401);
    await ctx.app.get(NotificationsService).notify(user.id, 'task_comment', { title: 'Ainda aqui', message: 'm' });
    expect((await mySocket.next((m) => m.type === 'notification')).notification?.title).toBe('Ainda aqui');
    expect(mySocket.ws.readyState).toBe(WebSocket.OPEN);
    await mySocket.close();
  });

  it('a password set by an administrator, or reset by e-mail link, closes every socket of the account at once', async () => {
    const admin = await loginAsAdmin(ctx);
    const user = await newUser(ctx, { profileId: 3 });
    let socket = await openSocket(url, await sessionCookie(ctx, user.email, user.password));
    await admin.put(`/api/users/${user.id}/password`).send({ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }).expect(200);
    expect(await closedWithin(socket, ENDED_WITHIN_MS)).toBe(SESSION_ENDED);

    socket = await openSocket(url, await sessionCookie(ctx, user.email, NEW_PASSWORD));
    const token = await newPasswordResetToken(ctx, { user: user.id });
    await ctx.http
      .post('/api/auth/reset-password')
      .send({ token, newPassword: `${NEW_PASSWORD}-2` })
      .expect(200);
    expect(await closedWithin(socket, ENDED_WITHIN_MS)).toBe(SESSION_ENDED);
  });

  it('revocation in the database (sessions deleted, account no longer approved) closes the sockets at once', async () => {
    const user = await newUser(ctx, { profileId: 3 });
    let socket = await openSocket(url, await sessionCookie(ctx, user.email, user.password));
    // A foreign writer (psql, a script) ends the sessions: only the database can tell the sockets.
    await ctx.dataSource.query(`DELETE FROM "session" WHERE (sess->>'userId')::int = $1`, [user.id]);
    expect(await closedWithin(socket, ENDED_WITHIN_MS)).toBe(SESSION_ENDED);

    socket = await openSocket(url, await sessionCookie(ctx, user.email, user.password));
    // A foreign writer takes the approval back (no call does): only the database can tell the sockets.
    await ctx.dataSource.query(`UPDATE users SET "isApproved" = false WHERE id = $1`, [user.id]);
    expect(await closedWithin(socket, ENDED_WITHIN_MS)).toBe(SESSION_ENDED);
  });

  it("sends 'chat.message' only to users who may read chat, and stops at once when a profile change or a permissions save takes chat away", async () => {
    const admin = await loginAsAdmin(ctx);
    // Neither chat nor tasks: such a user may read neither a room's activity nor the board.
    const noChat = await createProfile(admin, [{ module: 'wkflow', permission: 'read' }], 'Sem chat ');
    const chatOnly = await createProfile(admin, [{ module: 'chat', permission: 'read' }], 'Só chat ');
    const author = await newUser(ctx, { profileId: 2 });
    const [reader, outsider, moved, edited] = [
      await newUser(ctx, { profileId: 3 }),
      await newUser(ctx, { profileId: noChat }),
      await newUser(ctx, { profileId: 3 }),
      await newUser(ctx, { profileId: chatOnly }),
    ];
    const [readerSocket, outsiderSocket, movedSocket, editedSocket] = await Promise.all(
      [reader, outsider, moved, edited].map(async (u) => openSocket(url, await sessionCookie(ctx, u.email, u.password))),
    );
    const authorAgent = await loginAs(ctx, author.email, author.password);
    const room = (
      await authorAgent
        .post('/api/chat/rooms')
        .send({ name: unique('Sala '), description: 'd' })
        .expect(201)
    ).body as { id: number };
    const chatIn = (socket: LiveSocket) => socket.messages.filter((m) => m.type === 'chat.message' && m.roomId === room.id);
    const post = async (count: number) => {
      await authorAgent.post(`/api/chat/rooms/${room.id}/messages`).send({ message: 'Reunião às 15h' }).expect(201);
      // One message to every socket at once: once the reader has it, the others would have too.
      await eventually(() => (chatIn(readerSocket).length === count ? true : undefined));
    };

    await post(1);
    expect(chatIn(outsiderSocket)).toEqual([]);
    expect(chatIn(movedSocket)).toHaveLength(1);
    expect(chatIn(editedSocket)).toHaveLength(1);
    // The board too: the collaborator hears of a column change while he reads tasks.
    await changeColumn(admin);
    await movedSocket.next(isColumnChange);
    await readerSocket.next(isColumnChange);

    // Demotions: one user moved to the profile without chat, one profile's permissions saved without chat.
    await admin
      .put(`/api/users/${moved.id}`)
      .send({ name: moved.name, email: moved.email, username: moved.username, accessProfileId: noChat })
      .expect(200);
    await admin
      .put(`/api/access-profiles/${chatOnly}/permissions`)
      .send({ permissions: [{ module: 'wkflow', permission: 'read' }] })
      .expect(200);
    await ctx.app.get(BoardFeed).whenIdle();
    const seen = movedSocket.messages.length;
    const readerSeen = readerSocket.messages.length;
    await post(2);
    expect(chatIn(outsiderSocket)).toEqual([]);
    expect(chatIn(movedSocket)).toHaveLength(1);
    expect(chatIn(editedSocket)).toHaveLength(1);
    await changeColumn(admin);
    await eventually(() => (boardMessagesAfter(readerSocket, readerSeen).some(isColumnChange) ? true : undefined));
    expect(boardMessagesAfter(movedSocket, seen)).toEqual([]);
    expect(boardMessagesAfter(outsiderSocket, 0)).toEqual([]);
    // A demotion keeps the socket (the session is still valid): it only stops carrying what he may no longer see.
    expect(movedSocket.ws.readyState).toBe(WebSocket.OPEN);
    await Promise.all([readerSocket, outsiderSocket, movedSocket, editedSocket].map((s) => s.close()));
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

  it("a logout or a password change through one replica closes the ended sessions' sockets on the other at once", async () => {
    const user = await newUser(first, { profileId: 3 });
    const [loggingOut, changing, other] = [
      await sessionCookie(first, user.email, user.password),
      await sessionCookie(first, user.email, user.password),
      await sessionCookie(first, user.email, user.password),
    ];
    const url = await wsUrl(second);
    const [loggedOutSocket, changingSocket, otherSocket] = await Promise.all([
      openSocket(url, loggingOut),
      openSocket(url, changing),
      openSocket(url, other),
    ]);

    await first.http.post('/api/auth/logout').set('Cookie', loggingOut).expect(200);
    expect(await closedWithin(loggedOutSocket, ENDED_WITHIN_MS)).toBe(SESSION_ENDED);
    expect(otherSocket.ws.readyState).toBe(WebSocket.OPEN);

    await first.http
      .put('/api/auth/change-password')
      .set('Cookie', changing)
      .send({ currentPassword: user.password, newPassword: NEW_PASSWORD })
      .expect(200);
    expect(await closedWithin(otherSocket, ENDED_WITHIN_MS)).toBe(SESSION_ENDED);
    expect(changingSocket.ws.readyState).toBe(WebSocket.OPEN);
    await changingSocket.close();
  });

  it("keeps 'chat.message' from a socket on the other replica whose user may not read chat", async () => {
    const admin = await loginAsAdmin(first);
    const noChat = await createProfile(admin, [{ module: 'wkflow', permission: 'read' }], 'Sem chat ');
    const [author, reader, outsider] = [
      await newUser(first, { profileId: 2 }),
      await newUser(first, { profileId: 3 }),
      await newUser(first, { profileId: noChat }),
    ];
    const url = await wsUrl(second);
    const readerSocket = await openSocket(url, await sessionCookie(second, reader.email, reader.password));
    const outsiderSocket = await openSocket(url, await sessionCookie(second, outsider.email, outsider.password));
    const authorAgent = await loginAs(first, author.email, author.password);
    const room = (
      await authorAgent
        .post('/api/chat/rooms')
        .send({ name: unique('Sala '), description: 'd' })
        .expect(201)
    ).body as { id: number };
    await authorAgent.post(`/api/chat/rooms/${room.id}/messages`).send({ message: 'Olá' }).expect(201);
    await readerSocket.next((m) => m.type === 'chat.message' && m.roomId === room.id);
    expect(outsiderSocket.messages.filter((m) => m.type === 'chat.message')).toEqual([]);
    await Promise.all([readerSocket.close(), outsiderSocket.close()]);
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

describe('/ws while the replica stops (e2e)', () => {
  it('closes open sockets with 1012 and refuses new ones with 503', async () => {
    const ctx = await startTestApp(QUIET);
    try {
      const url = await wsUrl(ctx);
      const user = await newUser(ctx, { profileId: 3 });
      const cookie = await sessionCookie(ctx, user.email, user.password);
      const socket = await openSocket(url, cookie);
      const closed = closedWithin(socket, 5000);
      await ctx.app.get(RealtimeService).closeAll();
      expect(await closed).toBe(WS_SERVICE_RESTART);
      expect(await refusedStatus(url, { Cookie: cookie })).toBe(503);
    } finally {
      await ctx.app.close();
    }
  });
});
