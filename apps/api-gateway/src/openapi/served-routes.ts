import { RequestMethod, type Type } from '@nestjs/common';
import { GUARDS_METADATA, PATH_METADATA, PARAMTYPES_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { MetadataScanner } from '@nestjs/core';
import { PathsExplorer } from '@nestjs/core/router/paths-explorer';

/** One HTTP route as Nest's router registers it, with what its handler reads from the request. */
export interface ServedRoute {
  method: string;
  /** The Express path, e.g. `/v2/crawl/:id`. */
  path: string;
  controller: Type<unknown>;
  handlerName: string;
  body?: Type<unknown>;
  query?: Type<unknown>;
  /** Query fields read one by one (`@Query('name')`). */
  queryFields: string[];
  pathParams: string[];
  /** A guard is on the route: it may answer 401 (every guard of the gateway authenticates first). */
  guarded: boolean;
}

interface RouteArgument {
  index: number;
  data?: unknown;
}

function joinPath(...parts: string[]): string {
  const joined = parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter((part) => part.length > 0)
    .join('/');
  return `/${joined}`;
}

function controllerPaths(controller: Type<unknown>): string[] {
  const declared = Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined;
  if (declared === undefined) return ['/'];
  return Array.isArray(declared) ? declared : [declared];
}

function routeArguments(controller: Type<unknown>, handlerName: string): Map<RouteParamtypes, RouteArgument[]> {
  const declared = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {}) as Record<
    string,
    RouteArgument
  >;
  const byType = new Map<RouteParamtypes, RouteArgument[]>();
  for (const [key, argument] of Object.entries(declared)) {
    // Keys are `<paramtype>:<index>`; custom decorators (`@CurrentTeam`) carry a name before the colon.
    const type = Number(key.split(':')[0]);
    if (Number.isNaN(type)) continue;
    byType.set(type, [...(byType.get(type) ?? []), argument]);
  }
  return byType;
}

function isClass(value: unknown): value is Type<unknown> {
  return typeof value === 'function' && ![Object, String, Number, Boolean, Array].includes(value as never);
}

function isGuarded(controller: Type<unknown>, handler: unknown): boolean {
  const onClass = (Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[] | undefined) ?? [];
  const onHandler = (Reflect.getMetadata(GUARDS_METADATA, handler as object) as unknown[] | undefined) ?? [];
  return onClass.length + onHandler.length > 0;
}

/**
 * The routes Nest's router registers for these controllers, read with the router's own path explorer, so the
 * document can never describe a route differently from how it is served.
 */
export function servedRoutes(controllers: readonly Type<unknown>[]): ServedRoute[] {
  const explorer = new PathsExplorer(new MetadataScanner());
  const routes: ServedRoute[] = [];
  for (const controller of controllers) {
    const prototype = controller.prototype as Record<string, unknown>;
    for (const definition of explorer.scanForPaths(Object.create(prototype) as object, prototype)) {
      const { methodName } = definition;
      const parameterTypes = (Reflect.getMetadata(PARAMTYPES_METADATA, prototype, methodName) ?? []) as unknown[];
      const argumentsByType = routeArguments(controller, methodName);
      const classOf = (type: RouteParamtypes): Type<unknown> | undefined => {
        const whole = (argumentsByType.get(type) ?? []).find((argument) => argument.data === undefined);
        const declared = whole ? parameterTypes[whole.index] : undefined;
        return isClass(declared) ? declared : undefined;
      };
      const named = (type: RouteParamtypes): string[] =>
        (argumentsByType.get(type) ?? []).flatMap((argument) =>
          typeof argument.data === 'string' ? [argument.data] : [],
        );
      for (const base of controllerPaths(controller)) {
        for (const path of definition.path) {
          routes.push({
            method: RequestMethod[definition.requestMethod].toLowerCase(),
            path: joinPath(base, path),
            controller,
            handlerName: methodName,
            body: classOf(RouteParamtypes.BODY),
            query: classOf(RouteParamtypes.QUERY),
            queryFields: named(RouteParamtypes.QUERY),
            pathParams: [...joinPath(base, path).matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]),
            guarded: isGuarded(controller, prototype[methodName]),
          });
        }
      }
    }
  }
  return routes;
}
