import type { TimeEntry } from '@wkflow/contracts';
import { ChangeListener } from '../platform/database/change-listener';

/** The channel the ActiveTimerNotify migration's triggers notify: '<userId>', or '*' for everyone. */
export const TIMER_CHANNEL = 'wkflow_timers';
const MAX_ENTRIES = 10_000;

/**
 * Each user's running timer (or none), answered from memory to the once-a-second poll of every
 * open tab. Held only while this process listens for the database's notifications: a start, stop,
 * edit or removal of any entry (on any replica, by any writer) drops its user's entry, and a task
 * renamed or deleted drops them all. A load that started before a change is not kept.
 */
export class ActiveTimerCache {
  private readonly entries = new Map<number, { entry: TimeEntry | null; at: number }>();
  private generation = 0;
  private listening = false;
  private readonly listener: ChangeListener;

  /** ttlMs is a safety net only: entries are dropped as soon as the database says they changed. */
  constructor(
    databaseUrl: string,
    private readonly ttlMs = 10_000,
  ) {
    this.listener = new ChangeListener(
      databaseUrl,
      TIMER_CHANNEL,
      (payload) => this.invalidate(payload),
      (on) => {
        this.listening = on;
        this.invalidate('*');
      },
    );
  }

  /** { entry } when known (entry null: no timer running), undefined when it must be loaded. */
  get(userId: number): { entry: TimeEntry | null } | undefined {
    const cached = this.entries.get(userId);
    if (!cached) return undefined;
    if (!this.listening || Date.now() - cached.at > this.ttlMs) {
      this.entries.delete(userId);
      return undefined;
    }
    return cached;
  }

  /** The generation to pass to put() for a load starting now. */
  loadStarted(): number {
    return this.generation;
  }

  put(userId: number, entry: TimeEntry | null, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(userId, { entry: entry && Object.freeze(entry), at: Date.now() });
  }

  /** '<userId>' forgets that user's timer, anything else every timer. */
  invalidate(payload: string): void {
    this.generation++;
    const userId = /^\d+$/.test(payload) ? Number(payload) : null;
    if (userId === null) this.entries.clear();
    else this.entries.delete(userId);
  }

  listen(): Promise<void> {
    return this.listener.listen();
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}
