import { DateTime } from 'luxon';

/** Analytics periods in days (extended.md §9). */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 30;

export function isAnalyticsPeriod(value: unknown): value is AnalyticsPeriod {
  return ANALYTICS_PERIODS.includes(value as AnalyticsPeriod);
}

/** The overview cards (extended.md §3: snake_case as the spec shows). Changes are percentages. */
export interface AnalyticsDashboard {
  period: AnalyticsPeriod;
  completed_tasks: number;
  /** null when the previous period had nothing to compare with (percentChange). */
  completed_tasks_change: number | null;
  /** Hours with two decimals; total_seconds is the exact sum every figure is based on. */
  total_hours: number;
  total_seconds: number;
  hours_change: number | null;
  active_members: number;
  members_change: number | null;
  /** % of the tasks created in the period that are completed now. */
  completion_rate: number;
  completion_rate_change: number | null;
}

/** Produtividade tab: one row per approved member. */
export interface MemberProductivity {
  user_id: number;
  name: string;
  /** Tasks assigned to the member and completed in the period. */
  completed_tasks: number;
  /** Hours (two decimals) and exact seconds of the member's time entries started in the period. */
  hours: number;
  seconds: number;
  /** Assigned, not archived, not completed, now. */
  open_tasks: number;
}

/** Clientes tab: one row per client. */
export interface ClientPerformance {
  client_id: number;
  name: string;
  color: string;
  /** Tasks in play during the period: created before its end and not completed before its start. */
  tasks: number;
  /** Completed in the period. */
  completed: number;
  /** Not completed, not archived, deadline before today, now. */
  overdue: number;
  /** Hours (two decimals) and exact seconds tracked on the client's tasks in the period. */
  hours: number;
  seconds: number;
}

/** One day of the overview trend (GET /api/analytics/trend): local date in APP_TIMEZONE. */
export interface AnalyticsTrendDay {
  date: string;
  completed_tasks: number;
  hours: number;
  seconds: number;
}

export interface AnalyticsRange {
  /** Current period: [start, end). */
  start: Date;
  end: Date;
  /** The previous period of the same length: [previousStart, start). */
  previousStart: Date;
}

/**
 * A period of N days in the app's time zone: the last N calendar days including today (from
 * local midnight N-1 days ago to tomorrow's midnight), and the N days before it.
 */
export function analyticsRange(period: AnalyticsPeriod, now: Date, timezone: string): AnalyticsRange {
  const tomorrow = DateTime.fromJSDate(now).setZone(timezone).startOf('day').plus({ days: 1 });
  const start = tomorrow.minus({ days: period });
  return { start: start.toJSDate(), end: tomorrow.toJSDate(), previousStart: start.minus({ days: period }).toJSDate() };
}

/**
 * Percentage change from the previous period to the current one, one decimal. When the previous
 * value is 0 there is no base to divide by: 0 when both are 0, and null (no figure: the screen says
 * 'sem dados no período anterior') when something appeared; a made-up +100% would mislead.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return round1(((current - previous) / previous) * 100);
}

export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** part / whole as a percentage with one decimal (0 when whole is 0). */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : round1((part / whole) * 100);
}

export const REPORT_TYPES = ['productivity', 'client_performance', 'time_tracking', 'task_completion'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  productivity: 'Produtividade da equipe',
  client_performance: 'Desempenho por cliente',
  time_tracking: 'Controle de tempo',
  task_completion: 'Conclusão de tarefas',
};

export const REPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  pending: 'Na fila',
  processing: 'Processando',
  completed: 'Concluído',
  failed: 'Falhou',
};

/** Report validation messages (extended.md §5): title for the field, description for the toast. */
export const REPORT_NAME_REQUIRED = 'Nome obrigatório';
export const REPORT_NAME_REQUIRED_DETAIL = 'Por favor, forneça um nome para o relatório.';
export const REPORT_TYPE_REQUIRED = 'Tipo obrigatório';
export const REPORT_TYPE_REQUIRED_DETAIL = 'Por favor, selecione o tipo do relatório.';
export const REPORT_PERIOD_INVALID = 'Período inválido (7, 30 ou 90 dias)';
export const REPORT_NAME_MAX = 120;

export interface CreateReportRequest {
  name: string;
  type: ReportType;
  parameters: { period: AnalyticsPeriod };
}

/** A report in the list (extended.md §3). */
export interface Report {
  id: number;
  name: string;
  type: ReportType;
  status: ReportStatus;
  created_at: string;
  completed_at: string | null;
  parameters: { period: AnalyticsPeriod };
  error_message: string | null;
}

/** What a report job stores: a header and one row per member, client, entry or task. */
export interface ReportTable {
  columns: string[];
  rows: (string | number | null)[][];
}

/** The longest report file name kept, in code points, before '.csv'. */
const REPORT_FILE_NAME_MAX = 100;

/**
 * A report's CSV is named as the user named the report ('Relatório de Março - Equipe.csv'):
 * invisible and control characters go, those no file system takes (`/ \ : * ? " < > |`) become '-'.
 * A name with nothing left is 'relatorio-<id>.csv'.
 */
export function reportFileName(report: Pick<Report, 'id' | 'name'>): string {
  const cleaned = report.name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.]+$/g, '');
  const cut = [...cleaned].slice(0, REPORT_FILE_NAME_MAX).join('').trim();
  return `${cut || `relatorio-${report.id}`}.csv`;
}

/** GET /api/analytics/* */
export interface AnalyticsPeriodQuery {
  period?: AnalyticsPeriod;
}
