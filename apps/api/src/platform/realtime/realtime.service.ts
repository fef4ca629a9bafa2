import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WebSocket } from 'ws';
import { type ServerMessage, WS_SERVICE_RESTART, WS_SESSION_ENDED, WS_TRY_AGAIN_LATER } from '@wkflow/contracts';
import { MetricsService } from '../metrics/metrics.service';
import { SESSION_CHANNEL, SessionAccess } from '../access/session-access';
import { ChangeListener } from '../database/change-listener';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

const HEARTBEAT_MS = 30_000;
/** A replica's presence entry outlives two missed heartbeats at most. */
const PRESENCE_TTL_MS = 75_000;
/** Messages a socket may hold while its session is checked (a check is one query: a few at most in practice). */
const MAX_HELD = 1000;

/**
 * What travels between replicas: to the sockets of the listed users. Nothing goes to every socket:
 * whoever sends a message names the users whose permissions allow it, as they stand when it is sent.
 */
interface Envelope {
  userIds: number[];
  payload: ServerMessage;
}

interface Client {
  userId: number;
  sessionId: string;
  alive: boolean;
  /** This connection's id (presence in a room is per connection: tabs and replicas count apart). */
  connectionId: string;
  /** The chat room the page on this connection shows, told by the client ('viewing'). */
  viewing: number | null;
  /** The board version this socket's 'board.changed' chain was served up to (BoardFeed). */
  boardServed: number;
  /**
   * Messages held back while the session behind the socket is checked after the database said it
   * changed (null: none held). Sent once it is still open, dropped when the socket closes.
   */
  held: string[] | null;
}

/** An open socket of this replica, for the board feed: its user, its chain's version, a send to it alone. */
export interface LocalSocket {
  readonly userId: number;
  boardServed: number;
  /** A serialised message (a BoardChangedMessage). */
  send(text: string): void;
}

/** Who opens a socket, as the handshake found him: the gateway registers the socket under him. */
export interface SocketOwner {
  userId: number;
  /** The session's id as stored (hashed), to check it is still open. */
  sessionId: string;
  /** The count of session changes heard when the handshake began (see connect()). */
  changesHeardBefore: number;
}

/** The handshake's answer: the socket's owner, or the HTTP status refusing the upgrade. */
export type Handshake = { owner: SocketOwner } | { refuse: 401 | 403 | 500 | 503 };

/**
 * The /ws hub behind RealtimeGateway: sockets authenticated by the session cookie, pushes to the
 * users named, fanned out across replicas through Redis pub/sub (delivered locally without Redis).
 * Presence (is a user connected anywhere?) is kept in Redis per replica, with a TTL.
 */
