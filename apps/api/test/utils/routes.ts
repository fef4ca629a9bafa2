import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { INestApplication } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';

export interface RouteInfo {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** With the global prefix, e.g. /api/tasks/:id/move */
  path: string;
  controller: string;
  handler: string;
  /** The @Body() DTO class, when the handler takes one. */
  bodyType?: Function;
}

function join(...parts: string[]): string {
  return `/${parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
}

/** Every HTTP route of every Nest controller, read from the same metadata Nest routes by. */
export function listRoutes(app: INestApplication): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const wrapper of app.get(DiscoveryService).getControllers()) {
    const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
    if (!controller) continue;
    const base = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '')[0];
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const own = Reflect.getMetadata(PATH_METADATA, handler);
      if (own === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number].toLowerCase() as RouteInfo['method'];
      const args: Record<string, { index: number }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {};
      const bodyArg = Object.entries(args).find(([key]) => key.startsWith(`${RouteParamtypes.BODY}:`));
      const paramTypes: Function[] = Reflect.getMetadata('design:paramtypes', prototype, name) ?? [];
      const bodyType = bodyArg ? paramTypes[bodyArg[1].index] : undefined;
      for (const path of ([] as string[]).concat(own)) {
        routes.push({
          method,
          path: join('api', base, path),
          controller: controller.name,
          handler: name,
          bodyType: bodyType && bodyType !== Object ? bodyType : undefined,
        });
      }
    }
  }
  return routes;
}

/** Fills :params of a path. */
export function fillPath(path: string, value: string): string {
  return path.replace(/:[A-Za-z]+/g, encodeURIComponent(value));
}
