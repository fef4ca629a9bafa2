import { DateTime } from 'luxon';
import { TIME_PERIODS, type TimePeriod } from './timer';

/**
 * Timesheets (/time-management): filters, totals, the user's week, hourly values and the rules of
 * the CSV/XLSX exports. Pure functions only; the API writes files with csv-stringify and exceljs.
 */

/** The period select: the four of extended.md §2.7 plus a custom date range (from/to, yyyy-MM-dd). */
export const TIMESHEET_PERIODS = [...TIME_PERIODS, 'custom'] as const;
export type TimesheetPeriod = (typeof TIMESHEET_PERIODS)[number];

export const TIMESHEET_PAGE_MAX = 200;
export const TIMESHEET_PAGE_DEFAULT = 50;
/** An export above this many rows is refused with a message: filter a shorter period. */
export const TIMESHEET_EXPORT_MAX_ROWS = 50_000;
/** The hourly rate column: numeric(10,2). */
export const HOURLY_RATE_MAX = 99_999_999.99;

export const TIMESHEET_MESSAGES = {
  period: 'Período inválido (today, week, month, all ou custom)',
  date: 'Data inválida (use AAAA-MM-DD)',
  customNeedsDates: 'Informe as datas inicial e final do período personalizado',
  datesNeedCustom: 'Datas inicial e final só valem com o período personalizado (period=custom)',
  range: 'A data final deve ser igual ou posterior à inicial',
  id: 'Identificador inválido',
  limit: `limit deve ser um inteiro entre 1 e ${TIMESHEET_PAGE_MAX}`,
  offset: 'offset deve ser um inteiro maior ou igual a 0',
  format: 'Formato inválido (csv ou xlsx)',
  tooMany: `A exportação passa de ${TIMESHEET_EXPORT_MAX_ROWS.toLocaleString('pt-BR')} registros; filtre um período menor`,
  rate: 'Valor por hora deve ser um número maior ou igual a 0 com até 2 casas decimais',
} as const;

export const TIMESHEET_PERIOD_LABELS: Record<TimesheetPeriod, string> = {
  today: 'Hoje',
  week: 'Esta semana',
  month: 'Este mês',
  all: 'Tudo',
  custom: 'Personalizado',
};

/** The query of GET /api/time-entries/timesheet and its export (all optional but period). */
export interface TimesheetFilter {
  period: TimesheetPeriod;
  /** yyyy-MM-dd, in the app's time zone, both days included; only with period 'custom'. */
  from?: string;
  to?: string;
  userId?: number;
  clientId?: number;
  taskId?: number;
}

/** One entry of the timesheet; hourlyRate and value only for users with clients write. */
export interface TimesheetEntry {
  id: number;
  taskId: number;
  task_title: string;
  userId: number;
  user_name: string;
  clientId: number | null;
  client_name: string | null;
  description: string | null;
  /** Seconds; null while running. */
  duration: number | null;
  startTime: string;
  endTime: string | null;
  createdAt: string;
  hourlyRate?: number | null;
  value?: number | null;
}

export interface TimesheetTotal {
  /** Client or user id; null for entries on tasks without a client. */
  id: number | null;
  name: string;
  seconds: number;
  records: number;
  value?: number | null;
}

export interface TimesheetTotals {
  seconds: number;
  records: number;
  activeUsers: number;
  value?: number | null;
  byClient: TimesheetTotal[];
  byPerson: TimesheetTotal[];
}

export interface TimesheetPage {
  items: TimesheetEntry[];
  total: number;
  limit: number;
  offset: number;
  totals: TimesheetTotals;
  /** Whether this user receives hourly rates and values (clients write). */
  showsValues: boolean;
}

/** The filter choices, limited to what the user's time_tracking scope shows. */
export interface TimesheetOptions {
  people: { id: number; name: string }[];
  clients: { id: number; name: string }[];
  tasks: { id: number; title: string; clientId: number | null }[];
}

/** GET /api/time-entries/my-week: the current user's own seconds per day, Monday first. */
export interface MyWeek {
  days: { date: string; seconds: number }[];
  totalSeconds: number;
}

/** A date typed as yyyy-MM-dd that exists in the calendar. */
export function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text, { zone: 'utc' }).isValid;
}

/**
 * Where a timesheet filter starts and ends (end exclusive) in the given zone; null for no bound.
 * The custom range includes both days.
 */
export function timesheetRange(
  filter: Pick<TimesheetFilter, 'period' | 'from' | 'to'>,
  now: Date,
  timezone: string,
): { since: Date | null; until: Date | null } {
  if (filter.period === 'custom') {
    const since = filter.from ? DateTime.fromISO(filter.from, { zone: timezone }).startOf('day').toJSDate() : null;
    const until = filter.to ? DateTime.fromISO(filter.to, { zone: timezone }).plus({ days: 1 }).startOf('day').toJSDate() : null;
    return { since, until };
  }
  const local = DateTime.fromJSDate(now).setZone(timezone);
  const unit = ({ today: 'day', week: 'week', month: 'month' } as const)[filter.period as Exclude<TimePeriod, 'all'>];
  return { since: unit ? local.startOf(unit).toJSDate() : null, until: null };
}