@Injectable()
export class RealtimeService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(RealtimeService.name);
  private readonly sockets = new Map<number, Set<WebSocket>>();
  private readonly clients = new WeakMap<WebSocket, Client>();
  private readonly channel: string;
  private readonly replicaId = randomUUID();
  private readonly publisher: Redis | null = null;
  private readonly subscriber: Redis | null = null;
  /** Set once this replica stops: new sockets are refused (503), a client goes to another replica. */
  private closing = false;
  /** Hears the session table's and users' changes (logout, revocation, password change, approval). */
  private readonly sessionChanges: ChangeListener;
  /** Raised by every session change heard: an upgrade that spans one checks its session again. */
  private sessionChangesHeard = 0;
  /** Sockets whose session is to be checked, and the check under way (one at a time). */
  private readonly toCheck = new Set<WebSocket>();
  private checking: Promise<void> | null = null;
  /** Where a new socket's board chain starts: the version the board feed has served up to. */
  boardVersion = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionAccess,
    metrics: MetricsService,
  ) {
    this.channel = `${config.redisPrefix}:events`;
    const sockets = this.sockets;
    metrics.gauge({
      name: 'wkflow_ws_connections',
      help: 'Open /ws sockets on this process',
      collect() {
        let open = 0;
        for (const set of sockets.values()) open += set.size;
        this.set(open);
      },
    });
    this.sessionChanges = new ChangeListener(
      config.databaseUrl,
      SESSION_CHANNEL,
      (payload) => this.sessionChanged(payload),
      // Back after a lost connection: changes made meanwhile were not heard.
      (listening) => {
        if (listening) this.checkSessions(this.openSockets());
      },
    );
    if (config.redisUrl) {
      const options = { maxRetriesPerRequest: 1, retryStrategy: (n: number) => Math.min(n * 500, 5000) };
      this.publisher = new Redis(config.redisUrl, { ...options, enableOfflineQueue: false });
      // A subscriber connection can do nothing else; it resubscribes by itself after a reconnect.
      this.subscriber = new Redis(config.redisUrl, options);
      this.publisher.on('error', (error) => this.logger.warn(`publisher: ${error.message}`));
      this.subscriber.on('error', (error) => this.logger.warn(`subscriber: ${error.message}`));
      this.subscriber.subscribe(this.channel).catch((error: Error) => this.logger.warn(`subscribe: ${error.message}`));
      this.subscriber.on('message', (_channel, raw: string) => {
        try {
          this.deliverLocally(JSON.parse(raw) as Envelope);
        } catch {
          this.logger.warn('ignored a malformed event');
        }
      });
    }
  }

  async onModuleInit(): Promise<void> {
    await this.sessionChanges.listen();
  }

  /**
   * The upgrade's checks (RealtimeAdapter runs them before the handshake completes): a page of
   * another site must not open a socket with our cookie (403, cross-site WebSocket hijacking);
   * no session or no approved user behind it is 401; a stopping replica is 503.
   */
  async handshake(request: IncomingMessage): Promise<Handshake> {
    if (this.closing) return { refuse: 503 };
    if (!this.originAllowed(request)) return { refuse: 403 };
    try {
      const changesHeardBefore = this.sessionChangesHeard;
      const owner = await this.sessions.sessionOf(request);
      if (!owner) return { refuse: 401 };
      return { owner: { userId: owner.user.id, sessionId: owner.sessionId, changesHeardBefore } };
    } catch (error) {
      this.logger.warn(`upgrade failed: ${error instanceof Error ? error.message : error}`);
      return { refuse: 500 };
    }
  }

  /** A socket whose handshake passed, from the gateway. */
  connect(ws: WebSocket, owner: SocketOwner): void {
    this.register(
      {
        userId: owner.userId,
        sessionId: owner.sessionId,
        alive: true,
        connectionId: randomUUID(),
        viewing: null,
        boardServed: this.boardVersion,
        held: null,
      },
      ws,
    );
    // A change heard while the session was being read may have ended it: check it again.
    if (this.sessionChangesHeard !== owner.changesHeardBefore) this.checkSessions([ws]);
  }

  /** The client said which chat room its page shows: kept, then acknowledged. */
  async viewing(ws: WebSocket, roomId: number | null): Promise<void> {
    const client = this.clients.get(ws);
    if (!client) return;
    await this.setViewing(client, roomId);
    this.sendTo(ws, JSON.stringify({ type: 'viewing', roomId } satisfies ServerMessage));
  }

  private originAllowed(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (!origin) return true; // not a browser page: the cookie is what authenticates
    try {
      return new URL(origin).host === request.headers.host || this.config.webOrigins.includes(origin);
    } catch {
      return false;
    }
  }

  private register(client: Client, ws: WebSocket): void {
    const set = this.sockets.get(client.userId) ?? new Set<WebSocket>();
    const first = set.size === 0;
    set.add(ws);
    this.sockets.set(client.userId, set);
    this.clients.set(ws, client);
    ws.on('pong', () => (client.alive = true));
    ws.on('close', () => {
      client.held = null;
      this.toCheck.delete(ws);
      void this.setViewing(client, null);
      set.delete(ws);
      if (set.size === 0 && this.sockets.get(client.userId) === set) {
        this.sockets.delete(client.userId);
        void this.presence('leave', [client.userId]);
      }
    });
    ws.on('error', () => ws.terminate());
    if (first) void this.presence('join', [client.userId]);
    ws.send(JSON.stringify({ type: 'connected' } satisfies ServerMessage));
  }

  /**
   * Every 30 s: drops sockets that missed a pong, pings the rest, checks every session (in case a
   * change went unheard: the database connection that listens was lost), renews presence.
   * Each replica beats for its own sockets.
   */
  @Interval('realtime-heartbeat', HEARTBEAT_MS)
  async heartbeatOnce(): Promise<void> {
    const all = [...this.sockets.values()].flatMap((set) => [...set]);
    for (const ws of all) {
      const client = this.clients.get(ws)!;
      if (!client.alive) {
        ws.terminate();
        continue;
      }
      client.alive = false;
      ws.ping();
    }
    this.checkSessions(all);
    await this.sessionsChecked();
    await this.presence('join', [...this.sockets.keys()]);
    await this.renewViewing(all.map((ws) => this.clients.get(ws)!).filter((c) => c.viewing !== null));
  }

  private viewingKey(roomId: number): string {
    return `${this.config.redisPrefix}:viewing:${roomId}`;
  }

  /** One connection's room in view: kept here, and in Redis (per connection, with a TTL) for the other replicas. */
  private async setViewing(client: Client, roomId: number | null): Promise<void> {
    const previous = client.viewing;
    if (previous === roomId) return; // nothing changed: no write
    client.viewing = roomId;
    if (!this.publisher || this.publisher.status !== 'ready') return;
    const member = `${client.userId}:${client.connectionId}`;
    const pipeline = this.publisher.pipeline();
    if (previous !== null && previous !== roomId) pipeline.zrem(this.viewingKey(previous), member);
    if (roomId !== null)
      pipeline.zadd(this.viewingKey(roomId), Date.now() + PRESENCE_TTL_MS, member).pexpire(this.viewingKey(roomId), PRESENCE_TTL_MS);
    await pipeline.exec().catch((error: Error) => this.logger.warn(`viewing: ${error.message}`));
  }

  private async renewViewing(clients: Client[]): Promise<void> {
    if (!this.publisher || this.publisher.status !== 'ready' || !clients.length) return;
    const pipeline = this.publisher.pipeline();
    for (const client of clients) {
      const key = this.viewingKey(client.viewing!);
      pipeline.zadd(key, Date.now() + PRESENCE_TTL_MS, `${client.userId}:${client.connectionId}`).pexpire(key, PRESENCE_TTL_MS);
    }
    await pipeline.exec().catch((error: Error) => this.logger.warn(`viewing: ${error.message}`));
  }

  /** The users with a page showing this chat room, on any connection of any replica. */
  async viewersOf(roomId: number): Promise<Set<number>> {
    const viewers = new Set<number>();
    for (const set of this.sockets.values())
      for (const ws of set) {
        const client = this.clients.get(ws);
        if (client?.viewing === roomId && ws.readyState === WebSocket.OPEN) viewers.add(client.userId);
      }
    if (!this.publisher || this.publisher.status !== 'ready') return viewers;
    try {
      const members = await this.publisher.zrangebyscore(this.viewingKey(roomId), Date.now(), '+inf');
      for (const member of members) viewers.add(Number(member.split(':')[0]));
    } catch (error) {
      this.logger.warn(`viewers: ${error instanceof Error ? error.message : error}`);
    }
    return viewers;
  }

  private openSockets(): WebSocket[] {
    return [...this.sockets.values()].flatMap((set) => [...set]).filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  /**
   * The database said sessions changed (the triggers of the Performance migration, on every
   * replica): 's:<sid>' a session row updated or deleted (logout, revocation, a password change
   * ending the others), 'u:<id>' a user row updated or deleted (approval withdrawn, rejection),
   * '*' anything else. The sockets concerned hold their messages until their session is checked:
   * a message sent after the change (a board commit heard right after it) never reaches a session
   * that ended, and the socket closes at once instead of at the next heartbeat.
   */
  private sessionChanged(payload: string): void {
    this.sessionChangesHeard++;
    const sockets = this.openSockets();
    if (payload.startsWith('s:')) {
      const sid = payload.slice(2);
      this.checkSessions(sockets.filter((ws) => this.clients.get(ws)?.sessionId === sid));
    } else if (payload.startsWith('u:')) {
      const userId = Number(payload.slice(2));
      this.checkSessions(sockets.filter((ws) => this.clients.get(ws)?.userId === userId));
    } else {
      this.checkSessions(sockets);
    }
  }

  /** Holds these sockets' messages and checks their sessions (with any already waiting) in one query. */
  private checkSessions(sockets: WebSocket[]): void {
    for (const ws of sockets) {
      const client = this.clients.get(ws);
      if (!client || ws.readyState !== WebSocket.OPEN) continue;
      client.held ??= [];
      this.toCheck.add(ws);
    }
    if (this.checking || !this.toCheck.size) return;
    const batch = [...this.toCheck];
    this.toCheck.clear();
    this.checking = this.closeEndedSessions(batch)
      .catch((error: Error) => {
        // Not known to have ended: deliver what was held (the heartbeat checks again).
        this.logger.warn(`session check: ${error.message}`);
        for (const ws of batch) this.release(ws);
      })
      .finally(() => {
        this.checking = null;
        this.checkSessions([]);
      });
  }

  /** Resolves once no session check is under way or waiting. */
  private async sessionsChecked(): Promise<void> {
    while (this.checking) await this.checking;
  }

  private async closeEndedSessions(sockets: WebSocket[]): Promise<void> {
    const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN);
    if (!open.length) return;
    const ids = [...new Set(open.map((ws) => this.clients.get(ws)!.sessionId))];
    const valid = await this.sessions.stillOpen(ids);
    for (const ws of open) {
      const client = this.clients.get(ws)!;
      if (valid.has(client.sessionId)) {
        this.release(ws);
      } else {
        client.held = null;
        ws.close(WS_SESSION_ENDED, 'Sessão encerrada');
      }
    }
  }

  /** Sends what a socket held while its session was checked, unless another check of it is waiting. */
  private release(ws: WebSocket): void {
    const client = this.clients.get(ws);
    if (!client?.held || this.toCheck.has(ws)) return;
    const held = client.held;
    client.held = null;
    for (const text of held) this.sendTo(ws, text);
  }

  /** Sends to one socket now, or holds the message while its session is being checked. */
  private sendTo(ws: WebSocket, text: string): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    const client = this.clients.get(ws);
    if (!client?.held) return ws.send(text);
    if (client.held.length < MAX_HELD) client.held.push(text);
    else {
      // The check takes far too long (the database hangs): the client reconnects and resyncs.
      client.held = null;
      ws.close(WS_TRY_AGAIN_LATER, 'Tente novamente');
    }
  }

  private presenceKey(userId: number): string {
    return `${this.config.redisPrefix}:online:${userId}`;
  }

  private async presence(change: 'join' | 'leave', userIds: number[]): Promise<void> {
    if (!this.publisher || this.publisher.status !== 'ready' || !userIds.length) return;
    const pipeline = this.publisher.pipeline();
    for (const userId of userIds) {
      if (change === 'leave') pipeline.zrem(this.presenceKey(userId), this.replicaId);
      else
        pipeline
          .zadd(this.presenceKey(userId), Date.now() + PRESENCE_TTL_MS, this.replicaId)
          .pexpire(this.presenceKey(userId), PRESENCE_TTL_MS);
    }
    await pipeline.exec().catch((error: Error) => this.logger.warn(`presence: ${error.message}`));
  }

  /** Whether the user has an open socket on any replica (this one, or another per Redis). */
  async isOnline(userId: number): Promise<boolean> {
    if ((this.sockets.get(userId)?.size ?? 0) > 0) return true;
    if (!this.publisher || this.publisher.status !== 'ready') return false;
    try {
      return (await this.publisher.zcount(this.presenceKey(userId), Date.now(), '+inf')) > 0;
    } catch {
      return false;
    }
  }

  /** This replica's open sockets (each replica feeds its own: the board feed reads PostgreSQL, not Redis). */
  localSockets(): LocalSocket[] {
    const out: LocalSocket[] = [];
    for (const set of this.sockets.values())
      for (const ws of set) {
        const client = this.clients.get(ws);
        if (!client || ws.readyState !== WebSocket.OPEN) continue;
        out.push({
          userId: client.userId,
          get boardServed() {
            return client.boardServed;
          },
          set boardServed(version: number) {
            client.boardServed = version;
          },
          send: (text) => this.sendTo(ws, text),
        });
      }
    return out;
  }

  sendToUser(userId: number, payload: ServerMessage): void {
    this.publish({ userIds: [userId], payload });
  }

  /** One message to the sockets of these users only (one publish whatever their number). */
  sendToUsers(userIds: number[], payload: ServerMessage): void {
    if (userIds.length) this.publish({ userIds, payload });
  }

  private publish(envelope: Envelope): void {
    if (this.publisher && this.publisher.status === 'ready') {
      // Our own subscriber hears it too, so every replica (this one included) delivers once.
      this.publisher.publish(this.channel, JSON.stringify(envelope)).catch(() => this.deliverLocally(envelope));
    } else {
      this.deliverLocally(envelope);
    }
  }

  private deliverLocally({ userIds, payload }: Envelope): void {
    const text = JSON.stringify(payload);
    const sets = userIds.map((id) => this.sockets.get(id) ?? new Set<WebSocket>());
    const targets = sets.flatMap((s) => [...s]);
    for (const ws of targets) this.sendTo(ws, text);
  }

  /**
   * Stops taking sockets and closes the open ones with SERVICE_RESTART; resolves once they are
   * closed (a client that does not answer the close within `timeoutMs` is cut).
   */
  async closeAll(timeoutMs = 2000): Promise<void> {
    this.closing = true;
    const open = [...this.sockets.values()].flatMap((set) => [...set]);
    if (!open.length) return;
    await this.presence('leave', [...this.sockets.keys()]);
    await Promise.all(
      open.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            const cut = setTimeout(() => ws.terminate(), timeoutMs);
            ws.once('close', () => (clearTimeout(cut), resolve()));
            ws.close(WS_SERVICE_RESTART, 'Servidor reiniciando');
          }),
      ),
    );
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    await this.sessionChanges.close();
    await this.checking;
    await this.presence('leave', [...this.sockets.keys()]);
    for (const set of this.sockets.values()) for (const ws of set) ws.close(WS_SERVICE_RESTART, 'Servidor reiniciando');
    this.sockets.clear();
    this.subscriber?.disconnect();
    this.publisher?.disconnect();
  }
}
