import {
  REPORT_NAME_REQUIRED,
  REPORT_NAME_REQUIRED_DETAIL,
  REPORT_TYPE_REQUIRED,
  REPORT_TYPE_REQUIRED_DETAIL,
  type AnalyticsPeriod,
  type CreateReportRequest,
  type Report,
} from '@wkflow/contracts';

export const PERIOD_OPTIONS: { value: AnalyticsPeriod; label: string }[] = [
  { value: 7, label: 'Últimos 7 dias' },
  { value: 30, label: 'Últimos 30 dias' },
  { value: 90, label: 'Últimos 90 dias' },
];

export type Trend = 'up' | 'down' | 'flat';

/** null (nothing in the previous period to compare with) is flat: no arrow up from nothing. */
export function trendOf(change: number | null): Trend {
  if (change === null) return 'flat';
  if (change > 0) return 'up';
  if (change < 0) return 'down';
  return 'flat';
}

const number = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/** The card's comparison: '+12,5% vs. período anterior', or no figure when the previous period had nothing. */
export function formatChange(change: number | null): string {
  if (change === null) return NO_PREVIOUS_DATA;
  return `${change > 0 ? '+' : ''}${number(change)}% vs. período anterior`;
}

export const NO_PREVIOUS_DATA = 'sem dados no período anterior';

export function formatPercent(value: number): string {
  return `${number(value)}%`;
}

/** The report form: the request's name, its type as the select holds it ('' until chosen) and its period. */
export interface ReportFormValues extends Pick<CreateReportRequest, 'name'> {
  type: CreateReportRequest['type'] | '';
  period: CreateReportRequest['parameters']['period'];
}

export interface FormProblem {
  field: keyof ReportFormValues;
  title: string;
  description: string;
}

/** extended.md §5: a name, then a type; the toast shows the title and the sentence. */
export function reportProblem(values: ReportFormValues): FormProblem | null {
  if (!values.name.trim()) return { field: 'name', title: REPORT_NAME_REQUIRED, description: REPORT_NAME_REQUIRED_DETAIL };
  if (!values.type) return { field: 'type', title: REPORT_TYPE_REQUIRED, description: REPORT_TYPE_REQUIRED_DETAIL };
  return null;
}

/** The list refreshes while a report is still being computed. */
export function hasUnfinishedReports(reports: Report[] | undefined): boolean {
  return (reports ?? []).some((r) => r.status === 'pending' || r.status === 'processing');
}

/** Chart rows: the top entries by a measure, with short names for the axis. */
export function topBy<T>(rows: T[], measure: (row: T) => number, max = 10): T[] {
  return [...rows]
    .filter((row) => measure(row) > 0)
    .sort((a, b) => measure(b) - measure(a))
    .slice(0, max);
}

/** '2026-11-23' → '23/11' (chart axis and tooltip; the API sends local dates). */
export function dayLabel(value: unknown): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
  return match ? `${match[3]}/${match[2]}` : String(value);
}
