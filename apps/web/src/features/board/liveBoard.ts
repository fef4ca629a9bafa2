import { applyTaskChanges, type BoardChangedMessage, type BoardChangesResponse, type Column, type Task } from '@wkflow/contracts';

/**
 * The live board: /ws 'board.changed' messages patch the cached list in place, and a missed
 * version (a gap, a reconnect) is caught up with GET /api/tasks?since=<version>, one ask at a time.
 * The caches are reached through a port so the rules can be tested without SWR (LiveUpdates binds it).
 */

export interface LiveBoardPort {
  /** The cached board list (GET /api/tasks), undefined when none is loaded. */
  tasks(): Task[] | undefined;
  setTasks(tasks: Task[]): void;
  /** The version the cached list is at (lib/boardVersion.ts). */
  version(): number | null;
  setVersion(version: number | null): void;
  /** A full read of the list is under way: messages wait for it. */
  loading(): boolean;
  /** Open task dialogs: changed tasks' copies, and removed ones read again (gone or archived). */
  details(changed: readonly Task[], removed: readonly number[]): void;
  setColumns(columns: Column[]): void;
  reloadColumns(): void;
  fetchSince(version: number): Promise<BoardChangesResponse>;
  /** The whole list read again with its version, for a list whose version is unknown. */
  fetchBoard(): Promise<{ tasks: Task[]; version: number | null }>;
}

export type MessageStep = 'apply' | 'skip' | 'catch-up' | 'hold';

/**
 * What a client does with a message of versions (from, to]: hold it while no list is loaded,
 * skip it when the list already has it (to <= v: applying an older copy would undo newer ones),
 * apply it when it follows on (from <= v), catch up when versions are missing (from > v) or the
 * list's version is unknown.
 */
export function messageStep(version: number | null, hasList: boolean, message: Pick<BoardChangedMessage, 'from' | 'to'>): MessageStep {
  if (!hasList) return 'hold';
  if (version === null || message.from > version) return 'catch-up';
  if (message.to <= version) return 'skip';
  return 'apply';
}

/** Messages kept at most while waiting (a longer wait ends in a catch-up anyway). */
const HOLD_LIMIT = 200;

export interface LiveBoard {
  receive(message: BoardChangedMessage): void;
  /** After a reconnect: ask what was missed while the socket was down. */
  reconnected(): void;
  /**
   * The SWR fetcher read a full list at `version`: when it is the list now cached, the version is
   * its; then the messages that came meanwhile apply.
   */
  loaded(tasks: Task[], version: number | null): void;
  /** The catch-up under way, if any (tests wait on it). */
  pending(): Promise<void> | null;
}

export function createLiveBoard(port: LiveBoardPort): LiveBoard {
  let catchingUp: Promise<void> | null = null;
  let held: BoardChangedMessage[] = [];

  const hold = (message: BoardChangedMessage) => {
    held.push(message);
    if (held.length > HOLD_LIMIT) held = held.slice(-HOLD_LIMIT);
  };

  const replay = () => {
    const waiting = held;
    held = [];
    for (const message of waiting) receive(message);
  };

  const applyAnswer = (answer: BoardChangesResponse) => {
    const list = port.tasks();
    if (answer.full) port.setTasks(answer.tasks);
    else if (list) port.setTasks(applyTaskChanges(list, answer.tasks, answer.removed));
    port.setVersion(answer.version);
    port.details(answer.tasks, answer.removed);
    if (answer.columns) port.setColumns(answer.columns);
    else if (answer.full) port.reloadColumns();
  };

  const catchUp = (): Promise<void> => {
    if (catchingUp) return catchingUp;
    const since = port.version();
    catchingUp = (async () => {
      let ok = true;
      try {
        if (since === null) {
          const board = await port.fetchBoard();
          port.setTasks(board.tasks);
          port.setVersion(board.version);
        } else applyAnswer(await port.fetchSince(since));
      } catch (error) {
        ok = false;
        console.warn('Could not catch up with the board', error);
      }
      catchingUp = null;
      // On failure (or still no version) the held messages are dropped: the next message finds
      // the gap and asks again, so a failing server is asked once per message, not in a loop.
      if (ok && port.version() !== null) replay();
      else held = [];
    })();
    return catchingUp;
  };

  function receive(message: BoardChangedMessage): void {
    if (catchingUp) return hold(message);
    const list = port.tasks();
    const step = messageStep(port.version(), list !== undefined, message);
    if (step === 'hold') {
      // Nothing to patch but the open dialogs and the columns; the list, when one is loading, later.
      port.details(message.tasks, message.removed);
      if (message.columns) port.setColumns(message.columns);
      if (port.loading()) hold(message);
      return;
    }
    if (step === 'skip') return;
    if (step === 'catch-up') {
      hold(message);
      void catchUp();
      return;
    }
    port.setTasks(applyTaskChanges(list!, message.tasks, message.removed));
    port.setVersion(Math.max(port.version() ?? 0, message.to));
    port.details(message.tasks, message.removed);
    if (message.columns) port.setColumns(message.columns);
  }

  return {
    receive,
    reconnected() {
      if (port.tasks() !== undefined) void catchUp();
    },
    loaded(tasks, version) {
      if (port.tasks() === tasks) port.setVersion(version);
      if (!catchingUp) replay();
    },
    pending: () => catchingUp,
  };
}
