import { DateTime } from 'luxon';

/** A time entry as the API returns it (core.md §3). */
export interface TimeEntry {
  id: number;
  userId: number;
  taskId: number;
  startTime: string;
  endTime: string | null;
  /** Seconds; null while running. */
  duration: number | null;
  description: string | null;
  createdAt: string;
  taskTitle?: string;
  userName?: string;
}

/** A row of the time administration list (extended.md §3: snake_case names as the spec shows). */
export interface AdminTimeEntry {
  id: number;
  taskId: number;
  task_title: string;
  userId: number;
  user_name: string;
  client_name: string | null;
  duration: number | null;
  startTime: string;
  endTime: string | null;
  createdAt: string;
}

export const TIME_PERIODS = ['today', 'week', 'month', 'all'] as const;
export type TimePeriod = (typeof TIME_PERIODS)[number];

export const TIMER_OTHER_TASK_RUNNING = 'Pare o timer da outra tarefa antes de iniciar este';
export const TIMER_NOT_RUNNING = 'Nenhum timer ativo';

/**
 * Where a period starts in the app's time zone: today from local midnight, week from Monday,
 * month from the 1st; null for 'all'.
 */
export function periodStart(period: TimePeriod, now: Date, timezone: string): Date | null {
  const local = DateTime.fromJSDate(now).setZone(timezone);
  switch (period) {
    case 'today':
      return local.startOf('day').toJSDate();
    case 'week':
      return local.startOf('week').toJSDate();
    case 'month':
      return local.startOf('month').toJSDate();
    case 'all':
      return null;
  }
}

/** Seconds as HH:MM:SS (hours may exceed 24). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * Tracked time for people, from exact seconds: '0 min', '45 s', '1 min', '1 h 05 min', '3 h'.
 * Seconds are summed first and formatted once, so short entries never round to nothing; the
 * minutes are whole (truncated, like formatDuration).
 */
export function formatHoursMinutes(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds === 0) return '0 min';
  if (seconds < 60) return `${seconds} s`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (h === 0) return `${m} min`;
  const hours = h.toLocaleString('pt-BR');
  return m === 0 ? `${hours} h` : `${hours} h ${String(m).padStart(2, '0')} min`;
}

/** Seconds as decimal hours with two places (reports, charts): 72 s → 0.02. */
export function secondsToHours(seconds: number): number {
  return Math.round((Math.max(0, seconds) / 3600) * 100) / 100;
}

/** 'HH:MM' or 'HH:MM:SS' → seconds; null when it is neither (minutes and seconds below 60). */
export function parseDuration(text: string): number | null {
  const match = /^\s*(\d{1,4}):([0-5]\d)(?::([0-5]\d))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

/** Elapsed whole seconds since a start time. */
export function elapsedSeconds(startTime: string | Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(startTime).getTime()) / 1000));
}

/** POST /api/time-entries/start */
export interface StartTimerRequest {
  taskId: number;
  description?: string;
}

/** PUT /api/time-entries/{id}: the duration in seconds. */
export interface UpdateTimeEntryRequest {
  duration: number;
  description?: string;
}

/** The period of the time reports (today, week, month). */
export interface TimePeriodQuery {
  period?: TimePeriod;
}
