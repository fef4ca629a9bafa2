import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import type { AuthenticatedUser } from './authenticated-user';

/** The database channel the Performance migration's triggers notify ('s:<sid>', 'u:<userId>' or '*'). */
export const SESSION_CHANNEL = 'wkflow_sessions';
/** A safety net only: entries are dropped as soon as the database says they changed. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 2_000;

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
  private readonly logger = new Logger(SessionCache.name);
  private readonly entries = new Map<string, CachedSession & { at: number }>();
  /** Raised by every invalidation: a load that started before one is not cached. */
  private generation = 0;
  private client: Client | null = null;
  private listening = false;
  private closed = false;

  constructor(private readonly databaseUrl: string) {}

  get(sid: string): CachedSession | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (!this.listening || Date.now() - entry.at > TTL_MS || entry.expire.getTime() <= Date.now()) {
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
  async listen(): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.databaseUrl });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.setListening(false);
      client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.listen(), RECONNECT_MS).unref();
    };
    client.on('error', (error) => {
      this.logger.warn(`session change listener: ${error.message}`);
      lost();
    });
    client.on('end', lost);
    client.on('notification', (n) => this.invalidate(n.payload ?? '*'));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
      if (this.client === client) this.setListening(true);
    } catch (error) {
      this.logger.warn(`session change listener: ${error instanceof Error ? error.message : error}`);
      lost();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.setListening(false);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
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
