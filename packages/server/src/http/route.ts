import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BodyOf, HasResponse, ParamsOf, QueryOf, ResponseOf, RouteDef } from '@basalt/shared';
import { lazySerializer } from './serializer.js';
import type { ServerContext } from '../context.js';
import { authenticateDeveloper, type AuthedDeveloper } from './auth.js';
import { assertOperation, loadAppAccess, type AppAccess } from './dev-access.js';

declare module 'fastify' {
  interface FastifyRequest {
    developer?: AuthedDeveloper;
    appAccess?: AppAccess;
  }
}

/** Names of the routes that have a handler; the contract test compares it with the declarations. */
export const registeredRouteNames = new Set<string>();

export interface Authed<P = Record<string, string>, Q = Record<string, unknown>, B = any> {
  req: FastifyRequest;
  reply: FastifyReply;
  params: P;
  query: Q;
  body: B;
  /** Set on `developer` routes. */
  developer: AuthedDeveloper;
  /** Set on routes whose path has `:appId`. */
  access: AppAccess;
}

export type Handler<P, Q, B> = (ctx: Authed<P, Q, B>) => Promise<unknown> | unknown;

/**
 * What a typed handler may return: the route's answer (sent with its response schema), `undefined`
 * (204), or the reply when it answered itself (a file, a stream, a status of its own).
 */
export type AnswerOf<R> = HasResponse<R> extends true ? ResponseOf<R> | FastifyReply | undefined | void : unknown;

/** The handler of a declared route: params, query and body typed from its schemas. */
export type RouteHandler<R extends RouteDef> = (
  ctx: Authed<ParamsOf<R>, QueryOf<R>, BodyOf<R>>,
) => Promise<AnswerOf<R>> | AnswerOf<R>;

/**
 * Registers the handler of a declared route: authentication, app access and the developer-team
 * permission check happen here, once, for every route (a handler never repeats them).
 * A handler answers by returning a value (sent as JSON) or by using `reply` itself. Every type of
 * the handler comes from the route's declaration (`ParamsOf`, `QueryOf`, `BodyOf`, `ResponseOf`).
 */
export function handle<const R extends RouteDef>(
  app: FastifyInstance,
  ctx: ServerContext,
  route: R,
  handler: RouteHandler<R>,
): void {
  registeredRouteNames.add(route.name);
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.response ? { response: { '2xx': route.response } } : {}),
    },
    // Serialisers are built on a route's first answer, not at start: most routes of a process are
    // never called, and building ~250 of them would slow every start (tests start many servers).
    ...(route.response ? { serializerCompiler: lazySerializer } : {}),
    // Authentication runs before the body is read or validated: a caller without a valid key gets
    // 401 (not a 400 about its body), and an anonymous client cannot make us parse a large payload.
    onRequest: async (req) => {
      if (route.auth !== 'developer') return;
      req.developer = await authenticateDeveloper(ctx, req);
      const params = (req.params ?? {}) as Record<string, string>;
      if (params.appId !== undefined) {
        req.appAccess = await loadAppAccess(ctx.dbs, req.developer.id, params.appId);
        if (route.devPermission !== undefined && req.method !== 'GET')
          assertOperation(req.appAccess, route.devPermission);
      }
    },
    handler: async (req, reply) => {
      const result = await handler({
        req,
        reply,
        // Fastify validated each part against the route's schema before this runs.
        params: (req.params ?? {}) as ParamsOf<R>,
        query: (req.query ?? {}) as QueryOf<R>,
        body: req.body as BodyOf<R>,
        developer: req.developer as AuthedDeveloper,
        access: req.appAccess as AppAccess,
      });
      if (reply.sent) return reply;
      if (result === undefined) return reply.status(204).send();
      return result;
    },
  });
}

/**
 * Answers any JSON value, `null` and bare strings included: Fastify would send a string as plain
 * text and an undefined as an empty body, which clients could not parse as JSON.
 */
export function sendJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(value ?? null));
}
