import { describe, expect, it } from 'vitest';
import { entryStatus, summarize } from './timeAdmin.logic';

const base = { taskId: 1, task_title: 't', user_name: 'u', client_name: 'c', createdAt: '', startTime: '2026-11-18T10:00:00.000Z' };

describe('time administration', () => {
  it('sums hours, counts records and distinct users', () => {
    const entries = [
      { ...base, id: 1, userId: 1, duration: 3600, endTime: '2026-11-18T11:00:00.000Z' },
      { ...base, id: 2, userId: 1, duration: 1800, endTime: '2026-11-18T10:30:00.000Z' },
      { ...base, id: 3, userId: 2, duration: null, endTime: null },
    ];
    expect(summarize(entries, new Date('2026-11-18T10:30:00.000Z'))).toEqual({ totalSeconds: 7200, records: 3, activeUsers: 2 });
  });
  it('labels running and finished entries', () => {
    expect(entryStatus({ endTime: null })).toBe('Em andamento');
    expect(entryStatus({ endTime: '2026-11-18T11:00:00.000Z' })).toBe('Concluído');
  });
});
