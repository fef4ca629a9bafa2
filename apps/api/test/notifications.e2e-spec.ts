import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_TYPES } from '@wkflow/contracts';
import { NotificationsService } from '../src/notifications/notifications.service';
import { RemindersService } from '../src/notifications/reminders.service';
import { openSocket, sessionCookie, wsUrl } from './utils/realtime';
import { startIsolatedApp, type IsolatedApp } from './utils/isolated-app';
import { eventually, startSmtp } from './utils/smtp';
import { savePreference, settledState } from './utils/notification-state';
import { loginAs, loginAsAdmin, newUser, unique } from './utils/test-app';
import { adminUserId, columnNamed, newClient, newNotifications, newProfile, newTask, secondsAgo } from './factories';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
type Agent = Awaited<ReturnType<typeof loginAs>>;

const CONFIG = { EMAIL_RETRY_DELAY_MS: '50', EMAIL_ATTEMPTS: '3', EMAIL_SWEEP_MS: '300', REMINDER_INTERVAL_MS: '3600000' };
const inDays = (days: number) => new Date(Date.now() + days * 86400_000).toISOString();

describe('notifications (e2e)', () => {
  let ctx: IsolatedApp;
  let smtp: Smtp;
  let admin: Agent;
  let adminId: number;
  let clientId: number;
  let doneColumnId: number;
  let todoColumnId: number;

  const rowsOf = (userId: number) =>
    ctx.dataSource.query(`SELECT type, title, "soundEnabled", channel, data FROM notifications WHERE "userId" = $1 ORDER BY id`, [userId]);
  const mailsOf = (email: string) =>
    ctx.dataSource.query(`SELECT "emailType", subject, status FROM email_queue WHERE "recipientEmail" = $1 ORDER BY id`, [email]);
  const savePrefs = (userId: number, type: string, emailEnabled: boolean, browserEnabled: boolean, soundEnabled: boolean) =>
    savePreference(ctx.dataSource, userId, type, emailEnabled, browserEnabled, soundEnabled);
  /** Producers run after the response: wait until nothing new arrives for the user. */
  const settled = (userId: number, email: string) => settledState(async () => [await rowsOf(userId), await mailsOf(email)]);

  beforeAll(async () => {
    smtp = await startSmtp();
    // Its own database and queue: on the shared ones its worker would first send every e-mail other suites left waiting.
    ctx = await startIsolatedApp('notifications', { SMTP_URL: smtp.url, ...CONFIG });
    admin = await loginAsAdmin(ctx);
    adminId = await adminUserId(ctx);
    ({ id: clientId } = await newClient(ctx));
    ({ id: doneColumnId } = await columnNamed(ctx, 'concluídos'));
    ({ id: todoColumnId } = await columnNamed(ctx, 'A fazer'));
  });
  afterAll(async () => {
    await ctx.stop();
    await smtp.close();
  });

  describe('producers', () => {
    it('an assignment gives the assignee a notification row, a /ws message and a delivered e-mail; the actor gets nothing', async () => {
      const joao = await newUser(ctx, { profileId: 3 });
      const socket = await openSocket(await wsUrl(ctx), await sessionCookie(ctx, joao.email, joao.password));
      const title = unique('Tarefa ');
      const task = await admin
        .post('/api/tasks')
        .send({ title, description: 'd', clientId, deadline: inDays(3), assignedTo: [joao.id, adminId] })
        .expect(201);

      const pushed = await socket.next((m) => m.type === 'notification');
      expect(pushed.notification).toMatchObject({
        type: 'task_assigned',
        title: `Nova tarefa atribuída: ${title}`,
        isRead: false,
        soundEnabled: true,
      });
      expect(await rowsOf(joao.id)).toEqual([
        {
          type: 'task_assigned',
          title: `Nova tarefa atribuída: ${title}`,
          soundEnabled: true,
          channel: 'both',
          data: { taskId: task.body.id },
        },
      ]);
      const mail = await eventually(() => smtp.mails.find((m) => m.to.includes(joao.email)));
      expect(mail.subject).toBe(`Nova tarefa atribuída: ${title}`);
      expect(mail.raw).toContain('Nova tarefa atribu');
      await eventually(async () => (await mailsOf(joao.email))[0]?.status === 'sent');
      // The admin assigned themself: no notification about their own action.
      expect(
        await ctx.dataSource.query(`SELECT 1 FROM notifications WHERE "userId" = $1 AND data->>'taskId' = $2`, [
          adminId,
          String(task.body.id),
        ]),
      ).toEqual([]);
      await socket.close();
    });

    it('tells only the newly assigned users when assignees change', async () => {
      const [ana, carlos] = [await newUser(ctx, { profileId: 3 }), await newUser(ctx, { profileId: 3 })];
      const task = await admin
        .post('/api/tasks')
        .send({ title: unique('T '), description: 'd', clientId, deadline: inDays(3), assignedTo: [ana.id] })
        .expect(201);
      await eventually(async () => (await rowsOf(ana.id)).length === 1);
      await admin
        .put(`/api/tasks/${task.body.id}`)
        .send({ assignedTo: [ana.id, carlos.id] })
        .expect(200);
      await eventually(async () => (await rowsOf(carlos.id)).length === 1);
      await settled(ana.id, ana.email);
      expect((await rowsOf(ana.id)).map((r: { type: string }) => r.type)).toEqual(['task_assigned']);
    });

    it('tells the assignees of a comment, not its author', async () => {
      const [ana, carlos] = [await newUser(ctx, { profileId: 3 }), await newUser(ctx, { profileId: 3 })];
      const task = await admin
        .post('/api/tasks')
        .send({ title: unique('Comentada '), description: 'd', clientId, deadline: inDays(3), assignedTo: [ana.id, carlos.id] })
        .expect(201);
      const anaAgent = await loginAs(ctx, ana.email, ana.password);
      await anaAgent.post(`/api/tasks/${task.body.id}/comments`).send({ content: 'Pronto para revisão' }).expect(201);
      await eventually(async () => (await rowsOf(carlos.id)).some((r: { type: string }) => r.type === 'task_comment'));
      await settled(ana.id, ana.email);
      expect((await rowsOf(ana.id)).map((r: { type: string }) => r.type)).toEqual(['task_assigned']);
      expect((await mailsOf(carlos.email)).map((m: { emailType: string }) => m.emailType)).toEqual(['task_assigned', 'task_comment']);
    });

    it('tells assignees and creator when a task enters a completed column (by their preferences), not the one who moved it', async () => {
      const gerente = await newUser(ctx, { profileId: 2 });
      const [ana, carlos] = [await newUser(ctx, { profileId: 3 }), await newUser(ctx, { profileId: 3 })];
      // An assignee whose account is no longer approved hears nothing.
      const former = await newUser(ctx, { profileId: 3 });
      // ana also wants completions in the browser, without sound.
      await savePrefs(ana.id, 'task_completed', true, true, false);
      const gerenteAgent = await loginAs(ctx, gerente.email, gerente.password);
      const task = await gerenteAgent
        .post('/api/tasks')
        .send({
          title: unique('Entrega '),
          description: 'd',
          clientId,
          columnId: todoColumnId,
          deadline: inDays(3),
          assignedTo: [ana.id, carlos.id, former.id],
        })
        .expect(201);
      // No call takes an approval back: a foreign writer does.
      await ctx.dataSource.query(`UPDATE users SET "isApproved" = false WHERE id = $1`, [former.id]);
      const carlosAgent = await loginAs(ctx, carlos.email, carlos.password);
      await carlosAgent.put(`/api/tasks/${task.body.id}/move`).send({ columnId: doneColumnId, position: 1 }).expect(200);

      // Default for task_completed: e-mail only.
      await eventually(async () => (await mailsOf(gerente.email)).some((m: { emailType: string }) => m.emailType === 'task_completed'));
      await eventually(async () => (await rowsOf(ana.id)).some((r: { type: string }) => r.type === 'task_completed'));
      expect((await rowsOf(ana.id)).find((r: { type: string }) => r.type === 'task_completed')).toMatchObject({
        soundEnabled: false,
        channel: 'both',
        title: `Tarefa concluída: ${task.body.title}`,
      });
      const [{ message }] = await ctx.dataSource.query(
        `SELECT message FROM notifications WHERE "userId" = $1 AND type = 'task_completed'`,
        [ana.id],
      );
      expect(message).toBe(`${carlos.name} concluiu a tarefa "${task.body.title}".`);
      // The bell keeps it too, whatever the toggles: no pop-up and no sound, e-mail only outward.
      await settled(gerente.id, gerente.email);
      expect(await rowsOf(gerente.id)).toEqual([
        expect.objectContaining({ type: 'task_completed', channel: 'email', soundEnabled: false, data: { taskId: task.body.id } }),
      ]);
      await settled(carlos.id, carlos.email);
      expect((await mailsOf(carlos.email)).map((m: { emailType: string }) => m.emailType)).toEqual(['task_assigned']);
      await settled(former.id, former.email);
      expect((await rowsOf(former.id)).map((r: { type: string }) => r.type)).toEqual(['task_assigned']);
    });

    it('does not tell the creator of a completion once he may no longer see the task (moved to a profile that sees only assigned tasks)', async () => {
      const gerente = await newUser(ctx, { profileId: 2 });
      const [ana, carlos] = [await newUser(ctx, { profileId: 3 }), await newUser(ctx, { profileId: 3 })];
      const gerenteAgent = await loginAs(ctx, gerente.email, gerente.password);
      const task = await gerenteAgent
        .post('/api/tasks')
        .send({
          title: unique('Entrega '),
          description: 'd',
          clientId,
          columnId: todoColumnId,
          deadline: inDays(3),
          assignedTo: [ana.id, carlos.id],
        })
        .expect(201);
      await admin
        .put(`/api/users/${gerente.id}`)
        .send({ name: gerente.name, email: gerente.email, username: gerente.username, accessProfileId: 3 })
        .expect(200);
      const carlosAgent = await loginAs(ctx, carlos.email, carlos.password);
      await carlosAgent.put(`/api/tasks/${task.body.id}/move`).send({ columnId: doneColumnId, position: 1 }).expect(200);
      await eventually(async () => (await rowsOf(ana.id)).some((r: { type: string }) => r.type === 'task_completed'));
      await settled(gerente.id, gerente.email);
      expect(await rowsOf(gerente.id)).toEqual([]);
      expect(await mailsOf(gerente.email)).toEqual([]);
    });

    it('honours each channel of the preferences', async () => {
      const [quiet, mailOnly] = [await newUser(ctx, { profileId: 3 }), await newUser(ctx, { profileId: 3 })];
      await savePrefs(quiet.id, 'task_assigned', false, true, false);
      await savePrefs(mailOnly.id, 'task_assigned', true, false, true);
      await admin
        .post('/api/tasks')
        .send({ title: unique('P '), description: 'd', clientId, deadline: inDays(3), assignedTo: [quiet.id, mailOnly.id] })
        .expect(201);
      await eventually(async () => (await rowsOf(quiet.id)).length === 1);
      await eventually(async () => (await mailsOf(mailOnly.email)).length === 1);
      await settled(quiet.id, quiet.email);
      await settled(mailOnly.id, mailOnly.email);
      expect(await rowsOf(quiet.id)).toEqual([expect.objectContaining({ soundEnabled: false, channel: 'browser' })]);
      expect(await mailsOf(quiet.email)).toEqual([]);
      // Browser off: still in the list (channel email: no system pop-up); sound on still beeps in the app.
      expect(await rowsOf(mailOnly.id)).toEqual([expect.objectContaining({ soundEnabled: true, channel: 'email' })]);
    });

    it('never tells users who may not read tasks', async () => {
      const hiddenProfile = await newProfile(ctx, { tasks: 'hidden' }, { name: unique('Sem tarefas '), description: 'sem tarefas' });
      const blind = await newUser(ctx, { profileId: hiddenProfile });
      const ana = await newUser(ctx, { profileId: 3 });
      await admin
        .post('/api/tasks')
        .send({ title: unique('H '), description: 'd', clientId, deadline: inDays(3), assignedTo: [blind.id, ana.id] })
        .expect(201);
      await eventually(async () => (await rowsOf(ana.id)).length === 1);
      await settled(blind.id, blind.email);
      expect(await rowsOf(blind.id)).toEqual([]);
      expect(await mailsOf(blind.email)).toEqual([]);
    });

    it('tells an approved user by notification and e-mail', async () => {
      const pending = await newUser(ctx, { approved: false });
      await admin.post(`/api/users/${pending.id}/approve`).expect(200);
      await eventually(async () => (await rowsOf(pending.id)).some((r: { type: string }) => r.type === 'account_approved'));
      const mail = await eventually(() => smtp.mails.find((m) => m.to.includes(pending.email)));
      expect(mail.subject).toBe('Sua conta foi aprovada');
    });

    it('tells chat readers of a message: online in the browser, offline by e-mail; never the author or users without chat', async () => {
      const [online, offline, author] = [
        await newUser(ctx, { profileId: 3 }),
        await newUser(ctx, { profileId: 3 }),
        await newUser(ctx, { profileId: 2 }),
      ];
      const noChat = await newProfile(ctx, { chat: 'hidden' }, { name: unique('Sem chat '), description: 'sem chat' });
      const outsider = await newUser(ctx, { profileId: noChat });
      const socket = await openSocket(await wsUrl(ctx), await sessionCookie(ctx, online.email, online.password));

      const authorAgent = await loginAs(ctx, author.email, author.password);
      const room = await authorAgent
        .post('/api/chat/rooms')
        .send({ name: unique('Sala '), description: 'd' })
        .expect(201);
      await authorAgent.post(`/api/chat/rooms/${room.body.id}/messages`).send({ message: 'Reunião às 15h' }).expect(201);

      expect((await socket.next((m) => m.type === 'chat.message')).roomId).toBe(room.body.id);
      const pushed = await socket.next((m) => m.type === 'notification');
      expect(pushed.notification).toMatchObject({ type: 'chat_message_online', message: `${author.name}: Reunião às 15h` });
      await eventually(async () => (await mailsOf(offline.email)).length === 1);
      expect((await mailsOf(offline.email))[0].subject).toBe(`Nova mensagem em #${room.body.name}`);
      await settled(offline.id, offline.email);
      // chat_message_offline: e-mail by default, and kept for the bell.
      expect(await rowsOf(offline.id)).toEqual([
        expect.objectContaining({ type: 'chat_message_offline', channel: 'email', data: { roomId: room.body.id, count: 1 } }),
      ]);
      expect(await mailsOf(online.email)).toEqual([]);
      expect(await rowsOf(author.id)).toEqual([]);
      expect(await rowsOf(outsider.id)).toEqual([]);
      expect(await mailsOf(outsider.email)).toEqual([]);
      await socket.close();
    });
  });

  describe('deadline reminders', () => {
    const reminders = () => ctx.app.get(RemindersService);
    const taskDue = async (
      minutes: number,
      assignees: number[],
      extra: { column?: number; archived?: boolean; reminderTime?: string; createdBy?: number } = {},
    ) => {
      const task = await newTask(ctx, {
        title: unique('Prazo '),
        client: clientId,
        column: extra.column ?? todoColumnId,
        deadline: new Date(Date.now() + minutes * 60_000),
        isArchived: extra.archived ?? false,
        reminderTime: extra.reminderTime ?? null,
        createdBy: extra.createdBy ?? adminId,
        assignees,
      });
      return task.id;
    };
    const typesFor = async (userId: number) => (await rowsOf(userId)).map((r: { type: string }) => r.type);

    it('fires once for a task due in 1 h, even when the scheduler runs twice at the same time', async () => {
      const ana = await newUser(ctx, { profileId: 3 });
      await taskDue(50, [ana.id]);
      const [a, b] = await Promise.all([reminders().runOnce(), reminders().runOnce()]);
      expect(await typesFor(ana.id)).toEqual(['task_due_1h']);
      expect(a + b).toBeGreaterThanOrEqual(1);
      await reminders().runOnce();
      expect(await typesFor(ana.id)).toEqual(['task_due_1h']);
      // task_due_1h is browser only by default.
      expect(await mailsOf(ana.email)).toEqual([]);
    });

    it('walks the windows 6 h, 3 h, 1 h once each, with e-mail where the defaults say so', async () => {
      const ana = await newUser(ctx, { profileId: 3 });
      const deadline = Date.now() + 5 * 60 * 60_000;
      await taskDue(5 * 60, [ana.id]);
      const at = (minutesBefore: number) => new Date(deadline - minutesBefore * 60_000);
      await reminders().runOnce(at(5 * 60));
      await reminders().runOnce(at(4 * 60));
      await reminders().runOnce(at(2 * 60));
      await reminders().runOnce(at(30));
      await reminders().runOnce(at(10));
      expect(await typesFor(ana.id)).toEqual(['task_due_6h', 'task_due_3h', 'task_due_1h']);
      expect((await mailsOf(ana.email)).map((m: { emailType: string }) => m.emailType)).toEqual(['task_due_reminder']);
    });

    it("sends the task's own reminder option and re-arms when the deadline moves", async () => {
      const ana = await newUser(ctx, { profileId: 3 });
      const taskId = await taskDue(20 * 60, [ana.id], { reminderTime: '1d' });
      await reminders().runOnce();
      expect(await typesFor(ana.id)).toEqual(['task_reminder']);
      await reminders().runOnce();
      expect(await typesFor(ana.id)).toEqual(['task_reminder']);
      // A later deadline, through an edit: the deadline, not the task, is what was reminded of.
      const { deadline } = (await admin.get(`/api/tasks/${taskId}`).expect(200)).body;
      const later = new Date(new Date(deadline).getTime() + 2 * 60 * 60_000).toISOString();
      await admin.put(`/api/tasks/${taskId}`).send({ deadline: later }).expect(200);
      await reminders().runOnce();
      expect(await typesFor(ana.id)).toEqual(['task_reminder', 'task_reminder']);
    });

    it('reminds only those who may see the task now: not an assignee whose profile hides tasks, nor a creator who sees only his assigned tasks', async () => {
      const hiddenProfile = await newProfile(ctx, { tasks: 'hidden' }, { name: unique('Sem tarefas '), description: 'sem tarefas' });
      const [blind, ana, creator] = [
        await newUser(ctx, { profileId: hiddenProfile }),
        await newUser(ctx, { profileId: 3 }),
        await newUser(ctx, { profileId: 3 }),
      ];
      await taskDue(30, [blind.id, ana.id]);
      // Nobody assigned: the creator would be reminded, but a collaborator sees only tasks assigned to him.
      await taskDue(30, [], { createdBy: creator.id });
      await reminders().runOnce();
      expect(await typesFor(ana.id)).toEqual(['task_due_1h']);
      expect(await typesFor(blind.id)).toEqual([]);
      expect(await typesFor(creator.id)).toEqual([]);
    });

    it('skips completed and archived tasks, and reminds the creator of a task nobody is assigned to', async () => {
      const ana = await newUser(ctx, { profileId: 3 });
      await taskDue(30, [ana.id], { column: doneColumnId });
      await taskDue(30, [ana.id], { archived: true });
      await reminders().runOnce();
      expect(await typesFor(ana.id)).toEqual([]);

      const before = (await rowsOf(adminId)).length;
      const orphan = await taskDue(30, []);
      await reminders().runOnce();
      const rows = await rowsOf(adminId);
      expect(rows.slice(before)).toEqual([
        expect.objectContaining({ type: 'task_due_1h', data: expect.objectContaining({ taskId: orphan }) }),
      ]);
    });
  });

  describe('endpoints', () => {
    it('lists only my notifications, newest first, with the spec fields', async () => {
      const [me, other] = [await newUser(ctx, { profileId: 3 }), await newUser(ctx, { profileId: 3 })];
      const notifications = ctx.app.get(NotificationsService);
      const first = await notifications.notify(me.id, 'task_assigned', { title: 'Primeira', message: 'm1' });
      const second = await notifications.notify(me.id, 'task_comment', { title: 'Segunda', message: 'm2' });
      await notifications.notify(other.id, 'task_assigned', { title: 'De outro', message: 'm' });
      const agent = await loginAs(ctx, me.email, me.password);
      const list = (await agent.get('/api/notifications').expect(200)).body;
      expect(list.map((n: { id: number }) => n.id)).toEqual([second!.id, first!.id]);
      expect(Object.keys(list[0]).sort()).toEqual([
        'channel',
        'createdAt',
        'data',
        'id',
        'isRead',
        'message',
        'soundEnabled',
        'title',
        'type',
      ]);
      expect(list[0]).toMatchObject({
        type: 'task_comment',
        title: 'Segunda',
        message: 'm2',
        isRead: false,
        channel: 'both',
        soundEnabled: true,
      });
      expect(new Date(list[0].createdAt).toString()).not.toBe('Invalid Date');
    });

    it('keeps the last 100', async () => {
      const me = await newUser(ctx, { profileId: 3 });
      // 105 rows, n1 the newest, a second apart.
      await newNotifications(
        ctx,
        Array.from({ length: 105 }, (_, i) => ({
          user: me.id,
          type: 'task_assigned',
          title: `n${i + 1}`,
          message: 'm',
          createdAt: secondsAgo(i + 1),
        })),
      );
      const agent = await loginAs(ctx, me.email, me.password);
      const list = (await agent.get('/api/notifications').expect(200)).body;
      expect(list).toHaveLength(100);
      expect(list[0].title).toBe('n1');
    });

    it('marks one of mine read (404 for another user’s, 400 for a bad id) and all of mine read', async () => {
      const [me, other] = [await newUser(ctx, { profileId: 3 }), await newUser(ctx, { profileId: 3 })];
      const notifications = ctx.app.get(NotificationsService);
      const mine = await notifications.notify(me.id, 'task_assigned', { title: 'a', message: 'm' });
      await notifications.notify(me.id, 'task_assigned', { title: 'b', message: 'm' });
      const theirs = await notifications.notify(other.id, 'task_assigned', { title: 'c', message: 'm' });
      const agent = await loginAs(ctx, me.email, me.password);

      expect((await agent.put(`/api/notifications/${theirs!.id}/read`).expect(404)).body.message).toBe('Notificação não encontrada');
      await agent.put('/api/notifications/999999999/read').expect(404);
      for (const bad of ['abc', '0', '-1', '99999999999', '1.5']) {
        expect((await agent.put(`/api/notifications/${bad}/read`).expect(400)).body.message).toBe('Identificador inválido');
      }
      await agent.put(`/api/notifications/${mine!.id}/read`).expect(200);
      expect((await agent.get('/api/notifications')).body.filter((n: { isRead: boolean }) => n.isRead)).toHaveLength(1);

      expect((await agent.put('/api/notifications/mark-all-read').expect(200)).body).toEqual({ updated: 1 });
      expect((await agent.get('/api/notifications')).body.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
      const [{ isRead }] = await ctx.dataSource.query(`SELECT "isRead" FROM notifications WHERE id = $1`, [theirs!.id]);
      expect(isRead).toBe(false);
    });

    it('creates a test notification for access profile 1 only', async () => {
      const gerente = await newUser(ctx, { profileId: 2, role: 'admin' });
      const agent = await loginAs(ctx, gerente.email, gerente.password);
      await agent.post('/api/notifications/test').expect(403);
      expect(await rowsOf(gerente.id)).toEqual([]);
      const created = await admin.post('/api/notifications/test').expect(201);
      expect(created.body).toMatchObject({ type: 'test', title: 'Notificação de teste', isRead: false });
      expect((await admin.get('/api/notifications')).body[0].id).toBe(created.body.id);
    });
  });

  describe('preferences', () => {
    it('answers the defaults table for a user who never saved', async () => {
      const maria = await newUser(ctx, { profileId: 2 });
      const agent = await loginAs(ctx, maria.email, maria.password);
      const prefs = (await agent.get('/api/notifications/preferences').expect(200)).body;
      expect(prefs).toEqual(NOTIFICATION_TYPES.map((type) => ({ type, ...DEFAULT_NOTIFICATION_PREFERENCES[type] })));
      expect(prefs.find((p: { type: string }) => p.type === 'task_due_3h')).toEqual({
        type: 'task_due_3h',
        emailEnabled: false,
        browserEnabled: true,
        soundEnabled: true,
      });
    });

    it('saves all at once, per user, and reads them back over the defaults', async () => {
      const [maria, joao] = [await newUser(ctx, { profileId: 2 }), await newUser(ctx, { profileId: 3 })];
      const agent = await loginAs(ctx, maria.email, maria.password);
      const body = {
        preferences: [
          { type: 'task_completed', emailEnabled: false, browserEnabled: true, soundEnabled: true },
          { type: 'chat_message_online', emailEnabled: true, browserEnabled: false, soundEnabled: false },
        ],
      };
      const saved = (await agent.put('/api/notifications/preferences').send(body).expect(200)).body;
      expect(saved).toHaveLength(8);
      expect(saved.find((p: { type: string }) => p.type === 'task_completed')).toEqual(body.preferences[0]);
      expect(saved.find((p: { type: string }) => p.type === 'task_assigned')).toEqual({
        type: 'task_assigned',
        ...DEFAULT_NOTIFICATION_PREFERENCES.task_assigned,
      });
      // Saving again overwrites.
      await agent
        .put('/api/notifications/preferences')
        .send({ preferences: [{ type: 'task_completed', emailEnabled: true, browserEnabled: false, soundEnabled: false }] })
        .expect(200);
      const again = (await agent.get('/api/notifications/preferences')).body;
      expect(again.find((p: { type: string }) => p.type === 'task_completed')).toMatchObject({ emailEnabled: true, browserEnabled: false });
      expect(again.find((p: { type: string }) => p.type === 'chat_message_online')).toMatchObject({
        emailEnabled: true,
        browserEnabled: false,
      });
      // Another user still has the defaults.
      const other = await loginAs(ctx, joao.email, joao.password);
      expect((await other.get('/api/notifications/preferences')).body.find((p: { type: string }) => p.type === 'task_completed')).toEqual({
        type: 'task_completed',
        ...DEFAULT_NOTIFICATION_PREFERENCES.task_completed,
      });
    });

    it('refuses bad input with its message and writes nothing', async () => {
      const maria = await newUser(ctx, { profileId: 2 });
      const agent = await loginAs(ctx, maria.email, maria.password);
      const ok = { type: 'task_assigned', emailEnabled: false, browserEnabled: false, soundEnabled: false };
      const cases: [unknown, string][] = [
        [{}, 'preferences deve ser uma lista'],
        [{ preferences: 'x' }, 'preferences deve ser uma lista'],
        [{ preferences: [ok, { ...ok, type: 'nope' }] }, 'Tipo de notificação inválido'],
        [{ preferences: [{ ...ok, type: undefined }] }, 'Tipo de notificação inválido'],
        [{ preferences: [{ ...ok, emailEnabled: 'yes' }] }, 'emailEnabled deve ser verdadeiro ou falso'],
        [{ preferences: [{ ...ok, browserEnabled: null }] }, 'browserEnabled deve ser verdadeiro ou falso'],
        [{ preferences: [{ ...ok, soundEnabled: 1 }] }, 'soundEnabled deve ser verdadeiro ou falso'],
        [{ preferences: Array.from({ length: 9 }, () => ok) }, 'Preferências demais'],
        [{ preferences: [{ ...ok, extra: true }] }, 'O campo preferences.0.extra não é permitido'],
        [{ preferences: ['x'] }, 'Preferência inválida'],
      ];
      for (const [body, message] of cases) {
        const res = await agent
          .put('/api/notifications/preferences')
          .send(body as object)
          .expect(400);
        expect(res.body.message).toContain(message);
      }
      expect(await ctx.dataSource.query(`SELECT 1 FROM notification_preferences WHERE "userId" = $1`, [maria.id])).toEqual([]);
    });
  });
});
