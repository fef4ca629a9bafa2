import { describe, expect, it } from 'vitest';
import { isTimeKey, keys } from './swr';

describe('isTimeKey', () => {
  it('matches what shows time entries: the timer, the task, /time-management and the analytics sums', () => {
    for (const key of [
      keys.activeTimeEntry,
      keys.adminTimeEntries('week'),
      keys.adminTimeEntries('all'),
      keys.timesheet('period=week&clientId=3&limit=50'),
      keys.timesheetOptions(null),
      keys.myWeek,
      keys.analyticsDashboard(30),
      keys.analyticsTrend(7),
      keys.analyticsProductivity(90),
      keys.analyticsClients(30),
      keys.taskTotalTime(5),
      keys.taskTimeEntries(5),
      keys.taskHistory(5),
    ]) {
      expect(isTimeKey(key, 5)).toBe(true);
    }
  });
  it('leaves the rest alone', () => {
    for (const key of [keys.tasks, keys.taskTotalTime(6), keys.analyticsReports, keys.notifications, ['x'], null]) {
      expect(isTimeKey(key, 5)).toBe(false);
    }
    expect(isTimeKey(keys.taskTotalTime(5), null)).toBe(false);
  });
});