/** The seven days (yyyy-MM-dd) of the week containing now, Monday first, in the zone. */
export function weekDays(now: Date, timezone: string): string[] {
  const monday = DateTime.fromJSDate(now).setZone(timezone).startOf('week');
  return Array.from({ length: 7 }, (_, i) => monday.plus({ days: i }).toISODate() as string);
}

/** Hours × rate in reais, rounded to cents; null without a rate. */
export function hourlyValue(seconds: number, rate: number | null | undefined): number | null {
  if (rate === null || rate === undefined) return null;
  return Math.round((Math.max(0, seconds) * rate * 100) / 3600) / 100;
}

/** Decimal hours with two places and a decimal comma: 5400 s → '1,50'. */
export function hoursDecimalBR(seconds: number): string {
  return (Math.round((Math.max(0, seconds) / 3600) * 100) / 100).toFixed(2).replace('.', ',');
}

/** Hours and minutes as HH:MM (hours may pass 24; minutes truncated like formatDuration): 5430 s → '01:30'. */
export function hoursHHMM(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** dd/MM/yyyy in the zone. */
export function dateBR(date: Date | string, timezone: string): string {
  return DateTime.fromJSDate(new Date(date)).setZone(timezone).toFormat('dd/MM/yyyy');
}

/** HH:mm in the zone. */
export function timeBR(date: Date | string, timezone: string): string {
  return DateTime.fromJSDate(new Date(date)).setZone(timezone).toFormat('HH:mm');
}

/** Reais with a decimal comma and two places, no symbol: 1234.5 → '1234,50' (what a pt-BR spreadsheet reads as a number). */
export function moneyBR(value: number): string {
  return value.toFixed(2).replace('.', ',');
}

/** R$ 1.234,50 for screens. */
export function formatBRL(value: number): string {
  return value.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
}

/**
 * OWASP CSV injection: a spreadsheet treats a cell starting with =, +, -, @, a tab or a carriage
 * return as a formula, so such a cell gets a leading apostrophe and stays text. Applied to every
 * text cell of every CSV and XLSX the product writes.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The file name of a timesheet export, in the period's pt-BR words: horas-dia-2026-11-28,
 * horas-semana-2026-11-23 (its Monday), horas-mes-2026-11, horas-ate-2026-11-28 (everything up to
 * today) or horas-periodo-2026-10-01-a-2026-10-31.
 */
export function timesheetFileName(filter: TimesheetFilter, now: Date, timezone: string, ext: 'csv' | 'xlsx'): string {
  const local = DateTime.fromJSDate(now).setZone(timezone);
  const spans: Record<TimesheetPeriod, () => string> = {
    custom: () => `periodo-${filter.from}-a-${filter.to}`,
    today: () => `dia-${local.toISODate()}`,
    week: () => `semana-${local.startOf('week').toISODate()}`,
    month: () => `mes-${local.toFormat('yyyy-MM')}`,
    all: () => `ate-${local.toISODate()}`,
  };
  return `horas-${spans[filter.period]()}.${ext}`;
}

/** What a value total says when some of its hours have no rate (screen and exports). */
export const TIMESHEET_PARTIAL_VALUE = 'Valor só das horas de clientes com valor/hora';

/**
 * An amount in reais as typed in pt-BR: '150', '150,5', '1.234,50' (also '150.50'). Blank is
 * null (no rate); undefined when it is not an amount ≥ 0 with at most two decimals.
 */
export function parseMoneyBR(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^R\$\s*/, '');
  if (trimmed === '') return null;
  let normal: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(trimmed)) normal = trimmed.replace(/\./g, '').replace(',', '.');
  else if (/^\d+(,\d{1,2})?$/.test(trimmed)) normal = trimmed.replace(',', '.');
  else if (/^\d+\.\d{1,2}$/.test(trimmed)) normal = trimmed;
  else return undefined;
  const value = Number(normal);
  return Number.isFinite(value) && value <= HOURLY_RATE_MAX ? value : undefined;
}

/** GET /api/time-entries/timesheet: the filter (period defaults on the server) and the page. */
export interface TimesheetQuery extends Partial<TimesheetFilter> {
  limit?: number;
  offset?: number;
}

/** GET /api/time-entries/timesheet/export */
export interface TimesheetExportQuery extends TimesheetQuery {
  format: 'csv' | 'xlsx';
}

/** GET /api/time-entries/timesheet/options: with a client, its tasks only. */
export interface TimesheetOptionsQuery {
  clientId?: number;
}
