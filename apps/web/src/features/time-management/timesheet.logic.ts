import type { TimesheetPeriod } from '@wkflow/contracts';

/** What the filters of /time-management hold; ids are null for "all". */
export interface TimesheetFilterState {
  period: TimesheetPeriod;
  /** yyyy-MM-dd (the date inputs' value), used with period 'custom'. */
  from: string;
  to: string;
  userId: number | null;
  clientId: number | null;
  taskId: number | null;
}

export const initialTimesheetFilter: TimesheetFilterState = {
  period: 'week',
  from: '',
  to: '',
  userId: null,
  clientId: null,
  taskId: null,
};

export const TIMESHEET_PAGE_SIZE = 50;

/** A custom period asks for both dates, the first not after the last; the others are always ready. */
export function filterProblem(filter: TimesheetFilterState): string | null {
  if (filter.period !== 'custom') return null;
  if (!filter.from || !filter.to) return 'Escolha as datas inicial e final.';
  if (filter.from > filter.to) return 'A data final deve ser igual ou posterior à inicial.';
  return null;
}

/**
 * The query string of the timesheet and of its exports (the same filter, so an export holds
 * exactly what the screen shows); the page only for the list.
 */
export function timesheetQuery(filter: TimesheetFilterState, page?: { limit: number; offset: number }): string {
  const params = new URLSearchParams({ period: filter.period });
  if (filter.period === 'custom') {
    params.set('from', filter.from);
    params.set('to', filter.to);
  }
  if (filter.userId) params.set('userId', String(filter.userId));
  if (filter.clientId) params.set('clientId', String(filter.clientId));
  if (filter.taskId) params.set('taskId', String(filter.taskId));
  if (page) {
    params.set('limit', String(page.limit));
    if (page.offset) params.set('offset', String(page.offset));
  }
  return params.toString();
}

/** A select's value as an id, or null for the "all" option. */
export function idOrNull(value: string): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}
