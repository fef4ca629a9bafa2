import { Logger } from '@nestjs/common';
import { Client } from 'pg';

const RECONNECT_MS = 2_000;
/** How the connection shows in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'wkflow-listen';

/**
 * The one connection of this process that LISTENs, per database: every ChangeListener shares it.
 * PostgreSQL wakes every listening connection of a database at each commit that notifies (whatever
 * the channel), so one connection instead of one per channel keeps a busy board's commits cheap.
 */
class ListenConnection {
  private static readonly byUrl = new Map<string, ListenConnection>();
  private readonly logger = new Logger('ChangeListener');
  private readonly listeners = new Set<ChangeListener>();
  private client: Client | null = null;
  private listening = false;
  private connecting: Promise<void> | null = null;
  /** sync(): callers waiting for the next round trip, and whether one is under way. */
  private syncWaiters: { resolve: (ok: boolean) => void }[] = [];
  private syncing = false;

  private constructor(private readonly databaseUrl: string) {}

  static for(databaseUrl: string): ListenConnection {
    let connection = ListenConnection.byUrl.get(databaseUrl);
    if (!connection) ListenConnection.byUrl.set(databaseUrl, (connection = new ListenConnection(databaseUrl)));
    return connection;
  }

  async add(listener: ChangeListener): Promise<void> {
    this.listeners.add(listener);
    if (this.listening && this.client) {
      const client = this.client;
      try {
        await client.query(`LISTEN ${listener.channel}`);
        if (this.client === client && this.listeners.has(listener)) listener.setState(true);
      } catch (error) {
        this.logger.warn(error instanceof Error ? error.message : String(error));
        this.lost(client);
      }
      return;
    }
    await this.connect();
  }

  async remove(listener: ChangeListener): Promise<void> {
    if (!this.listeners.delete(listener)) return;
    listener.setState(false);
    const client = this.client;
    if (!this.listeners.size) {
      ListenConnection.byUrl.delete(this.databaseUrl);
      this.client = null;
      this.listening = false;
      await client?.end().catch(() => undefined);
    } else if (client && ![...this.listeners].some((l) => l.channel === listener.channel)) {
      await client.query(`UNLISTEN ${listener.channel}`).catch(() => undefined);
    }
  }

  private connect(): Promise<void> {
    if (!this.connecting) this.connecting = this.open().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async open(): Promise<void> {
    if (!this.listeners.size || this.client) return;
    const client = new Client({ connectionString: this.databaseUrl, application_name: LISTEN_APPLICATION_NAME });
    client.on('error', (error) => {
      this.logger.warn(error.message);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => {
      for (const listener of this.listeners) if (listener.channel === n.channel) listener.heard(n.payload ?? '*');
    });
    this.client = client;
    try {
      await client.connect();
      // Channels added while a LISTEN was under way are listened to as well before anyone is told.
      const listened = new Set<string>();
      for (;;) {
        const missing = [...new Set([...this.listeners].map((l) => l.channel))].filter((c) => !listened.has(c));
        if (!missing.length) break;
        for (const channel of missing) {
          await client.query(`LISTEN ${channel}`);
          listened.add(channel);
        }
      }
      if (this.client !== client) return;
      this.listening = true;
      for (const listener of this.listeners) listener.setState(true);
    } catch (error) {
      this.logger.warn(error instanceof Error ? error.message : String(error));
      this.lost(client);
    }
  }

  /** The connection is gone: caches stop trusting it until it listens again. */
  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    for (const listener of this.listeners) listener.setState(false);
    client.end().catch(() => undefined);
    if (this.listeners.size) setTimeout(() => void this.connect(), RECONNECT_MS).unref();
  }

  /** See ChangeListener.sync. */
  sync(): Promise<boolean> {
    return new Promise((resolve) => {
      this.syncWaiters.push({ resolve });
      if (!this.syncing) this.runSync();
    });
  }

  private runSync(): void {
    const waiters = this.syncWaiters;
    this.syncWaiters = [];
    const client = this.client;
    if (!client || !this.listening) {
      waiters.forEach((w) => w.resolve(false));
      return;
    }
    this.syncing = true;
    client
      .query('SELECT 1')
      .then(
        () => this.client === client && this.listening,
        () => false,
      )
      .then((ok) => waiters.forEach((w) => w.resolve(ok)))
      .finally(() => {
        this.syncing = false;
        if (this.syncWaiters.length) this.runSync();
      });
  }
}

/**
 * LISTENs on a database channel, reconnecting when the connection is lost (one connection per
 * process and database, shared by every channel). `onState(true)` once listening, `onState(false)`
 * when the connection is lost: a cache built on it must hold entries only while listening, since a
 * change notified meanwhile is never heard.
 */
export class ChangeListener {
  private connection: ListenConnection | null = null;
  private listening = false;

  constructor(
    private readonly databaseUrl: string,
    readonly channel: string,
    private readonly onChange: (payload: string) => void,
    private readonly onState: (listening: boolean) => void,
  ) {}

  /** Starts listening (and keeps reconnecting until close()). */
  async listen(): Promise<void> {
    if (this.connection) return;
    this.connection = ListenConnection.for(this.databaseUrl);
    await this.connection.add(this);
  }

  /** @internal called by the shared connection. */
  heard(payload: string): void {
    this.onChange(payload);
  }

  /** @internal called by the shared connection. */
  setState(listening: boolean): void {
    if (this.listening === listening) return;
    this.listening = listening;
    this.onState(listening);
  }

  /**
   * Resolves true once every notification of a transaction committed before the call has been
   * handed to onChange (false when not listening). PostgreSQL hands a listening session the
   * notifications it was signalled before the ReadyForQuery of its next query, and pg emits them in
   * order: one `SELECT 1` that starts after the call is enough. Callers arriving while one runs
   * share the next one, so a busy process costs one round trip at a time on this connection.
   */
  sync(): Promise<boolean> {
    if (!this.connection || !this.listening) return Promise.resolve(false);
    return this.connection.sync();
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    await connection?.remove(this);
  }
}
