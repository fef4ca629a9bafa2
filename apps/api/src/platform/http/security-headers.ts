import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

const API_PATH = /^\/api(?:[/?]|$)/;

/**
 * The Content-Security-Policy of the SPA, its API and the API docs, over and above helmet's defaults.
 * docker/nginx.conf.template sends the same policy (a test compares the two):
 * - styles inline too: Chakra UI (emotion) writes `<style>` elements and `style` attributes at run time;
 * - images from data: (inline SVG in styles) and blob: (a logo's preview before upload);
 * - fonts from the origin and data: only (the SPA uses the system fonts; helmet's default allows any https: host);
 * - connections to the origin only: CSP Level 3 browsers (Chromium 58+, Firefox 58+, Safari 15.4+) let
 *   'self' match ws: and wss: on the page's own host and port, which is where `/ws` is;
 * - no page may frame these ('none', and X-Frame-Options: DENY below): no one embeds 'Aprovar' or 'Revelar senha'.
 * `upgrade-insecure-requests` is added only to responses that went out over https (see below).
 */
export const CSP_DIRECTIVES = {
  fontSrc: ["'self'", 'data:'],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  connectSrc: ["'self'"],
  scriptSrc: ["'self'"],
};

function helmetOptions(overHttps: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { directives: { ...CSP_DIRECTIVES, upgradeInsecureRequests: overHttps ? [] : null } },
    xFrameOptions: { action: 'deny' },
    // A browser ignores Strict-Transport-Security received over http, and telling it to upgrade over http
    // would send it to an https that may not exist (a plain-http deployment): both only over https.
    strictTransportSecurity: overHttps,
  };
}

/** The headers helmet sets on a response, recorded once (helmet's output never changes for static options). */
function recordHeaders(middleware: RequestHandler): { set: [string, string | string[]][]; removed: string[] } {
  const set: [string, string | string[]][] = [];
  const removed: string[] = [];
  let error: unknown = 'not called';
  const probe = {
    setHeader: (name: string, value: string | string[]) => set.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  };
  middleware({ method: 'GET', url: '/api', headers: {} } as Request, probe as unknown as Response, (err?: unknown) => (error = err));
  if (error !== undefined) throw new Error(`helmet did not complete on the probe response: ${String(error)}`);
  return { set, removed };
}

/**
 * helmet's headers on every response, in two sets chosen by `req.secure` (https, as the client reached
 * the proxy when `trust proxy` believes its X-Forwarded-Proto): over https with Strict-Transport-Security
 * and `upgrade-insecure-requests`, over plain http without them. /api responses replay headers recorded
 * at start-up: helmet runs a dozen middlewares per request and rebuilds the CSP string each time, for
 * the same output. Other paths (the SPA's files, the API docs) still go through helmet itself.
 */
export function securityHeaders(): RequestHandler {
  const overHttps = helmet(helmetOptions(true));
  const overHttp = helmet(helmetOptions(false));
  const recorded = { https: recordHeaders(overHttps), http: recordHeaders(overHttp) };

  return (req: Request, res: Response, next: NextFunction) => {
    if (!API_PATH.test(req.url)) return (req.secure ? overHttps : overHttp)(req, res, next);
    const { set, removed } = req.secure ? recorded.https : recorded.http;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

/** The security headers of a response over plain http, by lower-case name (for comparing nginx's with them). */
export function plainHttpSecurityHeaders(): Record<string, string> {
  return Object.fromEntries(recordHeaders(helmet(helmetOptions(false))).set.map(([name, value]) => [name.toLowerCase(), String(value)]));
}
