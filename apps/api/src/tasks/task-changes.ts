import type { UpdateTaskDto } from './dto/tasks.dto';
import type { HistoryRow } from './task-history';
import type { TaskRow } from './task-rows';

type PlainField = 'title' | 'description' | 'clientId' | 'deadline' | 'reminderTime';

/** The plain fields an edit changes in place: their history names, and how a sent value compares with the stored one. */
const PLAIN_FIELDS: {
  key: PlainField;
  fieldName: string;
  actionType: string;
  read?: (sent: unknown) => unknown;
  same?: (a: unknown, b: unknown) => boolean;
}[] = [
  { key: 'title', fieldName: 'title', actionType: 'updated' },
  { key: 'description', fieldName: 'description', actionType: 'updated' },
  { key: 'clientId', fieldName: 'client', actionType: 'updated' },
  {
    key: 'deadline',
    fieldName: 'deadline',
    actionType: 'deadline_changed',
    read: (sent) => new Date(sent as string),
    same: (a, b) => (a as Date).getTime() === (b as Date).getTime(),
  },
  { key: 'reminderTime', fieldName: 'reminder', actionType: 'reminder_set', read: (sent) => sent ?? null },
];

export interface FieldChange {
  /** The tasks column to set, and the value written there. */
  column: PlainField;
  value: unknown;
  history: HistoryRow;
}

/** What an edit changes among the plain fields (a field not sent, or sent unchanged, is not a change), in history order. */
export function plainFieldChanges(current: TaskRow, dto: UpdateTaskDto): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of PLAIN_FIELDS) {
    const sent = dto[field.key];
    if (sent === undefined) continue;
    const next = field.read ? field.read(sent) : sent;
    const old = current[field.key];
    if (field.same ? field.same(old, next) : old === next) continue;
    changes.push({
      column: field.key,
      // The deadline is written as sent (with its offset); history keeps it as an instant.
      value: field.key === 'deadline' ? sent : next,
      history: { actionType: field.actionType, fieldName: field.fieldName, oldValue: old, newValue: next },
    });
  }
  return changes;
}
