/**
 * The one fetcher of the app (DESIGN §6, core.md §7): cookies always included, a JSON body with a
 * JSON content type, and a non-OK response throws `Error("<status>: <body text or status text>")`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the base URL set with setApiBaseUrl (default ''). */
  baseUrl?: string;
}

let baseUrl = '';

/** Prefix for every path ('' in the browser: the SPA and the API share one origin). */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/+$/, '');
}

export function getApiBaseUrl(): string {
  return baseUrl;
}

async function send(path: string, options: ApiFetchOptions): Promise<Response> {
  const { method = 'GET', body, signal, baseUrl: base = baseUrl } = options;
  const init: RequestInit = { method, credentials: 'include', signal };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return fetch(`${base}${path}`, init);
}

async function parse<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text || res.statusText}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Any call: a method, a path and an optional JSON body. Resolves to the parsed JSON (null when empty). */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return parse<T>(await send(path, options));
}

/** Like apiFetch, with the response's headers too (the board list's version header). */
export async function apiFetchWithHeaders<T = unknown>(
  path: string,
  options: ApiFetchOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const res = await send(path, options);
  return { data: await parse<T>(res), headers: res.headers };
}

/** The SWR fetcher: the key is the path, a GET parses JSON. */
export function getJson<T = unknown>(path: string): Promise<T> {
  return apiFetch<T>(path);
}

/** Like getJson, but a 401 means "nothing" (used for the current user: 401 = not logged in). */
export async function fetchOrNull401<T = unknown>(path: string, options: Pick<ApiFetchOptions, 'baseUrl'> = {}): Promise<T | null> {
  const res = await send(path, options);
  if (res.status === 401) {
    await res.body?.cancel();
    return null;
  }
  return parse<T>(res);
}

export const NETWORK_ERROR_MESSAGE = 'Não foi possível conectar ao servidor.';

/** The HTTP status of an error thrown by the fetcher, if it is one. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}

/**
 * A read that failed for a reason the user cannot fix by himself: the server was not reached, or it
 * answered 5xx. (4xx answers are the page's own business: a denial screen, a missing task, the login.)
 */
export function isOutage(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const status = errorStatus(error);
  return status !== null && status >= 500;
}

/**
 * "The server message" for toasts: the `message` of the API error body `{statusCode, message,
 * error}` (arrays joined), else the raw body text, else the fallback.
 */
export function errorMessage(error: unknown, fallback = 'Ocorreu um erro inesperado'): string {
  if (!(error instanceof Error)) return fallback;
  if (error instanceof TypeError) return NETWORK_ERROR_MESSAGE; // fetch could not reach the server
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message || fallback;
  const text = match[1].trim();
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body) {
      const message = (body as { message: unknown }).message;
      if (typeof message === 'string' && message) return message;
      if (Array.isArray(message) && message.length) return message.map(String).join('; ');
    }
  } catch {
    // not JSON: the body text itself is the message
  }
  return text || fallback;
}
