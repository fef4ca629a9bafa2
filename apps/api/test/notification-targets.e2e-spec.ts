import { NotificationsService } from '../src/notifications/notifications.service';
import { openSocket, sessionCookie, wsUrl, type LiveSocket } from './utils/realtime';
import { isolatedDatabase } from './utils/isolated-app';
import { eventually, startSmtp, type ReceivedMail } from './utils/smtp';
import { savePreference, settledState } from './utils/notification-state';
import { loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';
import { columnNamed, newClient, newNotifications, secondsAgo } from './factories';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
type Agent = Awaited<ReturnType<typeof loginAs>>;
type User = Awaited<ReturnType<typeof newUser>>;

const CONFIG = { EMAIL_RETRY_DELAY_MS: '50', EMAIL_ATTEMPTS: '3', EMAIL_SWEEP_MS: '300', REMINDER_INTERVAL_MS: '3600000' };
const WEB_URL = 'https://wkflow.example.com/app';
const inDays = (days: number) => new Date(Date.now() + days * 86400_000).toISOString();

/** The readable text of a received message: quoted-printable soft breaks and escapes undone. */
function decoded(mail: ReceivedMail): string {
  return mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Tells the server which chat room this connection's page shows, and waits for its acknowledgement. */
async function view(socket: LiveSocket, roomId: number | null): Promise<void> {
  const seen = socket.messages.length;
  socket.ws.send(JSON.stringify({ type: 'viewing', roomId }));
  await eventually(() => socket.messages.slice(seen).find((m) => m.type === 'viewing' && m.roomId === roomId), 10_000);
}

describe('notifications that lead somewhere (e2e)', () => {
  let database: Awaited<ReturnType<typeof isolatedDatabase>>;
  let ctx: TestContext;
  let replica: TestContext;
  let smtp: Smtp;
  let admin: Agent;
  let clientId: number;

  const rowsOf = (userId: number) =>
    ctx.dataSource.query(
      `SELECT id, type, title, message, "isRead", channel, "soundEnabled", data FROM notifications WHERE "userId" = $1 ORDER BY id`,
      [userId],
    );
  const mailsOf = (email: string) =>
    ctx.dataSource.query(`SELECT "emailType", subject, body, status FROM email_queue WHERE "recipientEmail" = $1 ORDER BY id`, [email]);
  const savePrefs = (userId: number, type: string, emailEnabled: boolean, browserEnabled: boolean, soundEnabled: boolean) =>
    savePreference(ctx.dataSource, userId, type, emailEnabled, browserEnabled, soundEnabled);
  /** Producers run after the response: wait until nothing new arrives for the user. */
  const settled = (userId: number, email: string) => settledState(async () => [await rowsOf(userId), await mailsOf(email)]);
  const newRoom = async (agent: Agent) =>
    (
      await agent
        .post('/api/chat/rooms')
        .send({ name: unique('sala'), description: 'd' })
        .expect(201)
    ).body as { id: number; name: string };
  const say = (agent: Agent, roomId: number, message: string) =>
    agent.post(`/api/chat/rooms/${roomId}/messages`).send({ message }).expect(201);
  const socketOf = async (app: TestContext, user: User) =>
    openSocket(await wsUrl(app), await sessionCookie(app, user.email, user.password));

  beforeAll(async () => {
    smtp = await startSmtp();
    // Its own database and queue: on the shared ones its workers would first send every e-mail other suites left waiting.
    database = await isolatedDatabase('targets');
    ctx = await startTestApp({ ...database.env, SMTP_URL: smtp.url, WEB_URL: `${WEB_URL}/`, ...CONFIG });
    // A second replica on the same database and Redis.
    replica = await startTestApp({ ...database.env, SMTP_URL: smtp.url, WEB_URL, ...CONFIG });
    admin = await loginAsAdmin(ctx);
    ({ id: clientId } = await newClient(ctx));
  });
  afterAll(async () => {
    await replica.app.close();
    await ctx.app.close();
    await smtp.close();
    await database.drop();
  });

  describe('targets and channels', () => {
    it('carries the task in the payload and keeps a notification whose every toggle is off (pushed, no pop-up, no e-mail)', async () => {
      const quiet = await newUser(ctx, { profileId: 3 });
      await savePrefs(quiet.id, 'task_assigned', false, false, false);
      const socket = await socketOf(ctx, quiet);
      const task = await admin
        .post('/api/tasks')
        .send({ title: unique('Alvo '), description: 'd', clientId, deadline: inDays(2), assignedTo: [quiet.id] })
        .expect(201);
      const pushed = await socket.next((m) => m.type === 'notification');
      expect(pushed.notification).toMatchObject({
        type: 'task_assigned',
        channel: 'in_app',
        soundEnabled: false,
        data: { taskId: task.body.id },
      });
      await settled(quiet.id, quiet.email);
      expect(await rowsOf(quiet.id)).toEqual([
        expect.objectContaining({
          type: 'task_assigned',
          channel: 'in_app',
          soundEnabled: false,
          isRead: false,
          data: { taskId: task.body.id },
        }),
      ]);
      expect(await mailsOf(quiet.email)).toEqual([]);
      await socket.close();
    });

    it('keeps task_completed (browser off by default) in the bell, with its task', async () => {
      const ana = await newUser(ctx, { profileId: 3 });
      const { id: doneColumnId } = await columnNamed(ctx, 'concluídos');
      const task = await admin
        .post('/api/tasks')
        .send({ title: unique('Feita '), description: 'd', clientId, deadline: inDays(2), assignedTo: [ana.id] })
        .expect(201);
      await admin.put(`/api/tasks/${task.body.id}/move`).send({ columnId: doneColumnId, position: 1 }).expect(200);
      await eventually(async () => (await rowsOf(ana.id)).some((r: { type: string }) => r.type === 'task_completed'));
      const agent = await loginAs(ctx, ana.email, ana.password);
      const page = (await agent.get('/api/notifications/history?limit=10').expect(200)).body;
      // The assignment's notice may be written after the completion's (each as its event is handled).
      const completed = page.items.find((item: { type: string }) => item.type === 'task_completed');
      expect(completed).toMatchObject({ type: 'task_completed', channel: 'email', data: { taskId: task.body.id } });
    });
  });

  describe('e-mail links', () => {
    it('links every task e-mail to its task under WEB_URL, in the text and the HTML', async () => {
      const ana = await newUser(ctx, { profileId: 3 });
      const task = await admin
        .post('/api/tasks')
        .send({ title: unique('Com link '), description: 'd', clientId, deadline: inDays(2), assignedTo: [ana.id] })
        .expect(201);
      const mail = decoded(await eventually(() => smtp.mails.find((m) => m.to.includes(ana.email))));
      const link = `${WEB_URL}/kanban?task=${task.body.id}`;
      expect(mail).toContain(`Abrir a tarefa: ${link}`);
      expect(mail).toContain(`href="${link}"`);
      expect((await mailsOf(ana.email))[0].body).toContain(`Abrir a tarefa: ${link}`);
    });

    it("shows the link in the admin page's task samples, and reports WEB_URL", async () => {
      expect((await admin.get('/api/admin/email-status').expect(200)).body.webUrl).toBe(WEB_URL);
      const to = `${unique('amostra')}@example.test`;
      await admin.post('/api/admin/test-task-notification').send({ to }).expect(201);
      const mail = decoded(await eventually(() => smtp.mails.find((m) => m.to.includes(to))));
      expect(mail).toMatch(new RegExp(`Abrir a tarefa: ${WEB_URL.replace(/\./g, '\\.')}/kanban\\?task=\\d+`));
      const plain = `${unique('simples')}@example.test`;
      await admin.post('/api/admin/test-email').send({ to: plain }).expect(201);
      expect(decoded(await eventually(() => smtp.mails.find((m) => m.to.includes(plain))))).not.toContain(WEB_URL);
    });

    it('says nothing of a link without WEB_URL', async () => {
      const bare = await startTestApp({ ...database.env, SMTP_URL: smtp.url, ...CONFIG });
      try {
        const bareAdmin = await loginAsAdmin(bare);
        expect((await bareAdmin.get('/api/admin/email-status').expect(200)).body.webUrl).toBeNull();
        const ana = await newUser(bare, { profileId: 3 });
        await bareAdmin
          .post('/api/tasks')
          .send({ title: unique('Sem link '), description: 'd', clientId, deadline: inDays(2), assignedTo: [ana.id] })
          .expect(201);
        const mail = decoded(await eventually(() => smtp.mails.find((m) => m.to.includes(ana.email))));
        expect(mail).toContain('Nova tarefa atribu');
        expect(mail).not.toMatch(/Abrir a tarefa|kanban\?task=|href=/);
        const to = `${unique('amostra')}@example.test`;
        await bareAdmin.post('/api/admin/test-task-notification').send({ to }).expect(201);
        expect(decoded(await eventually(() => smtp.mails.find((m) => m.to.includes(to))))).not.toMatch(/Abrir a|href=/);
      } finally {
        await bare.app.close();
      }
    });

    it('refuses a WEB_URL that is not a plain http(s) address', async () => {
      await expect(startTestApp({ WEB_URL: 'ftp://example.com' })).rejects.toThrow(/WEB_URL/);
      await expect(startTestApp({ WEB_URL: 'https://example.com/?a=1' })).rejects.toThrow(/WEB_URL/);
    });
  });

  describe('chat', () => {
    it('never notifies the sender, nor a reader whose page shows the room (any tab, any replica)', async () => {
      const [author, reading, otherTab, away] = [
        await newUser(ctx, { profileId: 2 }),
        await newUser(ctx, { profileId: 3 }),
        await newUser(ctx, { profileId: 3 }),
        await newUser(ctx, { profileId: 3 }),
      ];
      const authorAgent = await loginAs(ctx, author.email, author.password);
      const room = await newRoom(authorAgent);
      const elsewhere = await newRoom(authorAgent);
      // reading: the room open on the other replica. otherTab: one tab on the room, one elsewhere. away: another room.
      const readingSocket = await socketOf(replica, reading);
      await view(readingSocket, room.id);
      const [tabA, tabB] = [await socketOf(ctx, otherTab), await socketOf(replica, otherTab)];
      await view(tabA, elsewhere.id);
      await view(tabB, room.id);
      const awaySocket = await socketOf(ctx, away);
      await view(awaySocket, elsewhere.id);

      await say(authorAgent, room.id, 'Olá, equipe');
      const pushed = await awaySocket.next((m) => m.type === 'notification');
      expect(pushed.notification).toMatchObject({ type: 'chat_message_online', title: `Nova mensagem em #${room.name}` });
      expect(await rowsOf(away.id)).toEqual([expect.objectContaining({ data: { roomId: room.id, count: 1 } })]);
      await settled(reading.id, reading.email);
      expect(await rowsOf(reading.id)).toEqual([]);
      expect(await rowsOf(otherTab.id)).toEqual([]);
      expect(await rowsOf(author.id)).toEqual([]);

      // The tab leaves the room (closed or hidden): the next message reaches that reader.
      await view(tabB, null);
      await say(authorAgent, room.id, 'Alguém aí?');
      await eventually(async () => (await rowsOf(otherTab.id)).length === 1);
      // A closed connection no longer counts as reading.
      await readingSocket.close();
      await say(authorAgent, room.id, 'Última');
      await eventually(async () => (await rowsOf(reading.id)).length === 1);
      expect(await rowsOf(author.id)).toEqual([]);
      for (const socket of [tabA, tabB, awaySocket]) await socket.close();
    });

    it('ignores what else a client says on /ws', async () => {
      const user = await newUser(ctx, { profileId: 3 });
      const socket = await socketOf(ctx, user);
      for (const bad of [
        'nada',
        '{}',
        '{"type":"viewing","roomId":"1"}',
        '{"type":"viewing","roomId":-3}',
        '{"type":"viewing","roomId":1.5}',
      ])
        socket.ws.send(bad);
      await view(socket, null);
      expect(socket.messages.filter((m) => m.type === 'viewing')).toHaveLength(1);
      await socket.close();
    });

    it('makes a burst in one room one notification until it is read, with one e-mail', async () => {
      const [author, online, offline] = [
        await newUser(ctx, { profileId: 2 }),
        await newUser(ctx, { profileId: 3 }),
        await newUser(ctx, { profileId: 3 }),
      ];
      const authorAgent = await loginAs(ctx, author.email, author.password);
      const room = await newRoom(authorAgent);
      const socket = await socketOf(ctx, online);
      for (const [i, text] of ['um', 'dois', 'três'].entries()) {
        await say(authorAgent, room.id, text);
        await eventually(async () => (await rowsOf(online.id))[0]?.data?.count === i + 1);
        await eventually(async () => (await rowsOf(offline.id))[0]?.data?.count === i + 1);
      }
      await settled(offline.id, offline.email);
      const [row] = await rowsOf(online.id);
      expect(await rowsOf(online.id)).toEqual([
        expect.objectContaining({
          type: 'chat_message_online',
          title: `3 novas mensagens em #${room.name}`,
          message: `${author.name}: três`,
          isRead: false,
          data: { roomId: room.id, count: 3 },
        }),
      ]);
      expect(await rowsOf(offline.id)).toEqual([
        expect.objectContaining({ title: `3 novas mensagens em #${room.name}`, channel: 'email' }),
      ]);
      // chat_message_offline sends e-mail by default: once for the burst, linking to the room.
      const mails = await mailsOf(offline.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].body).toContain(`Abrir a conversa: ${WEB_URL}/chat?sala=${room.id}`);
      // The pushes: the first a new row, the next ones repeats of it (no second beep).
      const pushes = await eventually(() => {
        const list = socket.messages.filter((m) => m.type === 'notification');
        return list.length === 3 && list;
      });
      expect(pushes.map((m) => [m.notification!.id, (m as { repeat?: boolean }).repeat])).toEqual([
        [row.id, false],
        [row.id, true],
        [row.id, true],
      ]);

      // Once read, the next message starts a new notification.
      const agent = await loginAs(ctx, online.email, online.password);
      await agent.put(`/api/notifications/${row.id}/read`).expect(200);
      await say(authorAgent, room.id, 'quatro');
      await eventually(async () => (await rowsOf(online.id)).length === 2);
      expect((await rowsOf(online.id))[1]).toMatchObject({ title: `Nova mensagem em #${room.name}`, data: { roomId: room.id, count: 1 } });
      await socket.close();
    });

    it('reads the chat notification of a room when the reader opens the room', async () => {
      const [author, reader] = [await newUser(ctx, { profileId: 2 }), await newUser(ctx, { profileId: 3 })];
      const authorAgent = await loginAs(ctx, author.email, author.password);
      const room = await newRoom(authorAgent);
      const other = await newRoom(authorAgent);
      await say(authorAgent, room.id, 'a');
      await say(authorAgent, other.id, 'b');
      await eventually(async () => (await rowsOf(reader.id)).length === 2);
      const readerAgent = await loginAs(ctx, reader.email, reader.password);
      await readerAgent.put(`/api/chat/rooms/${room.id}/read`).expect(200);
      await eventually(async () => (await rowsOf(reader.id)).find((r: { data: { roomId: number } }) => r.data.roomId === room.id).isRead);
      expect((await rowsOf(reader.id)).find((r: { data: { roomId: number } }) => r.data.roomId === other.id).isRead).toBe(false);
    });

    it('counts concurrent messages into one row', async () => {
      const [author, reader] = [await newUser(ctx, { profileId: 2 }), await newUser(ctx, { profileId: 3 })];
      const authorAgent = await loginAs(ctx, author.email, author.password);
      const otherAgent = await loginAs(replica, author.email, author.password);
      const room = await newRoom(authorAgent);
      await Promise.all([1, 2, 3, 4, 5, 6].map((n) => say(n % 2 ? authorAgent : otherAgent, room.id, `m${n}`)));
      await eventually(async () => (await rowsOf(reader.id))[0]?.data?.count === 6);
      await settled(reader.id, reader.email);
      expect(await rowsOf(reader.id)).toHaveLength(1);
      expect((await mailsOf(reader.email)).length).toBe(1);
    });
  });

  describe('history', () => {
    it('pages the whole history with a cursor and answers the true counts', async () => {
      const me = await newUser(ctx, { profileId: 3 });
      // 130 rows, n1 the newest, a second apart; every third one read.
      await newNotifications(
        ctx,
        Array.from({ length: 130 }, (_, i) => ({
          user: me.id,
          type: 'task_assigned',
          title: `n${i + 1}`,
          message: 'm',
          isRead: (i + 1) % 3 === 0,
          createdAt: secondsAgo(i + 1),
        })),
      );
      // Rows of the same instant are ordered by id, and pages do not split or repeat them.
      const instant = secondsAgo(61);
      await newNotifications(
        ctx,
        Array.from({ length: 5 }, (_, i) => ({ user: me.id, type: 'test', title: `same${i + 1}`, message: 'm', createdAt: instant })),
      );
      const agent = await loginAs(ctx, me.email, me.password);
      const first = (await agent.get('/api/notifications/history?limit=10').expect(200)).body;
      expect(first.items).toHaveLength(10);
      expect(first.total).toBe(135);
      expect(first.unread).toBe(135 - 43);
      expect(first.items[0].title).toBe('n1');

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const path: string = `/api/notifications/history?limit=50${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await agent.get(path).expect(200)).body;
        seen.push(...page.items.map((n: { title: string }) => n.title));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(135);
      expect(new Set(seen).size).toBe(135);
      expect(seen.slice(0, 3)).toEqual(['n1', 'n2', 'n3']);

      // The default page and the plain list (still the latest 100).
      expect((await agent.get('/api/notifications/history').expect(200)).body.items).toHaveLength(20);
      expect((await agent.get('/api/notifications').expect(200)).body).toHaveLength(100);
    });

    it('refuses a bad limit or cursor with 400, and pages only my own', async () => {
      const [me, other] = [await newUser(ctx, { profileId: 3 }), await newUser(ctx, { profileId: 3 })];
      await ctx.app.get(NotificationsService).notify(other.id, 'test', { title: 'de outro', message: 'm' });
      const agent = await loginAs(ctx, me.email, me.password);
      for (const limit of ['0', '51', 'abc', '-1', '1.5'])
        expect((await agent.get(`/api/notifications/history?limit=${limit}`).expect(400)).body.message).toMatch(
          /limit deve estar entre 1 e 50/,
        );
      for (const cursor of ['abc', '1_0', '1_99999999999', '99999999999999999999_1', "1_1'--"])
        expect((await agent.get(`/api/notifications/history?cursor=${encodeURIComponent(cursor)}`).expect(400)).body.message).toBe(
          'Cursor inválido',
        );
      expect((await agent.get('/api/notifications/history').expect(200)).body).toEqual({
        items: [],
        nextCursor: null,
        total: 0,
        unread: 0,
      });
      await ctx.http.get('/api/notifications/history').expect(401);
    });
  });
});
