import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import type { Request, Response } from 'express';
import Redis from 'ioredis';
import { type IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { SessionProvider } from '../auth/session.provider';
import { SessionUserService } from '../auth/session-user.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export const WS_PATH = '/ws';
const HEARTBEAT_MS = 30_000;

/** What travels between replicas: to one user's sockets, or to every authenticated socket. */
interface Envelope {
  userId: number | null;
  payload: Record<string, unknown>;
}

/**
 * The /ws endpoint: sockets authenticated by the session cookie, pushes to a user or to everyone,
 * fanned out across replicas through Redis pub/sub (locally without Redis).
 */
@Injectable()
export class RealtimeService implements OnModuleDestroy {
  private readonly logger = new Logger(RealtimeService.name);
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sockets = new Map<number, Set<WebSocket>>();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly channel: string;
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionProvider,
    private readonly users: SessionUserService,
  ) {
    this.channel = `${config.redisPrefix}:events`;
    if (config.redisUrl) {
      const options = { maxRetriesPerRequest: 1, retryStrategy: (n: number) => Math.min(n * 500, 5000) };
      this.publisher = new Redis(config.redisUrl, { ...options, enableOfflineQueue: false });
      this.subscriber = new Redis(config.redisUrl, options);
      this.publisher.on('error', (error) => this.logger.warn(`publisher: ${error.message}`));
      this.subscriber.on('error', (error) => this.logger.warn(`subscriber: ${error.message}`));
      this.subscriber.subscribe(this.channel).catch((error: Error) => this.logger.warn(`subscribe: ${error.message}`));
      this.subscriber.on('message', (_channel, raw) => this.deliverLocally(JSON.parse(raw) as Envelope));
    }
  }

  /** Hooks the upgrade of the app's HTTP server; an anonymous upgrade is refused with 401. */
  attach(app: INestApplication): void {
    const server: Server = app.getHttpServer();
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(request.url ?? '/', 'http://x').pathname !== WS_PATH) return; // not ours
      void this.upgrade(request, socket, head);
    });
    this.heartbeat = setInterval(() => this.ping(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const refuse = (status: string) => {
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
    };
    try {
      const req = request as Request;
      await new Promise<void>((resolve, reject) => this.sessions.handler(req, new ServerResponse(req) as unknown as Response, (error?: unknown) => (error ? reject(error) : resolve())));
      const user = req.session?.userId ? await this.users.load(req.session.userId) : null;
      if (!user) return refuse('401 Unauthorized');
      this.wss.handleUpgrade(request, socket, head, (ws) => this.register(user.id, ws));
    } catch (error) {
      this.logger.warn(`upgrade failed: ${error instanceof Error ? error.message : error}`);
      refuse('500 Internal Server Error');
    }
  }

  private register(userId: number, ws: WebSocket): void {
    const set = this.sockets.get(userId) ?? new Set<WebSocket>();
    set.add(ws);
    this.sockets.set(userId, set);
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    ws.on('close', () => {
      set.delete(ws);
      if (set.size === 0) this.sockets.delete(userId);
    });
    ws.on('error', () => ws.terminate());
    ws.send(JSON.stringify({ type: 'connected' }));
  }

  private ping(): void {
    for (const set of this.sockets.values()) {
      for (const ws of set) {
        if (!this.alive.has(ws)) {
          ws.terminate();
          continue;
        }
        this.alive.delete(ws);
        ws.ping();
      }
    }
  }

  /** Whether the user has an open socket on this replica (chat online/offline). */
  isOnline(userId: number): boolean {
    return (this.sockets.get(userId)?.size ?? 0) > 0;
  }

  sendToUser(userId: number, payload: Record<string, unknown>): void {
    this.publish({ userId, payload });
  }

  broadcast(payload: Record<string, unknown>): void {
    this.publish({ userId: null, payload });
  }

  private publish(envelope: Envelope): void {
    if (this.publisher && this.publisher.status === 'ready') {
      this.publisher.publish(this.channel, JSON.stringify(envelope)).catch(() => this.deliverLocally(envelope));
    } else {
      this.deliverLocally(envelope);
    }
  }

  private deliverLocally({ userId, payload }: Envelope): void {
    const text = JSON.stringify(payload);
    const targets = userId === null ? [...this.sockets.values()].flatMap((s) => [...s]) : [...(this.sockets.get(userId) ?? [])];
    for (const ws of targets) if (ws.readyState === WebSocket.OPEN) ws.send(text);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const set of this.sockets.values()) for (const ws of set) ws.terminate();
    this.wss.close();
    this.subscriber?.disconnect();
    this.publisher?.disconnect();
  }
}
