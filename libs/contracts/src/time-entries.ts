import { DateTime } from 'luxon';
import { can, timeEntryScope, type PermissionSubject } from './permissions';
import { parseDuration } from './timer';

/**
 * Manual time entries and the lockdown period (issue 20, items 1 and 5): the rules both the API
 * and the web apply. Intervals are half-open [start, end): an entry ending at 10:00 and one
 * starting at 10:00 do not overlap.
 */

/** The longest entry one may add or edit by hand. */
export const MAX_ENTRY_SECONDS = 24 * 3600;
export const DESCRIPTION_MAX = 1000;

export const ENTRY_END_BEFORE_START = 'O fim deve ser depois do início';
export const ENTRY_IN_FUTURE = 'O registro não pode terminar no futuro';
export const ENTRY_TOO_LONG = 'Um registro pode ter no máximo 24 horas';
export const ENTRY_NOT_YOURS = 'Você só pode alterar os seus próprios registros de tempo';
export const ENTRY_FOR_OTHERS = 'Somente quem tem permissão de escrita em Controle de Tempo registra tempo de outra pessoa';
export const LOCK_FORBIDDEN = 'Somente quem tem permissão de escrita em Controle de Tempo define o período bloqueado';
export const LOCK_DATE_NOT_PAST = 'A data de bloqueio deve ser anterior a hoje';
export const LOCK_DAYS_RANGE = 'Informe um número de dias entre 1 e 3650';

/** 'Período bloqueado até 31/10/2026: ...' — what a refused change says. */
export function lockedMessage(lockDate: string): string {
  return `Período bloqueado até ${formatIsoDate(lockDate)}: somente quem tem permissão de escrita em Controle de Tempo altera registros até essa data`;
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'. */
export function formatIsoDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

export interface Interval {
  start: Date;
  end: Date;
}

/** Another entry of the same user: a running one (end null) occupies start..now. */
export interface ExistingEntry {
  id: number;
  startTime: Date | string;
  endTime: Date | string | null;
}

/** A start, end and duration refused before looking at other entries: the first broken rule, or null. */
export function intervalError(interval: Interval, now: Date): string | null {
  const start = interval.start.getTime();
  const end = interval.end.getTime();
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return ENTRY_END_BEFORE_START;
  if (end > now.getTime()) return ENTRY_IN_FUTURE;
  if (end - start > MAX_ENTRY_SECONDS * 1000) return ENTRY_TOO_LONG;
  return null;
}

/** The entries [start, end) overlaps (a running entry counts up to now). */
export function overlapping<T extends ExistingEntry>(interval: Interval, others: readonly T[], now: Date): T[] {
  const start = interval.start.getTime();
  const end = interval.end.getTime();
  return others.filter((other) => {
    const otherStart = new Date(other.startTime).getTime();
    const otherEnd = other.endTime === null ? Math.max(now.getTime(), otherStart) : new Date(other.endTime).getTime();
    return otherStart < end && start < otherEnd;
  });
}

/** The message for an overlap, naming the other entry in the app's zone. */
export function overlapMessage(other: ExistingEntry, timezone: string): string {
  const start = DateTime.fromJSDate(new Date(other.startTime)).setZone(timezone);
  if (other.endTime === null) return `Este período se sobrepõe ao timer em andamento (iniciado em ${start.toFormat('dd/MM/yyyy HH:mm')})`;
  const end = DateTime.fromJSDate(new Date(other.endTime)).setZone(timezone);
  const endText = end.hasSame(start, 'day') ? end.toFormat('HH:mm') : end.toFormat('dd/MM/yyyy HH:mm');
  return `Este período se sobrepõe a outro registro de tempo (${start.toFormat('dd/MM/yyyy HH:mm')} – ${endText})`;
}

/** Every rule of a manual entry against the same user's other entries: the first broken one, or null. */
export function manualEntryError(interval: Interval, others: readonly ExistingEntry[], now: Date, timezone: string): string | null {
  const error = intervalError(interval, now);
  if (error) return error;
  const [clash] = overlapping(interval, others, now);
  return clash ? overlapMessage(clash, timezone) : null;
}

// ---------- the form: date, start and end or a duration ----------

export interface ManualEntryInput {
  /** 'yyyy-MM-dd' */
  date: string;
  /** 'HH:MM' */
  start: string;
  /** 'HH:MM' on the same day, or empty when a duration is given. */
  end?: string;
  /** 'HH:MM' (or 'HH:MM:SS'), or empty when an end is given. */
  duration?: string;
}

export const ENTRY_DATE_INVALID = 'Informe uma data válida';
export const ENTRY_START_INVALID = 'Informe o início no formato HH:MM';
export const ENTRY_END_INVALID = 'Informe o fim no formato HH:MM';
export const ENTRY_DURATION_INVALID = 'Informe a duração no formato HH:MM';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The form's fields as an interval in `timezone` (the browser's): { interval } or { field, error }.
 * The end is on the same date as the start; with a duration it may run past midnight.
 */
