import WebSocket from 'ws';
import type { TestContext } from './test-app';
import { eventually } from './smtp';

export interface LiveMessage {
  type: string;
  notification?: { id: number; type: string; title: string; message: string; soundEnabled: boolean; isRead: boolean };
  taskId?: number;
  roomId?: number;
}

/** Makes the app's HTTP server listen (WebSockets need a real port); returns the /ws URL. */
export async function wsUrl(ctx: TestContext): Promise<string> {
  const server = ctx.app.getHttpServer();
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${server.address().port}/ws`;
}

/** Logs in and returns the session cookie as a Cookie header value. */
export async function sessionCookie(ctx: TestContext, email: string, password: string): Promise<string> {
  const response = await ctx.http.post('/api/auth/login').send({ email, password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

export interface LiveSocket {
  ws: WebSocket;
  messages: LiveMessage[];
  /** The code the socket was closed with (undefined while open). */
  closeCode?: number;
  /** Resolves with the first message (seen or coming) that matches. */
  next(match: (m: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  close(): Promise<void>;
}

/** A real `ws` client on /ws with the given cookie; resolves once the server said 'connected'. */
export async function openSocket(url: string, cookie: string, headers: Record<string, string> = {}): Promise<LiveSocket> {
  const ws = new WebSocket(url, { headers: { Cookie: cookie, ...headers } });
  const messages: LiveMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const live: LiveSocket = {
    ws,
    messages,
    next: (match, timeoutMs = 15_000) => eventually(() => messages.find(match), timeoutMs),
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
  ws.on('close', (code) => (live.closeCode = code));
  await live.next((m) => m.type === 'connected');
  return live;
}

/** The HTTP status a refused upgrade answered with. */
export function refusedStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', () => undefined);
  });
}

/**
 * The close code of the socket once the server closes it, or null when it is still open after
 * `withinMs` (a session that ended must close its sockets at once, not at the next heartbeat).
 */
export function closedWithin(socket: LiveSocket, withinMs: number): Promise<number | null> {
  if (socket.ws.readyState === WebSocket.CLOSED) return Promise.resolve(socket.closeCode ?? null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), withinMs);
    socket.ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
