import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { timeEntryScope, type PermissionSubject } from '@wkflow/contracts';
import { TaskLookup } from '../tasks/task-lookup';

/**
 * The time entries a viewer may see, as data every query filters by: all of them, or those of
 * `userIds` and those on `taskIds`. Written as
 * `($a::boolean OR e."userId" = ANY($b::int[]) OR e."taskId" = ANY($c::int[]))`
 * by the timer's repository and by the timesheet read model.
 */
export interface EntryVisibility {
  /** Every entry (time_tracking view_all). */
  all: boolean;
  userIds: number[];
  taskIds: number[];
}

/** The time_tracking scope of a user as an EntryVisibility ('assigned': his entries and those on the tasks assigned to him). */
@Injectable()
export class EntryVisibilities {
  constructor(private readonly tasks: TaskLookup) {}

  async of(user: PermissionSubject & { id: number }, db?: EntityManager | DataSource): Promise<EntryVisibility> {
    switch (timeEntryScope(user)) {
      case 'all':
        return { all: true, userIds: [], taskIds: [] };
      case 'assigned':
        return { all: false, userIds: [user.id], taskIds: await this.tasks.assignedTaskIds(user.id, db) };
      case 'own':
        return { all: false, userIds: [user.id], taskIds: [] };
      case 'none':
        return { all: false, userIds: [], taskIds: [] };
    }
  }
}