export function manualEntryInterval(
  input: ManualEntryInput,
  timezone: string,
): { interval: Interval } | { field: keyof ManualEntryInput; error: string } {
  const day = DateTime.fromISO(input.date, { zone: timezone });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.date) || !day.isValid) return { field: 'date', error: ENTRY_DATE_INVALID };
  const at = (text: string) => {
    const match = TIME.exec(text.trim());
    return match ? day.set({ hour: Number(match[1]), minute: Number(match[2]), second: 0, millisecond: 0 }) : null;
  };
  const start = at(input.start);
  if (!start) return { field: 'start', error: ENTRY_START_INVALID };
  if (input.duration?.trim()) {
    const seconds = parseDuration(input.duration);
    if (seconds === null) return { field: 'duration', error: ENTRY_DURATION_INVALID };
    return { interval: { start: start.toJSDate(), end: start.plus({ seconds }).toJSDate() } };
  }
  const end = at(input.end ?? '');
  if (!end) return { field: 'end', error: ENTRY_END_INVALID };
  return { interval: { start: start.toJSDate(), end: end.toJSDate() } };
}

// ---------- lockdown period ----------

/** The lock as an administrator sets it: none, a fixed date, or 'entries older than N days'. */
export type TimeLockMode = 'none' | 'date' | 'days';
export interface TimeLockSettings {
  mode: TimeLockMode;
  /** 'yyyy-MM-dd', with mode 'date'. */
  lockDate: string | null;
  /** With mode 'days'. */
  lockDays: number | null;
}
/** What GET /api/time-tracking/lock answers: the settings and the date they lock through today. */
export interface TimeLock extends TimeLockSettings {
  /** Entries starting on or before this date ('yyyy-MM-dd', APP_TIMEZONE) are locked; null: nothing is. */
  effectiveDate: string | null;
  updatedAt: string | null;
  updatedByName: string | null;
}

export const LOCK_DAYS_MAX = 3650;

/**
 * The last locked day ('yyyy-MM-dd' in `timezone`): the fixed date, or today minus N days for
 * 'older than N days' (N = 30 on 24/11 locks through 25/10); null when nothing is locked.
 */
export function effectiveLockDate(settings: TimeLockSettings, now: Date, timezone: string): string | null {
  if (settings.mode === 'date' && settings.lockDate) return settings.lockDate;
  if (settings.mode === 'days' && settings.lockDays && settings.lockDays > 0) {
    return DateTime.fromJSDate(now).setZone(timezone).minus({ days: settings.lockDays }).toISODate();
  }
  return null;
}

/** The settings' own rules (a date before today, 1–3650 days): the message, or null. */
export function lockSettingsError(settings: TimeLockSettings, now: Date, timezone: string): string | null {
  if (settings.mode === 'date') {
    const date = settings.lockDate ? DateTime.fromISO(settings.lockDate, { zone: timezone }) : null;
    if (!date || !date.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(settings.lockDate ?? '')) return ENTRY_DATE_INVALID;
    if (date >= DateTime.fromJSDate(now).setZone(timezone).startOf('day')) return LOCK_DATE_NOT_PAST;
  }
  if (settings.mode === 'days') {
    const days = settings.lockDays;
    if (!Number.isInteger(days) || days === null || days < 1 || days > LOCK_DAYS_MAX) return LOCK_DAYS_RANGE;
  }
  return null;
}

/** Whether an entry starting at `start` falls on or before the lock date (in `timezone`). */
export function isLocked(start: Date | string, lockDate: string | null, timezone: string): boolean {
  if (!lockDate) return false;
  const day = DateTime.fromJSDate(new Date(start)).setZone(timezone).toISODate();
  return day !== null && day <= lockDate;
}

/** time_tracking write (the administrator profile included): adds anyone's time, edits any entry it sees, ignores the lock. */
export function canWriteTime(subject: PermissionSubject): boolean {
  return can(subject, 'time_tracking', 'write');
}

/**
 * Why this user may not change (edit or delete) an entry he can see, or null when he may: with
 * time_tracking write any entry; otherwise only his own, and only in the open period.
 */
export function entryChangeError(
  subject: PermissionSubject & { id: number },
  entry: { userId: number; startTime: Date | string },
  lockDate: string | null,
  timezone: string,
): string | null {
  if (canWriteTime(subject)) return null;
  if (timeEntryScope(subject) === 'none' || entry.userId !== subject.id) return ENTRY_NOT_YOURS;
  if (isLocked(entry.startTime, lockDate, timezone)) return lockedMessage(lockDate!);
  return null;
}

/**
 * Why this user may not add an entry for `ownerId` starting at `start`, or null: his own with any
 * time_tracking read level, anyone's with write; never in the locked period without write.
 */
export function entryCreateError(
  subject: PermissionSubject & { id: number },
  ownerId: number,
  start: Date,
  lockDate: string | null,
  timezone: string,
): string | null {
  if (canWriteTime(subject)) return null;
  if (ownerId !== subject.id) return ENTRY_FOR_OTHERS;
  if (isLocked(start, lockDate, timezone)) return lockedMessage(lockDate!);
  return null;
}

/** POST /api/time-entries: a manual entry ('Adicionar tempo'), from start to end or with a duration. */
export interface CreateTimeEntryRequest {
  taskId: number;
  /** Someone else's entry (time_tracking write). */
  userId?: number;
  startTime: string;
  endTime?: string;
  duration?: number;
  description?: string;
}

/** PUT /api/time-tracking/lock: lockDate only with mode 'date', lockDays only with mode 'days' (null, or either one with another mode, is refused). */
export interface TimeLockRequest {
  mode: TimeLockMode;
  lockDate?: string | null;
  lockDays?: number | null;
}
