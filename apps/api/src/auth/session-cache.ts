import { ChangeListener } from '../platform/database/change-listener';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { SESSION_CHANNEL } from '../platform/access/session-access';

const MAX_ENTRIES = 10_000;

export interface CachedSession {
  /** The session JSON as stored (parsed afresh for each request: express-session mutates it). */
  sess: string;
  expire: Date;
  /** The session's user id, and that user with permissions (null: gone or not approved). */
  userId: number | null;
  user: AuthenticatedUser | null;
}

/**
 * Sessions with their user and permissions, kept in memory while this process listens for the
 * database's change notifications (every replica hears every change: logout, revocation, a user's
 * or a profile's permissions changing). Without the listener, nothing is cached.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession & { at: number }>();
  /** Raised by every invalidation: a load that started before one is not cached. */
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
      SESSION_CHANNEL,
      (payload) => this.invalidate(payload),
      (on) => this.setListening(on),
    );
  }

  get(sid: string): CachedSession | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (!this.listening || Date.now() - entry.at > this.ttlMs || entry.expire.getTime() <= Date.now()) {
      this.entries.delete(sid);
      return undefined;
    }
    return entry;
  }

  /** The generation to pass to put() for a load starting now. */
  loadStarted(): number {
    return this.generation;
  }

  put(sid: string, entry: CachedSession, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    if (entry.user) deepFreeze(entry.user); // shared by concurrent requests
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sid, { ...entry, at: Date.now() });
  }

  invalidate(message: string): void {
    this.generation++;
    if (message.startsWith('s:')) {
      this.entries.delete(message.slice(2));
    } else if (message.startsWith('u:')) {
      const userId = Number(message.slice(2));
      for (const [sid, entry] of this.entries) if (entry.userId === userId) this.entries.delete(sid);
    } else {
      this.entries.clear();
    }
  }

  /** Starts listening (and keeps reconnecting); caching is on only while connected. */
  listen(): Promise<void> {
    return this.listener.listen();
  }

  close(): Promise<void> {
    return this.listener.close();
  }

  private setListening(on: boolean): void {
    this.listening = on;
    this.invalidate('*');
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
