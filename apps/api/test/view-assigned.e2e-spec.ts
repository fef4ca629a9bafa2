import request from 'supertest';
import type { BoardChangedMessage, Task } from '@wkflow/contracts';
import { type LiveSocket, openSocket, sessionCookie, wsUrl } from './utils/realtime';
import { createProfile, loginAs, loginAsAdmin, newUser, startTestApp, type TestContext, unique } from './utils/test-app';

type Agent = ReturnType<typeof request.agent>;

/**
 * A custom profile whose tasks permission is "view_assigned" (core.md §6: users who cannot view
 * all tasks see only the tasks assigned to them), on the list, the detail and /ws.
 */
describe('a view_assigned profile (e2e)', () => {
  let ctx: TestContext;
  let admin: Agent;
  let viewer: { id: number; email: string; password: string };
  let viewerAgent: Agent;
  let someone: { id: number };
  let clientId: number;

  beforeAll(async () => {
    ctx = await startTestApp({ REMINDER_INTERVAL_MS: '3600000' });
    admin = await loginAsAdmin(ctx);
    const profileId = await createProfile(
      admin,
      [
        { module: 'wkflow', permission: 'read' },
        { module: 'tasks', permission: 'view_assigned', additionalData: { taskScope: 'view_assigned_only' } },
      ],
      'Só atribuídas ',
    );
    viewer = await newUser(ctx, { profileId });
    viewerAgent = await loginAs(ctx, viewer.email, viewer.password);
    someone = await newUser(ctx, { profileId: 3 });
    clientId = (
      await admin
        .post('/api/clients')
        .send({ name: unique('Cliente ') })
        .expect(201)
    ).body.id;
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const newTask = async (assignedTo: number[]): Promise<Task> =>
    (
      await admin
        .post('/api/tasks')
        .send({
          title: unique('Tarefa '),
          description: 'd',
          clientId,
          deadline: new Date(Date.now() + 86400_000).toISOString(),
          assignedTo,
        })
        .expect(201)
    ).body;
  const rename = (task: Task) =>
    admin
      .put(`/api/tasks/${task.id}`)
      .send({ title: unique('Renomeada ') })
      .expect(200);
  const ids = (tasks: Task[]) => tasks.map((t) => t.id);

  it('lists only the tasks assigned to the user, on the board and in filtered lists', async () => {
    const mine = await newTask([viewer.id, someone.id]);
    const others = await newTask([someone.id]);
    const nobodys = await newTask([]);

    const board: Task[] = (await viewerAgent.get('/api/tasks').expect(200)).body;
    expect(ids(board)).toContain(mine.id);
    expect(ids(board)).not.toContain(others.id);
    expect(ids(board)).not.toContain(nobodys.id);
    expect(board.every((t) => t.assignedTo.includes(viewer.id))).toBe(true);

    const searched: Task[] = (await viewerAgent.get('/api/tasks').query({ search: 'Tarefa', limit: 1000 }).expect(200)).body;
    expect(ids(searched)).toContain(mine.id);
    expect(searched.every((t) => t.assignedTo.includes(viewer.id))).toBe(true);
    // The administrator (all tasks) sees all three.
    const all: Task[] = (await admin.get('/api/tasks').expect(200)).body;
    expect(ids(all)).toEqual(expect.arrayContaining([mine.id, others.id, nobodys.id]));
  });

  it('reads an assigned task; another one is 404, exactly like an unknown id', async () => {
    const mine = await newTask([viewer.id]);
    const others = await newTask([someone.id]);
    expect((await viewerAgent.get(`/api/tasks/${mine.id}`).expect(200)).body).toMatchObject({ id: mine.id, assignedTo: [viewer.id] });
    const hidden = await viewerAgent.get(`/api/tasks/${others.id}`).expect(404);
    const unknown = await viewerAgent.get('/api/tasks/2147483647').expect(404);
    expect(hidden.body).toEqual(unknown.body);
    expect(hidden.body.message).toBe('Tarefa não encontrada');
    // Once unassigned, the task is gone for them too.
    await admin
      .put(`/api/tasks/${mine.id}`)
      .send({ assignedTo: [someone.id] })
      .expect(200);
    await viewerAgent.get(`/api/tasks/${mine.id}`).expect(404);
  });

  describe('/ws', () => {
    let url: string;
    let viewerSocket: LiveSocket;
    let managerSocket: LiveSocket;
    const boardMessages = (socket: LiveSocket) =>
      socket.messages.filter((m) => m.type === 'board.changed') as unknown as BoardChangedMessage[];
    /** Resolves once the socket was sent the task with this title. */
    const sentWithTitle = (socket: LiveSocket, id: number, title: string) =>
      socket.next(() => boardMessages(socket).some((m) => m.tasks.some((t) => t.id === id && t.title === title)));
    const named = (messages: BoardChangedMessage[], id: number) =>
      messages.filter((m) => m.tasks.some((t) => t.id === id) || m.removed.includes(id));

    beforeAll(async () => {
      url = await wsUrl(ctx);
      viewerSocket = await openSocket(url, await sessionCookie(ctx, viewer.email, viewer.password));
      const manager = await newUser(ctx, { profileId: 2 });
      managerSocket = await openSocket(url, await sessionCookie(ctx, manager.email, manager.password));
    });
    afterAll(async () => {
      await Promise.all([viewerSocket.close(), managerSocket.close()]);
    });

    it('hears of its own tasks only; users who see all tasks hear of every one', async () => {
      const others = await newTask([someone.id]);
      const othersTitle = (await rename(others)).body.title;
      const mine = await newTask([viewer.id]);
      const mineTitle = (await rename(mine)).body.title;
      // Board changes go out in the order of the commits: once the later change on "mine" arrived,
      // any change on "others" sent to this socket would have come before it.
      await sentWithTitle(viewerSocket, mine.id, mineTitle);
      expect(named(boardMessages(viewerSocket), others.id)).toEqual([]);
      await sentWithTitle(managerSocket, others.id, othersTitle);
      await sentWithTitle(managerSocket, mine.id, mineTitle);
    });

    it('hears once that a task left its scope (unassigned), and nothing about it after', async () => {
      const leaving = await newTask([viewer.id]);
      const staying = await newTask([viewer.id]);
      await viewerSocket.next(() => named(boardMessages(viewerSocket), staying.id).length > 0);

      await admin
        .put(`/api/tasks/${leaving.id}`)
        .send({ assignedTo: [someone.id] })
        .expect(200);
      await viewerSocket.next(() => boardMessages(viewerSocket).some((m) => m.removed.includes(leaving.id)));
      const heard = boardMessages(viewerSocket).length;
      const leavingTitle = (await rename(leaving)).body.title;
      await admin.post(`/api/tasks/${leaving.id}/comments`).send({ content: 'depois' }).expect(201);
      // A later change on a task still in scope proves the changes on "leaving" are all in.
      const stayingTitle = (await rename(staying)).body.title;
      await sentWithTitle(viewerSocket, staying.id, stayingTitle);
      expect(named(boardMessages(viewerSocket).slice(heard), leaving.id)).toEqual([]);
      expect(JSON.stringify(viewerSocket.messages)).not.toContain(leavingTitle);
      // Someone who sees every task has it as it is now.
      await sentWithTitle(managerSocket, leaving.id, leavingTitle);
    });
  });
});
