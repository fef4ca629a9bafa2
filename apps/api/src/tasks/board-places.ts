/** A board task's column and order key. */
export interface TaskPlace {
  columnId: number;
  rank: string;
}

/**
 * Where every board (non-archived) task is: its column and key, and each column's keys in order.
 * A task's place, the 1-based `position` GET /api/tasks gives, is its key's index among its
 * column's keys + 1 (keys are unique in a column, and compared byte by byte as the rank column's
 * COLLATE "C" does; they are ASCII, where JavaScript's `<` is the same order).
 */
export class BoardPlaces {
  private readonly places = new Map<number, TaskPlace>();
  private readonly columnKeys = new Map<number, string[]>();

  constructor(tasks: Iterable<{ id: number } & TaskPlace>) {
    for (const { id, columnId, rank } of tasks) this.places.set(id, { columnId, rank });
    for (const { columnId, rank } of this.places.values()) {
      const keys = this.columnKeys.get(columnId);
      if (keys) keys.push(rank);
      else this.columnKeys.set(columnId, [rank]);
    }
    for (const keys of this.columnKeys.values()) keys.sort(byKey);
  }

  /** The task's column, if it is on the board. */
  columnOf(id: number): number | undefined {
    return this.places.get(id)?.columnId;
  }

  /** Records where a task is now (null: off the board: archived or deleted). */
  set(id: number, now: TaskPlace | null): void {
    const before = this.places.get(id);
    if (before) {
      const keys = this.columnKeys.get(before.columnId)!;
      const at = lowerBound(keys, before.rank);
      if (keys[at] === before.rank) keys.splice(at, 1);
      this.places.delete(id);
    }
    if (!now) return;
    this.places.set(id, { columnId: now.columnId, rank: now.rank });
    let keys = this.columnKeys.get(now.columnId);
    if (!keys) this.columnKeys.set(now.columnId, (keys = []));
    keys.splice(lowerBound(keys, now.rank), 0, now.rank);
  }

  /** The 1-based place of the key in the column, or null when no board task has it there. */
  placeOf(columnId: number, rank: string): number | null {
    const keys = this.columnKeys.get(columnId);
    if (!keys) return null;
    const at = lowerBound(keys, rank);
    return keys[at] === rank ? at + 1 : null;
  }
}

export const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The index of the first key not below `key` in sorted `keys`. */
function lowerBound(keys: string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle] < key) low = middle + 1;
    else high = middle;
  }
  return low;
}
