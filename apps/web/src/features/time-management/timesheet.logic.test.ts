import { describe, expect, it } from 'vitest';
import { filterProblem, idOrNull, initialTimesheetFilter, timesheetQuery } from './timesheet.logic';

describe('timesheet filters', () => {
  it('builds the same query for the list (with its page) and the export', () => {
    const filter = { ...initialTimesheetFilter, period: 'custom' as const, from: '2026-10-01', to: '2026-10-31', clientId: 4 };
    expect(timesheetQuery(filter)).toBe('period=custom&from=2026-10-01&to=2026-10-31&clientId=4');
    expect(timesheetQuery(filter, { limit: 50, offset: 100 })).toBe(
      'period=custom&from=2026-10-01&to=2026-10-31&clientId=4&limit=50&offset=100',
    );
    expect(timesheetQuery({ ...initialTimesheetFilter, userId: 2, taskId: 9 }, { limit: 50, offset: 0 })).toBe(
      'period=week&userId=2&taskId=9&limit=50',
    );
  });
  it('asks for both dates of a custom period, in order', () => {
    expect(filterProblem(initialTimesheetFilter)).toBeNull();
    expect(filterProblem({ ...initialTimesheetFilter, period: 'custom', from: '2026-10-01', to: '' })).toBe(
      'Escolha as datas inicial e final.',
    );
    expect(filterProblem({ ...initialTimesheetFilter, period: 'custom', from: '2026-10-02', to: '2026-10-01' })).toBe(
      'A data final deve ser igual ou posterior à inicial.',
    );
  });
  it('reads select values as ids', () => {
    expect(idOrNull('')).toBeNull();
    expect(idOrNull('12')).toBe(12);
  });
});
