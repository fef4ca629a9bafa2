import { Logger } from '@nestjs/common';
import { Client } from 'pg';

const RECONNECT_MS = 2_000;

/**
 * One dedicated connection LISTENing on a database channel, reconnecting when it is lost.
 * `onState(true)` once listening, `onState(false)` when the connection is lost: a cache built on
 * it must hold entries only while listening, since a change notified meanwhile is never heard.
 */
export class ChangeListener {
  private readonly logger: Logger;
  private client: Client | null = null;
  private closed = false;
  private listening = false;
  /** sync(): callers waiting for the next round trip, and whether one is under way. */
  private syncWaiters: { resolve: (ok: boolean) => void }[] = [];
  private syncing = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly onChange: (payload: string) => void,
    private readonly onState: (listening: boolean) => void,
  ) {
    this.logger = new Logger(`ChangeListener(${channel})`);
  }

  /** Starts listening (and keeps reconnecting until close()). */
  async listen(): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.databaseUrl });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.listening = false;
      this.onState(false);
      client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.listen(), RECONNECT_MS).unref();
    };
    client.on('error', (error) => {
      this.logger.warn(error.message);
      lost();
    });
    client.on('end', lost);
    client.on('notification', (n) => this.onChange(n.payload ?? '*'));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.client === client) {
        this.listening = true;
        this.onState(true);
      }
    } catch (error) {
      this.logger.warn(error instanceof Error ? error.message : String(error));
      lost();
    }
  }

  /**
   * Resolves true once every notification of a transaction committed before the call has been
   * handed to onChange (false when not listening). PostgreSQL hands a listening session the
   * notifications it was signalled before the ReadyForQuery of its next query, and pg emits them in
   * order: one `SELECT 1` that starts after the call is enough. Callers arriving while one runs
   * share the next one, so a busy process costs one round trip at a time on this connection.
   */
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

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    this.listening = false;
    this.onState(false);
    await client?.end().catch(() => undefined);
  }
}
