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
      if (this.client === client) this.onState(true);
    } catch (error) {
      this.logger.warn(error instanceof Error ? error.message : String(error));
      lost();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    this.onState(false);
    await client?.end().catch(() => undefined);
  }
}
