import type { Request } from 'express';

interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
}
type RouteTable = { pattern: RegExp; methods: Set<string> }[];

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const tables = new WeakMap<object, RouteTable>();

/** Each route path of the Express app (as a pattern) with the methods it answers, read once from its router after Nest mounted the routes. */
function routeTable(router: { stack: RouterLayer[] }): RouteTable {
  const byPath = new Map<string, Set<string>>();
  for (const layer of router.stack) {
    if (!layer.route || typeof layer.route.path !== 'string') continue;
    const methods = byPath.get(layer.route.path) ?? new Set<string>();
    for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') methods.add(method.toUpperCase());
    if (methods.has('GET')) methods.add('HEAD');
    byPath.set(layer.route.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    // Express matches case-insensitively and takes one trailing slash; a :param is one segment.
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`, 'i'),
    methods,
  }));
}

/**
 * The methods the routes at this request's path answer (none when no route has the path): a request
 * no route took, with a path some route has, gets 405 Method Not Allowed with them as its Allow header.
 */
export function allowedMethods(req: Request): string[] {
  const router = (req.app as unknown as { router?: { stack: RouterLayer[] } }).router;
  if (!router) return [];
  let table = tables.get(router);
  if (!table) tables.set(router, (table = routeTable(router)));
  const path = req.originalUrl.split('?')[0];
  const allowed = new Set<string>();
  for (const route of table) if (route.pattern.test(path)) route.methods.forEach((method) => allowed.add(method));
  return METHOD_ORDER.filter((method) => allowed.has(method));
}
