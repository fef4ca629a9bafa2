import { newClient } from './factories';
import { openSocket, sessionCookie, wsUrl, type LiveMessage, type LiveSocket } from './utils/realtime';
import { eventually } from './utils/smtp';
import { ADMIN_EMAIL, loginAs, loginAsAdmin, newUser, startTestApp, TEST_ADMIN_PASSWORD, type TestContext, unique } from './utils/test-app';

const timerOn = (taskId: number) => (m: LiveMessage) => m.type === 'timer.changed' && m.taskId === taskId;
/** Waits until the socket holds `count` messages matching. */
const received = (socket: LiveSocket, match: (m: LiveMessage) => boolean, count: number) =>
  eventually(() => (socket.messages.filter(match).length >= count ? true : undefined), 15_000);

/**
 * Issue 22 §3: screens showing time entries refresh when a timer starts or stops in another tab.
 * 'timer.changed' (ids only) goes to the entry's owner and to whoever may see his entries.
 */
describe("/ws 'timer.changed' (e2e)", () => {
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    ctx = await startTestApp({ REMINDER_INTERVAL_MS: '3600000' });
    url = await wsUrl(ctx);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it("reaches the owner's tabs and the administrator, not a collaborator who sees only his own entries", async () => {
    const [owner, other] = [await newUser(ctx, { profileId: 3 }), await newUser(ctx, { profileId: 3 })];
    const admin = await loginAsAdmin(ctx);
    const clientId = (await newClient(ctx)).id;
    const newTask = async (assignee: number) =>
      (
        await admin
          .post('/api/tasks')
          .send({
            title: unique('Tarefa '),
            description: 'd',
            clientId,
            deadline: new Date(Date.now() + 86_400_000).toISOString(),
            assignedTo: [assignee],
          })
          .expect(201)
      ).body.id as number;
    const ownerTask = await newTask(owner.id);
    const otherTask = await newTask(other.id);

    const ownerTab = await openSocket(url, await sessionCookie(ctx, owner.email, owner.password));
    const ownerTab2 = await openSocket(url, await sessionCookie(ctx, owner.email, owner.password));
    const adminTab = await openSocket(url, await sessionCookie(ctx, ADMIN_EMAIL, TEST_ADMIN_PASSWORD));
    const otherTab = await openSocket(url, await sessionCookie(ctx, other.email, other.password));

    const agent = await loginAs(ctx, owner.email, owner.password);
    const started = await agent.post('/api/time-entries/start').send({ taskId: ownerTask }).expect(201);
    for (const tab of [ownerTab, ownerTab2, adminTab]) {
      const event = await tab.next((m) => m.type === 'timer.changed' && m.taskId === ownerTask);
      expect(event).toEqual({ type: 'timer.changed', taskId: ownerTask, userId: owner.id });
    }
    await agent.post(`/api/time-entries/${started.body.id}/stop`).expect(200);
    await received(ownerTab, timerOn(ownerTask), 2);
    await received(adminTab, timerOn(ownerTask), 2);

    // The other collaborator's own timer reaches him after the owner's events would have: none came.
    const otherAgent = await loginAs(ctx, other.email, other.password);
    await otherAgent.post('/api/time-entries/start').send({ taskId: otherTask }).expect(201);
    await otherTab.next((m) => m.type === 'timer.changed' && m.taskId === otherTask);
    expect(otherTab.messages.filter((m) => m.type === 'timer.changed' && m.taskId === ownerTask)).toEqual([]);
    // ...and the owner hears nothing of it.
    await adminTab.next((m) => m.type === 'timer.changed' && m.taskId === otherTask);
    await agent.post('/api/time-entries/start').send({ taskId: ownerTask }).expect(201);
    await received(ownerTab, timerOn(ownerTask), 3);
    expect(ownerTab.messages.filter((m) => m.type === 'timer.changed' && m.taskId === otherTask)).toEqual([]);

    await Promise.all([ownerTab.close(), ownerTab2.close(), adminTab.close(), otherTab.close()]);
  });

  it("announces a manual entry (typed by an administrator for someone else) to the owner's tabs", async () => {
    const owner = await newUser(ctx, { profileId: 3 });
    const admin = await loginAsAdmin(ctx);
    const clientId = (await newClient(ctx)).id;
    const task = await admin
      .post('/api/tasks')
      .send({ title: unique('Tarefa '), description: 'd', clientId, deadline: new Date(Date.now() + 86_400_000).toISOString() })
      .expect(201);
    const ownerTab = await openSocket(url, await sessionCookie(ctx, owner.email, owner.password));
    await admin
      .post('/api/time-entries')
      .send({ taskId: task.body.id, userId: owner.id, startTime: new Date(Date.now() - 7_200_000).toISOString(), duration: 1800 })
      .expect(201);
    const event = await ownerTab.next(timerOn(task.body.id));
    expect(event).toEqual({ type: 'timer.changed', taskId: task.body.id, userId: owner.id });
    await ownerTab.close();
  });
});
