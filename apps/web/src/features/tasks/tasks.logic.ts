import {
  calendarDaysBetween,
  DEFAULT_APP_TIMEZONE,
  formatDuration,
  formatHoursMinutes,
  REMINDER_LABELS,
  type CreateTaskRequest,
  type ReminderOption,
  type Task,
  type TaskComment,
  type TaskHistoryItem,
  type TimeEntry,
} from '@wkflow/contracts';
import { DateTime } from 'luxon';

/** Pure rules of the task card and the task dialog (core.md §2, §4, §9). */

const LOCALE = 'pt-BR';

const RELATIVE = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' });
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * 'há 3 horas', 'em 2 dias' (pt-BR, relative to `now`), counted like luxon's toRelative (the
 * largest whole unit, truncated). Days and smaller use one shared Intl formatter: a board shows
 * thousands of these and luxon builds its formatter on every call; months and years (calendar
 * lengths) go through luxon.
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const diff = at - now.getTime();
  const size = Math.abs(diff);
  // Luxon would say 'há 0 segundo'.
  if (size < 45 * SECOND) return 'agora mesmo';
  if (size >= 28 * DAY)
    return (
      DateTime.fromMillis(at)
        .setLocale(LOCALE)
        .toRelative({ base: DateTime.fromJSDate(now) }) ?? ''
    );
  const [unit, length]: [Intl.RelativeTimeFormatUnit, number] =
    size >= DAY ? ['day', DAY] : size >= HOUR ? ['hour', HOUR] : size >= MINUTE ? ['minute', MINUTE] : ['second', SECOND];
  return RELATIVE.format(Math.trunc(diff / length), unit);
}

/**
 * The card's due text: 'Vence em 2 dias', 'Venceu há 3 horas', 'Concluída há 1 dia'. Another day's
 * deadline counts calendar days in the app's zone (the day after tomorrow is 'em 2 dias', like the
 * sidebar's 'Em 2 dias'); today's says hours or minutes; four weeks and more, months.
 */
export function dueText(
  task: Pick<Task, 'deadline' | 'completedAt'>,
  completed: boolean,
  now: Date = new Date(),
  timeZone: string = DEFAULT_APP_TIMEZONE,
): string {
  if (completed) return task.completedAt ? `Concluída ${relativeTime(task.completedAt, now)}`.trim() : 'Concluída';
  const deadline = Date.parse(task.deadline);
  if (Number.isNaN(deadline)) return '';
  const past = deadline < now.getTime();
  const days = calendarDaysBetween(task.deadline, now, timeZone) ?? 0;
  const count = Math.abs(days);
  if (count >= 1 && count < 28 && days > 0 === !past) {
    const unit = `${count} ${count === 1 ? 'dia' : 'dias'}`;
    return past ? `Venceu há ${unit}` : `Vence em ${unit}`;
  }
  const relative = relativeTime(task.deadline, now);
  return past ? `Venceu ${relative}` : `Vence ${relative}`;
}

/** At most three avatars, then '+N'. */
/**
 * Whether a card would look the same for both versions of a task: a move renumbers the rest of
 * the column, and a card (which does not show its position) need not re-render for that.
 */
export function sameCard(a: Task, b: Task): boolean {
  if (a === b) return true;
  for (const key of Object.keys(a) as (keyof Task)[]) {
    if (key !== 'position' && a[key] !== b[key]) return false;
  }
  return Object.keys(a).length === Object.keys(b).length;
}

/**
 * What a card's button announces: its title first (the visible text), then the client, 'Atrasada', the due
 * text, the people and the attachment count that the card shows.
 */
export function cardLabel(card: {
  title: string;
  client?: string;
  overdue: boolean;
  due: string;
  people: ReadonlyArray<{ name: string }>;
  attachments: number;
}): string {
  return [
    card.title,
    card.client && `cliente ${card.client}`,
    card.overdue && 'Atrasada',
    card.due,
    card.people.length > 0 && `responsáveis: ${card.people.map((p) => p.name).join(', ')}`,
    card.attachments > 0 && `${card.attachments} ${card.attachments === 1 ? 'anexo' : 'anexos'}`,
  ]
    .filter(Boolean)
    .join('; ');
}

export function avatarSlots<T>(people: readonly T[], max = 3): { shown: T[]; more: number } {
  return { shown: people.slice(0, max), more: Math.max(0, people.length - max) };
}

/** Whoever did it: the name, else the username, else 'Usuário'. */
export function actorName(user: { name?: string | null; username?: string | null } | null | undefined): string {
  return user?.name?.trim() || user?.username?.trim() || 'Usuário';
}

/** Lookups that turn ids in history values into names. */
export interface HistoryNames {
  client?: (id: number) => string | undefined;
  user?: (id: number) => string | undefined;
}

function ids(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  if (typeof value === 'string')
    return value
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
  return [];
}

const LIST = new Intl.ListFormat(LOCALE, { style: 'long', type: 'conjunction' });

