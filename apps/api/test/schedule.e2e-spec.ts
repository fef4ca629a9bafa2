import { SchedulerRegistry } from '@nestjs/schedule';
import { startTestApp, type TestContext } from './utils/test-app';

/** Every periodic job runs on @nestjs/schedule: named, listed in its registry, stopped with the app. */
describe('periodic jobs (e2e)', () => {
  let ctx: TestContext;
  let schedules: SchedulerRegistry;
  beforeAll(async () => {
    ctx = await startTestApp({ REMINDER_INTERVAL_MS: '4321', EMAIL_SWEEP_MS: '6543' });
    schedules = ctx.app.get(SchedulerRegistry);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('registers every job by name', () => {
    expect(schedules.getIntervals().sort()).toEqual(
      [
        'api-token-expiry',
        'auth-limits-sweep',
        'board-changes-prune',
        'deadline-reminders',
        'email-sweep',
        'realtime-heartbeat',
        'reports-stale-sweep',
        'upload-sweep',
      ].sort(),
    );
  });

  it('runs the jobs whose period is configured at that period', () => {
    // Node's timer keeps its period in `_repeat`; the registry hands back the timer itself.
    const period = (name: string) => (schedules.getInterval(name) as unknown as { _repeat: number })._repeat;
    expect(period('deadline-reminders')).toBe(4321);
    expect(period('email-sweep')).toBe(6543);
    expect(period('board-changes-prune')).toBe(5 * 60_000);
  });

  it('stops every job when the app closes', async () => {
    const other = await startTestApp();
    const registry = other.app.get(SchedulerRegistry);
    expect(registry.getIntervals().length).toBeGreaterThan(0);
    await other.app.close();
    expect(registry.getIntervals()).toEqual([]);
  });
});
