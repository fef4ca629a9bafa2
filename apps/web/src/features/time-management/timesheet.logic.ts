import {
  formatBRL,
  isIsoDate,
  TIMESHEET_PARTIAL_VALUE,
  TIMESHEET_PERIODS,
  type TimesheetPeriod,
  type TimesheetTotals,
} from '@wkflow/contracts';

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

/**
 * The filter kept in the address (/time-management?period=month&clientId=4): a reload, a shared
 * link or the back button shows the same records. Only what differs from the defaults is written.
 */
export function filterSearch(filter: TimesheetFilterState): string {
  const params = new URLSearchParams();
  if (filter.period !== initialTimesheetFilter.period) params.set('period', filter.period);
  if (filter.period === 'custom') {
    if (filter.from) params.set('from', filter.from);
    if (filter.to) params.set('to', filter.to);
  }
  if (filter.userId) params.set('userId', String(filter.userId));
  if (filter.clientId) params.set('clientId', String(filter.clientId));
  if (filter.taskId) params.set('taskId', String(filter.taskId));
  return params.toString();
}

/** The filter an address holds; anything unreadable falls back to its default. */
export function filterFromSearch(params: URLSearchParams): TimesheetFilterState {
  const period = params.get('period') as TimesheetPeriod | null;
  const custom = period === 'custom';
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return custom && isIsoDate(value) ? value : '';
  };
  return {
    period: period && (TIMESHEET_PERIODS as readonly string[]).includes(period) ? period : initialTimesheetFilter.period,
    from: date('from'),
    to: date('to'),
    userId: idOrNull(params.get('userId') ?? ''),
    clientId: idOrNull(params.get('clientId') ?? ''),
    taskId: idOrNull(params.get('taskId') ?? ''),
  };
}

/**
 * The 'Valor' card: '—' like the rows when no hour of the filter has a rate (not 'R$ 0,00', which
 * reads as worth nothing), and a note when some hours have none (their clients have no rate, so
 * the sum covers only the rated ones). byClient is per client and a rate is per client.
 */
export function valueSummary(totals: Pick<TimesheetTotals, 'value' | 'byClient'> | undefined): { text: string; note: string | null } {
  if (!totals || totals.value == null) return { text: '—', note: null };
  const unrated = totals.byClient.some((t) => t.value == null && t.seconds > 0);
  return { text: formatBRL(totals.value), note: unrated ? TIMESHEET_PARTIAL_VALUE : null };
}
