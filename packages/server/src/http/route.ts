import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDef } from '@basalt/shared';
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
 * Registers the handler of a declared route: authentication, app access and the developer-team
 * permission check happen here, once, for every route (a handler never repeats them).
 * A handler answers by returning a value (sent as JSON) or by using `reply` itself.
 */
export function handle<P = Record<string, string>, Q = Record<string, unknown>, B = any>(
  app: FastifyInstance,
  ctx: ServerContext,
  route: RouteDef,
  handler: Handler<P, Q, B>,
): void {
  registeredRouteNames.add(route.name);
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      ...(route.body ? { body: route.body } : {}),
      ...(route.query ? { querystring: route.query } : {}),
    },
    // Authentication runs before the body is read or validated: a caller without a valid key gets
    // 401 (not a 400 about its body), and an anonymous client cannot make us parse a large payload.
    onRequest: async (req) => {
      if (route.auth !== 'developer') return;
      req.developer = await authenticateDeveloper(ctx, req);
      const params = (req.params ?? {}) as Record<string, string>;
      if (params.appId !== undefined) {
        req.appAccess = await loadAppAccess(ctx.dbs, req.developer.id, params.appId);
        if (route.devPermission !== undefined && req.method !== 'GET') assertOperation(req.appAccess, route.devPermission);
      }
    },
    handler: async (req, reply) => {
      const result = await handler({
        req,
        reply,
        params: (req.params ?? {}) as P,
        query: (req.query ?? {}) as Q,
        body: req.body as B,
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
