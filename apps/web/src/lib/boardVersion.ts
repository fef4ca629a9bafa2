import { BOARD_VERSION_HEADER, type Task } from '@wkflow/contracts';
import { apiFetchWithHeaders } from './fetcher';

/**
 * The board version beside the SWR cache of GET /api/tasks: the version the cached list is at. A
 * full list sets it once SWR has stored that very list (features/board/liveBoard.ts), and each
 * /ws 'board.changed' applied to the list moves it on. It never claims more than the cached list
 * holds: a message at or below it is skipped. Null until a list loads (or when the server did not say).
 */
let version: number | null = null;
/** Full reads under way: messages that arrive meanwhile wait for the list. */
let loading = 0;

type Loaded = (tasks: Task[], version: number | null) => void;
const loaded = new Set<Loaded>();
/** The version each full list was read at: a list SWR stored with no listener around (the board's early read) still has one. */
const readVersions = new WeakMap<Task[], number>();

/** The version a full list was read at, when this fetcher read it (and the server said). */
export function versionRead(tasks: Task[]): number | null {
  return readVersions.get(tasks) ?? null;
}

export function boardVersion(): number | null {
  return version;
}

export function setBoardVersion(next: number | null): void {
  version = next;
}

export function boardLoading(): boolean {
  return loading > 0;
}

/** The header's value as a version, or null when missing or not a non-negative integer. */
export function parseBoardVersion(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Called after each full list the fetcher read, once SWR has had the chance to store it. */
export function onBoardLoaded(listener: Loaded): () => void {
  loaded.add(listener);
  return () => loaded.delete(listener);
}

/** GET /api/tasks with the version it was read at. */
export async function readBoard(path: string): Promise<{ tasks: Task[]; version: number | null }> {
  const { data, headers } = await apiFetchWithHeaders<Task[]>(path);
  return { tasks: data, version: parseBoardVersion(headers.get(BOARD_VERSION_HEADER)) };
}

/** The SWR fetcher of keys.tasks: the list; its version goes to the listeners a task later. */
export async function fetchBoard(path: string): Promise<Task[]> {
  loading += 1;
  let read: { tasks: Task[]; version: number | null } | undefined;
  try {
    read = await readBoard(path);
    if (read.version !== null) readVersions.set(read.tasks, read.version);
    return read.tasks;
  } finally {
    loading -= 1;
    setTimeout(() => {
      for (const listener of [...loaded]) listener(read?.tasks ?? [], read?.version ?? null);
    }, 0);
  }
}
