import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { Pool } from 'pg';
import type { Request, RequestHandler } from 'express';
import type { AppConfig } from '../config/app-config';
import './session.types';

export const SESSION_COOKIE = 'wkflow.sid';
export const SESSION_TABLE = 'session';
const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** express-session with its store in PostgreSQL: restarts and replicas keep users logged in. */
export function sessionMiddleware(config: AppConfig, pool: Pool): RequestHandler {
  const PgStore = connectPgSimple(session);
  return session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store: new PgStore({ pool, tableName: SESSION_TABLE, createTableIfMissing: false, pruneSessionInterval: 15 * 60 }),
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
