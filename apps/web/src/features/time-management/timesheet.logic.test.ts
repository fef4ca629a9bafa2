import { describe, expect, it } from 'vitest';
import {
  filterFromSearch,
  filterProblem,
  filterSearch,
  idOrNull,
  initialTimesheetFilter,
  timesheetQuery,
  valueSummary,
} from './timesheet.logic';

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
  it('keeps the filter in the address and reads it back, defaults left out', () => {
    const filter = { ...initialTimesheetFilter, period: 'custom' as const, from: '2026-10-01', to: '2026-10-31', clientId: 4, userId: 2 };
    expect(filterSearch(filter)).toBe('period=custom&from=2026-10-01&to=2026-10-31&userId=2&clientId=4');
    expect(filterFromSearch(new URLSearchParams(filterSearch(filter)))).toEqual(filter);
    expect(filterSearch(initialTimesheetFilter)).toBe('');
    expect(filterFromSearch(new URLSearchParams(''))).toEqual(initialTimesheetFilter);
    expect(filterFromSearch(new URLSearchParams('period=decade&from=ontem&clientId=-3&taskId=x'))).toEqual(initialTimesheetFilter);
  });
  it("totals no rate as '—' like the rows, and says when the value covers only the rated hours", () => {
    const client = (value: number | null, seconds = 3600) => ({ id: 1, name: 'C', seconds, records: 1, value });
    expect(valueSummary({ value: null, byClient: [client(null)] })).toEqual({ text: '—', note: null });
    expect(valueSummary(undefined).text).toBe('—');
    expect(valueSummary({ value: 150, byClient: [client(150)] })).toEqual({ text: 'R$\u00a0150,00', note: null });
    expect(valueSummary({ value: 150, byClient: [client(150), client(null)] })).toEqual({
      text: 'R$\u00a0150,00',
      note: 'Valor só das horas de clientes com valor/hora',
    });
  });
});
