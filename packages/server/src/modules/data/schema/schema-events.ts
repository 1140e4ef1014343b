import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import { ApiError } from '../../../http/api-error.js';
import { readAuthKey } from '../../../http/auth.js';
import { loadAppAccess } from '../../../http/dev-access.js';
import { sha256 } from '../../../http/secrets.js';

/** A comment line this often keeps proxies and browsers from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** Open streams one developer may hold (tabs, apps); one more is refused with 429. */
export const MAX_STREAMS_PER_DEVELOPER = 20;
/** Open streams of the whole process. */
const MAX_STREAMS = 5_000;
/** Changes within this time after an event are sent as one more event (a burst of new columns). */
const COALESCE_MS = 150;

interface Stream {
  appId: string;
  developerId: string;
  req: FastifyRequest;
  res: ServerResponse;
  /** An event is due (waiting out `COALESCE_MS`). */
  timer?: NodeJS.Timeout;
  heartbeat: NodeJS.Timeout;
  closed: boolean;
}

/**
 * `GET /{appId}/console/data/schema/events` (decision 0037): the console's live view of an app's
 * schema. The stream listens to the invalidation bus's `schema` kind, so it hears every change of
 * the app made anywhere — console, app API writes of the dynamic schema, another server process
 * through Redis — and writes `event: schema` with no state: the console reloads the schema itself,
 * through the ordinary authenticated routes. A drop of every app (a reconnect to Redis after a
 * gap) is sent to every stream.
 *
 * The stream lives as long as its right to exist: on every change of console access (logout,
 * session revoked, team member removed, app deleted) and on every heartbeat the session and the
 * app access are checked again, without touching the session's last use (an open tab must not
 * keep an idle session alive), and the stream ends when either is gone.
 */
export function registerSchemaEvents(app: FastifyInstance, ctx: ServerContext): void {
  const streams = new Set<Stream>();
  const bus = ctx.cluster.invalidation;

  const end = (s: Stream) => {
    if (s.closed) return;
    s.closed = true;
    clearTimeout(s.timer);
    clearInterval(s.heartbeat);
    streams.delete(s);
    if (!s.res.writableEnded) s.res.end();
  };

  const write = (s: Stream, text: string) => {
    if (s.closed) return;
    if (s.res.destroyed) return end(s);
    s.res.write(text);
  };

  const announce = (s: Stream) => {
    if (s.timer || s.closed) return;
    s.timer = setTimeout(() => {
      s.timer = undefined;
      write(s, `event: schema\ndata: ${JSON.stringify({ appId: s.appId, generation: bus.generation(s.appId) })}\n\n`);
    }, COALESCE_MS);
  };

  /** True while the stream's session is valid and its developer still has the app. */
  const stillAllowed = async (s: Stream): Promise<boolean> => {
    const key = readAuthKey(s.req);
    if (!key) return false;
    const row = await ctx.dbs.system.selectFrom('dev_sessions').select(['developer_id', 'last_used'])
      .where('key_hash', '=', sha256(key)).executeTakeFirst();
    if (!row || row.developer_id !== s.developerId || Date.now() - row.last_used > ctx.config.sessionIdleMs) return false;
    try {
      await loadAppAccess(ctx.dbs, s.developerId, s.appId);
      return true;
    } catch {
      return false;
    }
  };
  const recheck = (s: Stream) => {
    stillAllowed(s).then((ok) => {
      if (!ok) end(s);
    }, (err: unknown) => ctx.log.warn({ err }, 'checking an open schema event stream failed'));
  };

  const unregisterSchema = bus.register('schema', (appId) => {
    for (const s of streams) if (appId === null || s.appId === appId) announce(s);
  });
  // Run after every other memory of console access has been dropped for this change.
  const unregisterAccess = bus.register('access', () => {
    if (streams.size > 0) setImmediate(() => streams.forEach(recheck));
  });

  // An open stream would hold the server's close until the client went away.
  app.addHook('preClose', async () => {
    unregisterSchema();
    unregisterAccess();
    for (const s of [...streams]) end(s);
  });

  handle(app, ctx, Routes.tables.schemaEvents, ({ req, reply, params, developer }) => {
    let mine = 0;
    for (const s of streams) if (s.developerId === developer.id) mine++;
    if (mine >= MAX_STREAMS_PER_DEVELOPER) {
      throw ApiError.rateLimited(`At most ${MAX_STREAMS_PER_DEVELOPER} schema event streams may be open at once: close some console tabs`);
    }
    if (streams.size >= MAX_STREAMS) throw ApiError.unavailable('Too many schema event streams are open on this server: try again later');

    // The answer is written by hand from here on; Fastify's hooks that set headers do not run.
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise hold the events back.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    const s: Stream = {
      appId: params.appId,
      developerId: developer.id,
      req,
      res,
      closed: false,
      heartbeat: setInterval(() => {
        write(s, ': ping\n\n');
        recheck(s);
      }, HEARTBEAT_MS),
    };
    s.heartbeat.unref();
    streams.add(s);
    res.on('close', () => end(s));
    // `retry` tells EventSource how soon to come back after a drop; `ready` tells the page it is live
    // (changes from here on are sent), so it reloads once to cover what happened before.
    write(s, `retry: 3000\nevent: ready\ndata: ${JSON.stringify({ appId: s.appId })}\n\n`);
  });
}