/** 'Ana Costa', 'Ana Costa e João Pereira', 'Ana, João e Maria'; a person no longer found is 'usuário removido'. */
function names(list: number[], known: Record<string, string> | undefined, lookup: HistoryNames['user']): string {
  return LIST.format(list.map((id) => known?.[String(id)] ?? lookup?.(id) ?? 'usuário removido'));
}

function clientName(value: string | null, known: Record<string, string> | undefined, lookup: HistoryNames['client']): string {
  if (!value) return '—';
  return known?.[value] ?? lookup?.(Number(value)) ?? 'cliente removido';
}

function dateText(iso: string | null): string {
  if (!iso) return '—';
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.toFormat('dd/MM/yyyy HH:mm') : iso;
}

function reminderText(value: string | null): string {
  return value && value in REMINDER_LABELS ? REMINDER_LABELS[value as ReminderOption] : (value ?? '');
}

/** The sentence of a history item (action types and field names of core.md §4). */
export function historySentence(
  item: Pick<TaskHistoryItem, 'actionType' | 'fieldName' | 'oldValue' | 'newValue' | 'metadata' | 'names'>,
  lookup: HistoryNames = {},
): string {
  const meta = item.metadata ?? {};
  switch (item.actionType) {
    case 'created': {
      const column = typeof meta.column === 'string' ? meta.column : null;
      return column ? `criou a tarefa na lista "${column}"` : 'criou a tarefa';
    }
    case 'moved':
      return `moveu a tarefa de "${item.oldValue ?? meta.fromColumn ?? '?'}" para "${item.newValue ?? meta.toColumn ?? '?'}"`;
    case 'assigned': {
      const added = ids(meta.added);
      const removed = ids(meta.removed);
      const parts: string[] = [];
      if (added.length) parts.push(`adicionou ${names(added, item.names?.users, lookup.user)} aos responsáveis`);
      if (removed.length) parts.push(`removeu ${names(removed, item.names?.users, lookup.user)} dos responsáveis`);
      return parts.length ? parts.join(' e ') : 'alterou os responsáveis';
    }
    case 'deadline_changed':
      return item.oldValue
        ? `alterou o prazo de ${dateText(item.oldValue)} para ${dateText(item.newValue)}`
        : `definiu o prazo para ${dateText(item.newValue)}`;
    case 'reminder_set':
      return item.newValue ? `definiu o lembrete "${reminderText(item.newValue)}"` : 'removeu o lembrete';
    case 'time_tracked': {
      const worked = `${formatHoursMinutes(Number(meta.duration ?? 0) || 0)} de trabalho`;
      // A manual entry typed for someone else ('Adicionar tempo' with time_tracking write) names him.
      const forUser = ids([meta.forUserId]);
      if (forUser.length) return `registrou ${worked} de ${names(forUser, item.names?.users, lookup.user)}`;
      return meta.manual ? `adicionou ${worked}` : `registrou ${worked}`;
    }
    case 'updated':
      switch (item.fieldName) {
        case 'title':
          return `alterou o título de "${item.oldValue ?? ''}" para "${item.newValue ?? ''}"`;
        case 'description':
          return 'alterou a descrição';
        case 'client': {
          const from = clientName(item.oldValue, item.names?.clients, lookup.client);
          const to = clientName(item.newValue, item.names?.clients, lookup.client);
          return `alterou o cliente de "${from}" para "${to}"`;
        }
        case 'deadline':
          return `alterou o prazo para ${dateText(item.newValue)}`;
        case 'status': {
          // The list it was archived from or restored to (rows older than that carry none).
          const column = typeof meta.column === 'string' ? meta.column : null;
          if (item.newValue === 'archived') return column ? `arquivou a tarefa da lista "${column}"` : 'arquivou a tarefa';
          return column ? `restaurou a tarefa na lista "${column}"` : 'restaurou a tarefa';
        }
        case 'assignedTo':
          return 'alterou os responsáveis';
        case 'reminder':
          return item.newValue ? `definiu o lembrete "${reminderText(item.newValue)}"` : 'removeu o lembrete';
        default:
          return 'atualizou a tarefa';
      }
    default:
      return String(item.actionType);
  }
}

/** What the task dialog holds that is not saved yet. */
export interface UnsavedDrafts {
  /** A comment typed but not sent (trimmed; null when blank). */
  comment: string | null;
  /** The description is being edited and differs from the saved text. */
  description: boolean;
}

/** The question asked before the task dialog closes over unsaved text, or null when nothing would be lost. */
export function discardQuestion(drafts: UnsavedDrafts): string | null {
  if (drafts.comment && drafts.description)
    return 'O comentário não enviado e a descrição em edição serão descartados. Fechar mesmo assim?';
  if (drafts.comment) return 'O comentário não enviado será descartado. Fechar mesmo assim?';
  if (drafts.description) return 'A descrição em edição será descartada. Fechar mesmo assim?';
  return null;
}

