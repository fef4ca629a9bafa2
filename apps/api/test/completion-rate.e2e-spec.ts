import { columnNamed, newClient, newTask, secondsAgo } from './factories';
import { startIsolatedApp } from './utils/isolated-app';
import { loginAsAdmin, type TestContext } from './utils/test-app';

type Agent = Awaited<ReturnType<typeof loginAsAdmin>>;

/**
 * Issue 22 §11: the analytics overview (30 days) and the recommendations give the same completion
 * rate for the same data: tasks created in the last 30 calendar days, archived ones left out, that
 * sit in a completed list now.
 */
describe('one completion rate (e2e)', () => {
  let ctx: TestContext & { stop: () => Promise<void> };
  let admin: Agent;

  beforeAll(async () => {
    ctx = await startIsolatedApp('completion_rate');
    admin = await loginAsAdmin(ctx);
    const done = (await columnNamed(ctx, 'concluídos')).id;
    const doing = (await columnNamed(ctx, 'Em andamento')).id;
    const client = (await newClient(ctx, { name: 'Cliente Taxa' })).id;
    const task = (column: number, createdDaysAgo: number, isArchived = false) =>
      newTask(ctx, { title: 'T', client, column, createdAt: secondsAgo(createdDaysAgo * 86_400), isArchived });
    // In the 30 days: 1 completed, 1 open, 1 completed but archived (left out). Before them: 1 open.
    await task(done, 2);
    await task(doing, 3);
    await task(done, 4, true);
    await task(doing, 60);
  });
  afterAll(async () => {
    await ctx?.stop();
  });

  it('the overview and the recommendation insights agree', async () => {
    const dashboard = (await admin.get('/api/analytics/dashboard?period=30').expect(200)).body;
    const insights = (await admin.get('/api/recommendations/analytics').expect(200)).body;
    expect(dashboard.completion_rate).toBe(50);
    expect(insights).toMatchObject({ completionRate: 50, createdLast30: 2, completedOfCreatedLast30: 1 });
  });
});
