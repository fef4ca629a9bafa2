import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { ACCESS_RULE } from '../src/auth/access.decorators';
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
});