/** Text split into plain parts and URLs (shown as links opening in a new tab). */
export function linkify(text: string): Array<{ text: string; url?: string }> {
  const parts: Array<{ text: string; url?: string }> = [];
  // http(s) addresses, and 'www.' ones not inside another word or address (linked as https).
  const pattern = /https?:\/\/[^\s<>"]+|(?<![\w.@/:-])www\.[^\s<>"]+/gi;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    // A sentence's final punctuation is not part of the link.
    const shown = match[0].replace(/[.,;:!?)\]]+$/, '');
    const bare = !/^https?:\/\//i.test(shown);
    if (bare && !/^www\.[^.]+\.[^.]/i.test(shown)) continue;
    const index = match.index ?? 0;
    if (index > last) parts.push({ text: text.slice(last, index) });
    parts.push({ text: shown, url: bare ? `https://${shown}` : shown });
    last = index + shown.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** A datetime-local value (local zone, to the minute) from an ISO instant, and back. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.toFormat("yyyy-MM-dd'T'HH:mm") : '';
}
export function fromLocalInput(value: string): string | null {
  const date = DateTime.fromFormat(value, "yyyy-MM-dd'T'HH:mm");
  return date.isValid ? date.toISO() : null;
}

/** The body of 'Copiar': the same task with ' (cópia)' after the title (core.md §4). */
export function copyBody(task: Task): CreateTaskRequest {
  return {
    title: `${task.title} (cópia)`,
    description: task.description,
    clientId: task.clientId,
    columnId: task.columnId,
    deadline: task.deadline,
    assignedTo: [...task.assignedTo],
    reminderTime: task.reminderTime ?? null,
  };
}

export type SummaryEntry =
  | { kind: 'created'; at: string; who: string }
  | { kind: 'time'; at: string; who: string; duration: string; description: string | null }
  | { kind: 'comment'; at: string; who: string; content: string };

function newestFirst<T>(list: readonly T[], at: (item: T) => string): T[] {
  return [...list].sort((a, b) => Date.parse(at(b)) - Date.parse(at(a)));
}

/**
 * The dialog's history summary: the creation entry, the last 3 time entries (finished ones) and
 * the last 2 comments, newest first.
 */
export function historySummary(
  history: readonly TaskHistoryItem[],
  entries: readonly TimeEntry[],
  comments: readonly TaskComment[],
): SummaryEntry[] {
  const created = history.find((h) => h.actionType === 'created');
  const times = newestFirst(
    entries.filter((e) => e.endTime),
    (e) => e.startTime,
  ).slice(0, 3);
  const lastComments = newestFirst(comments, (c) => c.createdAt).slice(0, 2);
  const list: SummaryEntry[] = [
    ...times.map<SummaryEntry>((e) => ({
      kind: 'time',
      at: e.startTime,
      who: e.userName || 'Usuário',
      duration: formatDuration(e.duration ?? 0),
      description: e.description,
    })),
    ...lastComments.map<SummaryEntry>((c) => ({ kind: 'comment', at: c.createdAt, who: actorName(c.user), content: c.content })),
  ];
  const sorted = newestFirst(list, (e) => e.at);
  if (created) sorted.push({ kind: 'created', at: created.createdAt, who: actorName(created.user) });
  return sorted;
}

/** Time records of a task, newest first, with the duration as HH:MM:SS ('Em andamento' while running). */
export function timeRows(entries: readonly TimeEntry[]) {
  return newestFirst(entries, (e) => e.startTime).map((e) => ({
    id: e.id,
    who: e.userName || 'Usuário',
    start: dateText(e.startTime),
    end: e.endTime ? dateText(e.endTime) : 'Em andamento',
    duration: e.endTime ? formatDuration(e.duration ?? 0) : '—',
    description: e.description?.trim() || '—',
  }));
}

/** Bytes as '12 KB' / '3,4 MB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/** Whether the user may edit this task (mirrors the API's assertCanEdit). */
export function canEditTask(
  task: Pick<Task, 'assignedTo'>,
  userId: number | undefined,
  rights: { editAll: boolean; editAssigned: boolean },
): boolean {
  if (rights.editAll) return true;
  return rights.editAssigned && userId !== undefined && task.assignedTo.includes(userId);
}

/** A deadline (datetime-local value) already gone by: the form says so, it does not refuse it. */
export function isPastDeadline(value: string, now: Date = new Date()): boolean {
  const iso = fromLocalInput(value);
  return iso !== null && new Date(iso).getTime() < now.getTime();
}

/** Counter of a limited text field: shown from 80% of the limit, with a sentence once it is reached. */
export function lengthHint(length: number, max: number): { counter: string; message: string | null } | null {
  if (length < Math.floor(max * 0.8)) return null;
  return { counter: `${length}/${max}`, message: length >= max ? `Limite de ${max} caracteres atingido` : null };
}
