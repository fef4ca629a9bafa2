import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

const API_PATH = /^\/api(?:[/?]|$)/;

/**
 * helmet, with its headers computed once for /api responses. helmet runs a dozen middlewares per
 * request and rebuilds the CSP string each time; with static options (no function directives,
 * e.g. nonces) its output never changes, so the headers it set on a probe response at start-up are
 * replayed as they are. Other paths (the SPA's HTML, the API docs) still go through helmet itself.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const full = helmet(options);
  const headers: [string, string | string[]][] = [];
  const removed: string[] = [];
  let error: unknown = 'not called';
  const probe = {
    setHeader: (name: string, value: string | string[]) => headers.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  };
  full({ method: 'GET', url: '/api', headers: {} } as Request, probe as unknown as Response, (err?: unknown) => (error = err));
  if (error !== undefined) throw new Error(`helmet did not complete on the probe response: ${String(error)}`);

  return (req: Request, res: Response, next: NextFunction) => {
    if (!API_PATH.test(req.url)) return full(req, res, next);
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
