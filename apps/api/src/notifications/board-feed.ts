import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { BoardChangedMessage } from '@wkflow/contracts';
import { ChangeListener } from '../platform/database/change-listener';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { BoardBatch, BoardChangeLog, type BoardReader } from '../tasks/board-changes';
import { TaskBoard } from '../tasks/task-board.service';
import { UserDirectory } from '../users/user-directory';
import { RealtimeService } from '../platform/realtime/realtime.service';

/** The channel the BoardChanges triggers notify at every board commit (payload: the new version). */
export const BOARD_CHANNEL = 'wkflow_board';
const RETRY_MS = 2_000;

/**
 * Pushes board deltas to this replica's sockets. Each replica LISTENs on the board channel and
 * reads the change log itself (so writes made on another replica, by a seed or by psql arrive
 * too, with no Redis): on a notification it reads what changed after `feedVersion` (one read at a
 * time; notifications arriving meanwhile are served by the next read, together) and sends each of
 * its sockets one 'board.changed' with what that socket's user may see, or nothing when the batch
 * does not concern him. Each socket's chain advances with every batch, message or not.
 */
@Injectable()
export class BoardFeed implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(BoardFeed.name);
  private readonly listener: ChangeListener;
  /** The version every local socket has been served up to; null until the first read. */
  private feedVersion: number | null = null;
  private reading: Promise<void> | null = null;
  /** A notification came while a read ran: read again once it is done. */
  private again = false;
  /** The newest version notified. */
  private notified = 0;
  private closed = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly log: BoardChangeLog,
    private readonly users: UserDirectory,
    private readonly realtime: RealtimeService,
    private readonly board: TaskBoard,
  ) {
    this.listener = new ChangeListener(
      config.databaseUrl,
      BOARD_CHANNEL,
      (payload) => {
        const version = Number(payload);
        if (Number.isSafeInteger(version)) this.notified = Math.max(this.notified, version);
        this.board.warm();
        if (this.feedVersion === null || !(version <= this.feedVersion)) this.poll();
      },
      // Back after a lost connection: what was notified meanwhile is read from feedVersion.
      (listening) => {
        if (listening) this.poll();
      },
    );
  }

  async onModuleInit(): Promise<void> {
    await this.listener.listen();
    await this.whenIdle();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.listener.close();
    await this.reading;
  }

  /** Resolves once no read is under way or pending (tests, start-up). */
  async whenIdle(): Promise<void> {
    while (this.reading) await this.reading;
  }

  /** Reads the log after feedVersion now, or right after the read under way. */
  poll(): void {
    if (this.closed) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.readOnce()
      .catch((error: unknown) => {
        this.logger.warn(`board feed: ${error instanceof Error ? error.message : error}`);
        // PostgreSQL unreachable for a moment: try again, even if no other notification comes.
        if (!this.closed) setTimeout(() => this.poll(), RETRY_MS).unref();
      })
      .finally(() => {
        this.reading = null;
        if (this.again) {
          this.again = false;
          this.poll();
        }
      });
  }

  private async readOnce(): Promise<void> {
    if (this.feedVersion !== null && this.notified > this.feedVersion && !this.realtime.localSockets().length) {
      // No socket here: nothing to read; a socket opening from now on starts at the notified version.
      this.advance(this.notified);
      return;
    }
    // At the start, chains begin at the version read now: a socket opened before (if the database
    // was unreachable) is restarted like after a reset, so its client asks ?since=.
    const batch = this.feedVersion === null ? BoardBatch.full(0, (await this.log.head()).version) : await this.log.read(this.feedVersion);
    if (batch.to === this.feedVersion && !batch.full) return;
    // The permissions of every local socket's user (in-memory profiles: one small query); a socket
    // opened during the awaits is asked for too, so none is advanced without being served.
    const access = new Map<number, BoardReader | null>();
    for (let round = 0; round < 3; round++) {
      const missing = [...new Set(this.realtime.localSockets().map((s) => s.userId))].filter((id) => !access.has(id));
      if (!missing.length) break;
      missing.forEach((id) => access.set(id, null));
      for (const user of await this.users.approvedAccess(missing)) access.set(user.id, user);
    }
    this.deliver(batch, access);
  }

  /** Synchronous: the sockets listed here and the chain's new start for later sockets move together. */
  private deliver(batch: BoardBatch, access: Map<number, BoardReader | null>): void {
    const to = batch.to;
    const views = new Map<string, string | null>();
    for (const socket of this.realtime.localSockets()) {
      const user = access.get(socket.userId);
      const from = socket.boardServed;
      socket.boardServed = to;
      if (!user) continue; // no longer approved: the heartbeat closes the socket
      if (batch.full) {
        if (from === to) continue; // already there (sockets opened since the start)
        // Too old (pruned), reset or too big for a delta: an empty message with a gap restarts the
        // chain, so the client asks ?since= (which answers the whole board).
        if (BoardBatch.viewKey(user) !== 'none') socket.send(message(to, to, { full: false, tasks: [], removed: [] }));
        continue;
      }
      const key = `${BoardBatch.viewKey(user)}:${from}`;
      let text = views.get(key);
      if (text === undefined) {
        const changes = batch.forUser(user);
        text = changes ? message(from, to, changes) : null;
        views.set(key, text);
      }
      if (text) socket.send(text);
    }
    this.advance(to);
  }

  private advance(version: number): void {
    this.feedVersion = version;
    this.realtime.boardVersion = version;
  }
}

function message(from: number, to: number, changes: Omit<BoardChangedMessage, 'type' | 'from' | 'to'>): string {
  return JSON.stringify({ type: 'board.changed', from, to, ...changes } satisfies BoardChangedMessage);
}
