import type { Static, TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route. */
export type RouteAuth =
  /** anyone */
  | 'public'
  /** a developer with a valid `auth-key` */
  | 'developer';

/**
 * One console route, declared once. The server registers its handler against this object, the SDK
 * builds its request from it, and a test checks that every declared route has a handler.
 */
export interface RouteDef {
  /** `group.method` of the SDK, e.g. `user.login`. Also the route name in builder errors. */
  name: string;
  method: HttpMethod;
  /** Path template with `:param` placeholders, e.g. `/:appId/console/application`. */
  path: string;
  auth: RouteAuth;
  /** Developer-team operation id (`DevOperations` in `dev-permissions.ts`) that a team member needs for this route; reads need none. */
  devPermission?: number;
  /** Body schema; validated by the server at the edge. */
  body?: TSchema;
  /** Query schema; validated by the server at the edge. */
  query?: TSchema;
  /**
   * Path parameter schema, for parameters that are not plain text (the names come from `path`;
   * without this schema each `:param` is a string).
   */
  params?: TSchema;
  /**
   * Schema of the successful answer. The server gives it to Fastify, which serialises with it (so
   * a field it does not declare is never sent); the SDK's method answers its type; the handler must
   * return it. Open shapes (records, whose columns are the app's) say `additionalProperties: true`.
   */
  response?: TSchema;
  /** Short human description (used in docs and the OpenAPI document). */
  summary?: string;
  /**
   * The product area (an `Areas` id) of a route declared before its area is built. Until a module
   * registers a handler for it, the server answers the route `501 NOT_AVAILABLE_YET` naming that
   * area; the contract test allows such a stand-in only while `/console/status` does not report
   * the area as available.
   */
  area?: string;
}

/** The `:param` names of a path template, as a union of string literal types. */
type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamNames<Tail>
    : Rest
  : never;

/** `{ appId: string; name: string }` for `/:appId/console/counters/:name`. */
export type PathParamsOf<P extends string> = string extends P
  ? Record<string, string>
  : { [K in ParamNames<P>]: string };

/**
 * The types a route's schemas describe, so the server's handler and the SDK's method read them
 * from the declaration instead of repeating them by hand.
 */
export type ParamsOf<R> = R extends { params: infer S extends TSchema }
  ? Static<S>
  : R extends { path: infer P extends string }
    ? PathParamsOf<P>
    : Record<string, string>;
/** The query's type; a route without a query schema reads no query. */
export type QueryOf<R> = R extends { query: infer S extends TSchema } ? Static<S> : Record<string, never>;
/** The body's type; a route without a body schema reads no body. */
export type BodyOf<R> = R extends { body: infer S extends TSchema } ? Static<S> : unknown;
/**
 * The successful answer's type. A route still without a response schema answers `any`, so its
 * callers compile until it gets one (`contract.test.ts` lists the routes that still lack one).
 */
export type ResponseOf<R> = R extends { response: infer S extends TSchema } ? Static<S> : any;
/**
 * An object that also takes fields it does not name: the input of a route whose schema is open
 * (`additionalProperties: true`). TypeBox's `Static` drops that option, so an SDK parameter of an
 * open body or query says it with `Open<BodyOf<…>>` (`V`: what the other fields may hold).
 */
export type Open<T, V = unknown> = T & { [field: string]: V };

/**
 * A scalar as a query string may carry it: numbers and booleans also as text, free text also as a
 * number. A query travels as text and the server coerces it, and the reference client sends what it
 * is given, so a caller holding `'20'` from a URL (or a numeric cursor) keeps compiling. Literal
 * unions (`'asc' | 'desc'`) stay as declared.
 */
type AsQueryText<T> = T extends number | boolean
  ? T | string
  : T extends string
    ? string extends T
      ? string | number
      : T
    : T;

/** Each field of a query object widened by `AsQueryText`. */
export type QueryInput<T> = { [K in keyof T]: AsQueryText<T[K]> };

/** A route's query as an SDK method takes it (see `QueryInput`). */
export type QueryInputOf<R> = QueryInput<QueryOf<R>>;

/** Whether a route declares its answer. */
export type HasResponse<R> = R extends { response: TSchema } ? true : false;

/** Declares a route; only a typed identity so declarations stay plain objects. */
export function defineRoute<const R extends RouteDef>(route: R): R {
  return route;
}

/** The `:param` names of a path template, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}

/**
 * Fills a route's placeholders positionally (the reference client's rule). Values are inserted as
 * given: callers that pass user-supplied names encode them first with `encodeSegment`. Throws
 * `Invalid path params in route [name], arguments: …` when a parameter is missing, so a request
 * never goes out to a path that still holds a placeholder or an empty segment.
 */
export function buildPath(route: Pick<RouteDef, 'name' | 'path'>, ...args: unknown[]): string {
  const names = pathParams(route.path);
  let i = 0;
  let missing = false;
  const out = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, () => {
    const value = args[i++];
    if (value === undefined || value === null || value === '') {
      missing = true;
      return '';
    }
    return String(value);
  });
  if (missing || names.length > args.length || out.includes('/:')) {
    throw new Error(`Invalid path params in route [${route.name}], arguments: ${JSON.stringify(args)}`);
  }
  return out;
}

/** Encodes one identifier path part (table name, file name ...) for use in a URL. */
export function encodeSegment(value: string): string {
  return encodeURIComponent(value);
}

/** Encodes a slash-separated path (files): each part encoded, slashes kept. */
export function encodePath(value: string): string {
  return value.split('/').map(encodeURIComponent).join('/');
}

/** One planned route: verb, path template and, when not `developer`, who may call it. */
export type PlannedRoute = readonly [method: HttpMethod, path: string, auth?: RouteAuth];

/**
 * Declares the routes of an SDK group whose area is not built yet, one `[verb, path]` row per
 * method, named `group.method` and tagged with the area. The server answers each with 501 naming
 * the area until a module handles it; whoever builds the area replaces a row with a full
 * `defineRoute` (body and query schemas, developer permission).
 */
export function plannedRoutes<const T extends Record<string, PlannedRoute>>(
  area: string,
  group: string,
  rows: T,
): { [K in keyof T]: RouteDef } {
  const out: Record<string, RouteDef> = {};
  for (const [method, [verb, path, auth = 'developer']] of Object.entries(rows)) {
    out[method] = { name: `${group}.${method}`, method: verb, path, auth, area };
  }
  return out as { [K in keyof T]: RouteDef };
}
