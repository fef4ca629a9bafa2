import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { ACCESS_RULE } from '../src/platform/access/access.decorators';
import { startTestApp, type TestContext } from './utils/test-app';

/** Every handler of every controller, present and future, declares who may call it. */
describe('routes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('declare an access rule on each handler or its controller', () => {
    const discovery = ctx.app.get(DiscoveryService);
    const reflector = ctx.app.get(Reflector);
    const missing: string[] = [];
    let handlers = 0;
    for (const wrapper of discovery.getControllers()) {
      const controller = wrapper.metatype as new (...args: unknown[]) => unknown;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        handlers += 1;
        const rule = reflector.getAllAndOverride(ACCESS_RULE, [handler, controller]);
        if (!rule) missing.push(`${RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler)]} ${controller.name}.${name}`);
      }
    }
    expect(handlers).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  /**
   * Express tries routes in the order Nest registered them (module by module): a param route
   * registered first would take a static path of the same method meant for a later route (GET
   * /api/time-entries/:id before the analytics module's GET /api/time-entries/timesheet).
   */
  it('no route is shadowed by a param route registered before it', () => {
    const express = ctx.app.getHttpAdapter().getInstance() as {
      router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    };
    const routes = express.router.stack.flatMap((layer) =>
      layer.route ? Object.keys(layer.route.methods).map((method) => ({ method, path: layer.route!.path })) : [],
    );
    const matcher = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    const shadowed: string[] = [];
    routes.forEach((route, i) => {
      for (const earlier of routes.slice(0, i)) {
        if (
          earlier.method === route.method &&
          earlier.path !== route.path &&
          earlier.path.includes(':') &&
          matcher(earlier.path).test(route.path)
        )
          shadowed.push(`${route.method.toUpperCase()} ${route.path} behind ${earlier.path}`);
      }
    });
    expect(routes.some((r) => r.method === 'get' && r.path === '/api/time-entries/timesheet')).toBe(true);
    expect(shadowed).toEqual([]);
  });
});
