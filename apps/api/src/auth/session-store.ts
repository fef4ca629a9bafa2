import { createHash } from 'node:crypto';
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { Pool } from 'pg';
import type { Request, RequestHandler } from 'express';
import type { AppConfig } from '../platform/config/app-config';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import type { CachedSession, SessionCache } from './session-cache';
import { readSessionWithUser, SESSION_TABLE } from './auth.repository';
import { toAuthenticatedUser } from './session-user.service';
import './session.types';

export const SESSION_COOKIE = 'wkflow.sid';
export { SESSION_TABLE };
const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The stored expiry is renewed at most this often (a renewal is a write on every request otherwise). */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The key a session is stored under: the SHA-256 of its id. The cookie carries the id; someone who
 * reads the table (a backup, a replica) holds only hashes, which no cookie can present.
 */
export function storedSessionId(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

/**
 * The id a session goes by in its user's list (GET /api/auth/sessions): derived from the stored key,
 * so neither the cookie's id nor the table's key leaves the server.
 */
export function listedSessionId(storedId: string): string {
  return createHash('sha256').update(`listed:${storedId}`).digest('base64url').slice(0, 22);
}

/** When a stored session last made a request: its expiry is renewed (to now + the maximum age) at most hourly. */
export function lastSeenAt(expire: Date): Date {
  return new Date(expire.getTime() - SESSION_MAX_AGE_MS);
}

/** What the store read together with the session: its stored expiry and its user (null: gone or not approved). */
interface SessionLoad {
  expire: Date;
  user: AuthenticatedUser | null;
}
const LOADED = Symbol('sessionLoad');
type LoadedSession = session.SessionData & { [LOADED]?: SessionLoad };
type RequestWithLoad = Request & { [LOADED]?: SessionLoad };

/** The user read with this request's session, if the session was loaded from the store in this request. */
export function userLoadedWithSession(request: Request): AuthenticatedUser | null | undefined {
  const load = (request as RequestWithLoad)[LOADED];
  if (!load) return undefined;
  if (!load.user) return null; // the session's user is gone or no longer approved
  return load.user.id === request.session?.userId ? load.user : undefined;
}

/** The session as the request sees it; a symbol key is neither copied into the session object nor saved with it. */
function loaded(entry: CachedSession): LoadedSession {
  const sess = JSON.parse(entry.sess) as LoadedSession;
  sess[LOADED] = { expire: entry.expire, user: entry.user };
  return sess;
}

/**
 * connect-pg-simple under hashed keys (storedSessionId), with the session's user and permissions read in the same query as the session,
 * both kept in the SessionCache while it listens for changes, and the expiry renewed once an hour
 * instead of on every request. Most requests need no session query at all.
 */
export function createStore(pool: Pool, cache: SessionCache): session.Store & { close(): void | Promise<void> } {
  const PgStore = connectPgSimple(session);
  class SessionStore extends PgStore {
    override get(id: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
      const sid = storedSessionId(id);
      const cached = cache.get(sid);
      if (cached) return callback(null, loaded(cached));
      const generation = cache.loadStarted();
      readSessionWithUser(pool, sid).then((row) => {
        if (!row) return callback(null, null);
        const userId = (JSON.parse(row.sess) as session.SessionData).userId ?? null;
        const entry = { sess: row.sess, expire: row.expire, userId, user: toAuthenticatedUser(row.user) };
        cache.put(sid, entry, generation);
        callback(null, loaded(entry));
      }, callback);
    }

    // Forgotten here once written (a load racing the write is not cached); other replicas hear the trigger.
    override set(id: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
      const sid = storedSessionId(id);
      super.set(sid, data, (err?: unknown) => {
        cache.invalidate(`s:${sid}`);
        callback?.(err);
      });
    }

    override destroy(id: string, callback?: (err?: unknown) => void): void {
      const sid = storedSessionId(id);
      super.destroy(sid, (err?: unknown) => {
        cache.invalidate(`s:${sid}`);
        callback?.(err);
      });
    }

    override createSession(request: Request, data: LoadedSession): session.Session & Partial<session.SessionData> {
      (request as RequestWithLoad)[LOADED] = data[LOADED];
      return super.createSession(request, data);
    }

    override touch(id: string, data: session.SessionData, callback?: () => void): void {
      const load = ((data as { req?: RequestWithLoad }).req ?? {})[LOADED];
      if (load && load.expire.getTime() - Date.now() > SESSION_MAX_AGE_MS - TOUCH_INTERVAL_MS) {
        callback?.();
        return;
      }
      super.touch(storedSessionId(id), data, callback);
    }
  }
  return new SessionStore({ pool, tableName: SESSION_TABLE, createTableIfMissing: false, pruneSessionInterval: 15 * 60 });
}

/** express-session with its store in PostgreSQL: restarts and replicas keep users logged in. */
export function sessionMiddleware(config: AppConfig, store: session.Store): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, maxAge: SESSION_MAX_AGE_MS },
  });
}

export function regenerateSession(request: Request): Promise<void> {
  return new Promise((resolve, reject) => request.session.regenerate((error) => (error ? reject(error) : resolve())));
}

export function saveSession(request: Request): Promise<void> {
  return new Promise((resolve, reject) => request.session.save((error) => (error ? reject(error) : resolve())));
}

export function destroySession(request: Request): Promise<void> {
  return new Promise((resolve, reject) => request.session.destroy((error) => (error ? reject(error) : resolve())));
}
