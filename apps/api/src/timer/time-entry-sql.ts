import type { TimeEntryScope } from '@wkflow/contracts';
import { taskSql } from '../tasks/task-lookup';

/**
 * SQL the timer module writes for its own entry filters and for the timesheet report (a declared
 * read model in the analytics module), so the time_tracking scope is written once: the condition
 * limiting entries (alias e) to what a time_tracking scope may see; $1 is the user id.
 */
export function scopeCondition(scope: TimeEntryScope): string {
  switch (scope) {
    case 'all':
      return '$1::int IS NOT NULL'; // always true; keeps $1 typed when no other clause uses it
    case 'assigned':
      return `(e."userId" = $1 OR ${taskSql.assigned('e."taskId"', '$1')})`;
    case 'own':
      return `e."userId" = $1`;
    case 'none':
      return '$1::int IS NULL';
  }
}
