import {
  entryChangeError,
  ENTRY_NOT_YOURS,
  formatIsoDate,
  intervalError,
  isLocked,
  lockedMessage,
  manualEntryInterval,
  type ManualEntryInput,
  type PermissionSubject,
} from '@wkflow/contracts';
import { DateTime } from 'luxon';

/** The 'Adicionar tempo' form: the task and user as select values, the times as the inputs give them. */
export interface ManualEntryValues {
  taskId: string;
  userId: string;
  date: string;
  start: string;
  /** Whether the end or a duration is typed. */
  mode: 'end' | 'duration';
  end: string;
  duration: string;
  description: string;
}

export const TASK_REQUIRED = 'Escolha a tarefa';

/** The form opened now: today, the last full hour up to now (e.g. 14:37 → 13:00–14:00). */
export function emptyManualEntry(now: Date, taskId: number | null, userId: number): ManualEntryValues {
  const local = DateTime.fromJSDate(now);
  const end = local.startOf('hour');
  const start = end.minus({ hours: 1 });
  const sameDay = start.hasSame(local, 'day');
  return {
    taskId: taskId ? String(taskId) : '',
    userId: String(userId),
    date: local.toISODate()!,
    start: sameDay ? start.toFormat('HH:mm') : '00:00',
    mode: 'end',
    end: sameDay ? end.toFormat('HH:mm') : local.toFormat('HH:mm'),
    duration: '01:00',
    description: '',
  };
}

function input(values: ManualEntryValues): ManualEntryInput {
  return values.mode === 'end'
    ? { date: values.date, start: values.start, end: values.end }
    : { date: values.date, start: values.start, duration: values.duration };
}

/**
 * The last day the form refuses ('yyyy-MM-dd'), or null: the lock applies to people without
 * time_tracking write (the server's rule, entryCreateError), who may then only pick a later day.
 */
export function lockedThrough(lockDate: string | null | undefined, canWriteTime: boolean): string | null {
  return !canWriteTime && lockDate ? lockDate : null;
}

/** The first day the date input offers past a lock (its `min`), or undefined. */
export function firstOpenDay(lockDate: string | null): string | undefined {
  return lockDate ? (DateTime.fromISO(lockDate).plus({ days: 1 }).toISODate() ?? undefined) : undefined;
}

/**
 * Formik errors: each field's message, a day in the locked period under the date (the server's
 * own message, before anything is sent), the interval rules (end after start, not in the future,
 * ≤ 24 h) under the last time field.
 */
export function validateManualEntry(
  values: ManualEntryValues,
  now: Date,
  zone = 'local',
  lockDate: string | null = null,
): Partial<Record<keyof ManualEntryValues, string>> {
  const errors: Partial<Record<keyof ManualEntryValues, string>> = {};
  if (!values.taskId) errors.taskId = TASK_REQUIRED;
  if (lockDate && values.date && values.date <= lockDate) errors.date = lockedMessage(lockDate);
  const parsed = manualEntryInterval(input(values), zone);
  if ('error' in parsed) {
    errors[parsed.field] = parsed.error;
    return errors;
  }
  const invalid = intervalError(parsed.interval, now);
  if (invalid) errors[values.mode] = invalid;
  return errors;
}

/** The body of POST /api/time-entries (the form checked first). */
export function toCreatePayload(values: ManualEntryValues, ownUserId: number, zone = 'local') {
  const parsed = manualEntryInterval(input(values), zone);
  if ('error' in parsed) throw new Error(parsed.error);
  const userId = Number(values.userId);
  return {
    taskId: Number(values.taskId),
    ...(userId && userId !== ownUserId ? { userId } : {}),
    startTime: parsed.interval.start.toISOString(),
    endTime: parsed.interval.end.toISOString(),
    ...(values.description.trim() ? { description: values.description.trim() } : {}),
  };
}

/** The time the form adds, as the dialog shows it ('1 h 30 min'), or null while it is invalid. */
export function manualEntrySeconds(values: ManualEntryValues, zone = 'local'): number | null {
  const parsed = manualEntryInterval(input(values), zone);
  if ('error' in parsed) return null;
  const seconds = Math.round((parsed.interval.end.getTime() - parsed.interval.start.getTime()) / 1000);
  return seconds > 0 ? seconds : null;
}

/**
 * Why a row's edit and delete are disabled (the buttons' hint), or null when they are enabled:
 * the server's own rule (entryChangeError), in words for the list.
 */
export function entryLockHint(
  subject: PermissionSubject & { id: number },
  entry: { userId: number; startTime: string },
  lockDate: string | null,
  timeZone: string,
): string | null {
  const error = entryChangeError(subject, entry, lockDate, timeZone);
  if (!error) return null;
  if (error === ENTRY_NOT_YOURS) return 'Somente quem tem permissão de escrita altera registros de outras pessoas';
  return isLocked(entry.startTime, lockDate, timeZone) && lockDate ? `Período bloqueado até ${formatIsoDate(lockDate)}` : error;
}

/** A task as the picker lists it: 'Cliente — Tarefa', so two clients' 'Layout' tasks are told apart. */
export interface TaskChoiceGroup {
  client: string;
  tasks: { id: number; label: string }[];
}

/**
 * The picker's tasks grouped by client, clients and titles in pt-BR order. A task whose client
 * the user cannot read (no clients read) goes under 'Outros' with its title alone, last.
 */
export function taskChoices(
  tasks: { id: number; title: string; clientId: number }[],
  clients: { id: number; name: string }[],
): TaskChoiceGroup[] {
  const names = new Map(clients.map((c) => [c.id, c.name]));
  const groups = new Map<string, TaskChoiceGroup & { known: boolean }>();
  for (const task of tasks) {
    const name = names.get(task.clientId);
    const key = name === undefined ? '' : `${task.clientId}`;
    const group = groups.get(key) ?? { client: name ?? 'Outros', known: name !== undefined, tasks: [] };
    group.tasks.push({ id: task.id, label: name === undefined ? task.title : `${name} — ${task.title}` });
    groups.set(key, group);
  }
  const compare = (a: string, b: string) => a.localeCompare(b, 'pt-BR');
  return [...groups.values()]
    .sort((a, b) => Number(b.known) - Number(a.known) || compare(a.client, b.client))
    .map(({ client, tasks: list }) => ({ client, tasks: list.sort((a, b) => compare(a.label, b.label)) }));
}
