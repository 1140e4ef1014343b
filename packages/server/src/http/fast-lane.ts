import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { appApiErrorBody, knownCaller, knownOpenKey, userCaller, type AppCaller } from './app-auth.js';
import { errorAnswer } from './error-handler.js';
import { parseJsonBody } from './json-body.js';
import { knownApiKey } from '../modules/apps/index.js';
import type { MeterTag } from '../modules/analytics/meter.js';
import { corsHeaders } from '../modules/settings/domains/cors-origins.js';

/** How the lane's two actions are metered: as the Fastify routes they stand for. */
const FIND_TAG: MeterTag = Object.freeze({ service: 'data', method: 'find' });
const CREATE_TAG: MeterTag = Object.freeze({ service: 'data', method: 'create' });

/** What the lane answers: a single-record create and a find, by the app API's own routes' work. */
export type LaneAction = 'create' | 'find';
/**
 * The app API module's work for an action (`AppData.create`, `AppData.find` with its body rule);
 * `res` is the response being answered, whose client going away stops a find's reads (0017).
 */
export type LaneHandler = (caller: AppCaller, table: string, body: unknown, res: ServerResponse) => Promise<unknown>;

/** Log levels at which Fastify writes a line per request. */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);
/** `/{appId}/{apiKey}/data/{table}` (create) and `…/{table}/find`; no query, no trailing or doubled slash. */
const LANE_PATH = /^\/([A-Za-z0-9-]{1,64})\/([A-Za-z0-9-]{1,64})\/data\/([A-Za-z_][A-Za-z0-9_]{0,63})(\/find)?$/;
/** Literal segments Fastify routes at the table's place: those requests keep Fastify's routing. */
const LITERALS = new Set(['bulk', 'bulkupsert', 'find', 'count', 'upsert']);
/** The JSON content types clients send (the SDKs send the first); any other goes to Fastify. */
const JSON_TYPES = new Set([
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=utf-8',
  'application/json; charset=UTF-8',
  'application/json;charset=UTF-8',
]);

/**
 * The app API's fast lane (decision 0015): a single-record create and a find of the app API, the
 * hottest write and read an app makes, answered without Fastify's per-request machinery when
 * everything needed to decide the key is already known: the key is a known key of the app, the app
 * is known not to be in panic mode, the body is JSON of a declared length within the body limit.
 * Anything else (a first request of a key, panic, another content type, a query string, a server
 * closing) is handed to Fastify unchanged and answered there. A user token is taken too (decision
 * 0025): its session is looked up for every request by `userCaller`, as Fastify's routes do.
 *
 * It is not a second pipeline: authentication is `knownCaller` or `userCaller` (the functions
 * Fastify's routes use), the work is the routes' own (`AppData.create`, `AppData.find`), errors go through
 * `errorAnswer` and `appApiErrorBody` (the error handler and the app API's onSend hook use the
 * same two), and JSON bodies are read by `parseJsonBody`, as Fastify's parser reads them.
 * fast-lane.test.ts sends every kind of request both ways and compares the answers.
 *
 * Keep it so: a change to how the app API handles requests (a hook in `installAppApiHooks`, a
 * content-type rule, a header) must be mirrored here, or make `take` hand such requests over, and
 * get a case in fast-lane.test.ts.
 */
export class FastLane {
  private readonly handlers = new Map<LaneAction, LaneHandler>();
  private closing = false;
  /** Requests answered here since start (tests read it to know which way a request went). */
  taken = 0;

  constructor(private readonly ctx: ServerContext) {}

  /** Called by the app API module with the work of each action; until then those go to Fastify. */
  serve(action: LaneAction, handler: LaneHandler): void {
    this.handlers.set(action, handler);
  }

  /** From the server's preClose: new requests go to Fastify, which answers 503 while closing. */
  close(): void {
    this.closing = true;
  }

  /** Takes the request when it is one the lane can answer; false leaves it to Fastify. */
  take(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'POST' || this.closing || !this.ctx.config.fastLane) return false;
    const m = LANE_PATH.exec(req.url ?? '');
    if (!m || LITERALS.has(m[3])) return false;
    const handler = this.handlers.get(m[4] ? 'find' : 'create');
    if (!handler) return false;
    const type = req.headers['content-type'];
    const length = Number(req.headers['content-length']);
    if (
      !type ||
      !JSON_TYPES.has(type) ||
      !(length > 0) ||
      length > this.ctx.config.bodyLimit ||
      req.headers['transfer-encoding']
    )
      return false;
    // The token as `userTokenOf` reads it for Fastify's routes (the same header object).
    const header = req.headers['user-token'];
    const raw = Array.isArray(header) ? header[0] : header;
    const token = raw && raw !== 'null' && raw !== 'undefined' ? raw : null;
    const caller = token ? undefined : knownCaller(this.ctx, m[1], m[2]);
    const key = token ? knownOpenKey(this.ctx, m[1], m[2]) : undefined;
    if (!caller && !key) return false;
    // CORS as the app API's onSend hook answers it, when the app's origins are in memory.
    const rule = this.ctx.cors.known(m[1]);
    if (rule === undefined) return false;
    const cors = corsHeaders(rule, req.headers.origin);
    this.taken++;
    const table = m[3];
    // Plan limits on calls, counted on arrival as the app API's step does (app-auth.ts `planGate`).
    const gate = this.ctx.plans.gate;
    const verdict = gate ? gate.admit(key?.appId ?? caller!.appId) : undefined;
    const started = performance.now();
    const meter = this.ctx.meter;
    if (meter.enabled) {
      // As the app API's metering hooks do (app-auth.ts): counted in memory when answered.
      const found = key ?? knownApiKey(this.ctx, m[1], m[2]);
      const tag = m[4] ? FIND_TAG : CREATE_TAG;
      meter.started(m[1]);
      res.once('close', () =>
        meter.answered(m[1], found?.appId, found?.deviceType, tag, res.statusCode, performance.now() - started),
      );
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      let body: unknown;
      try {
        body = parseJsonBody(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8'));
      } catch (err) {
        // As Fastify does when a body cannot be parsed: the connection is not used again.
        res.setHeader('connection', 'close');
        return this.fail(req, res, err, started, cors);
      }
      let pending: Promise<unknown>;
      // As the routes do: a find's reads are handed `res` and stop when its client goes away.
      // A token is decided after the body is read, as in Fastify (a bad body is a 400 first).
      const run = () =>
        caller
          ? handler(caller, table, body, res)
          : userCaller(this.ctx, key!, m[2], token as string).then((c) => handler(c, table, body, res));
      try {
        pending =
          verdict === undefined
            ? run()
            : Promise.resolve(verdict).then((r) => {
                if (!r) return run();
                res.setHeader('retry-after', String(r.retryAfterSeconds));
                throw r.error;
              });
      } catch (err) {
        // A handler that refuses before its first await throws here rather than rejecting.
        return this.fail(req, res, err, started, cors);
      }
      pending
        .then((result) => this.answer(req, res, 200, JSON.stringify(result), started, cors))
        .catch((err: unknown) => this.fail(req, res, err, started, cors));
    });
    return true;
  }

  private fail(
    req: IncomingMessage,
    res: ServerResponse,
    err: unknown,
    started: number,
    cors: Record<string, string>,
  ): void {
    const answer = errorAnswer(err as Error);
    if (answer.log) this.ctx.log.error({ err, req: { method: req.method, url: req.url } }, 'App API request failed');
    if (res.headersSent) return void res.destroy();
    this.answer(req, res, answer.status, JSON.stringify(appApiErrorBody(answer.body, answer.status)), started, cors);
  }

  private answer(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    text: string,
    started: number,
    cors: Record<string, string>,
  ): void {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      // As the app API's onSend hook does (the app's CORS origins, decision 0062).
      ...cors,
    });
    res.end(text);
    // Fastify logs each request it answers at `info`; the lane writes the same line at that level.
    if (LOGS_REQUESTS.has(this.ctx.log.level)) {
      this.ctx.log.info(
        {
          req: { method: req.method, url: req.url },
          res: { statusCode: status },
          responseTime: performance.now() - started,
        },
        'request completed',
      );
    }
  }
}

/**
 * Puts the lane in front of Fastify on the server Fastify made: its request listener is replaced
 * by one that offers each request to the lane first and hands the rest to Fastify's. Fastify keeps
 * its server, timeouts, client-error handling and closing; a server bound later for a second
 * address (`localhost` on IPv4 and IPv6) serves everything through Fastify.
 */
export function installFastLane(app: FastifyInstance, ctx: ServerContext): FastLane {
  const lane = new FastLane(ctx);
  const listeners = app.server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  if (listeners.length !== 1) {
    ctx.log.warn('The app API fast lane is off: the HTTP server has no single request listener');
    return lane;
  }
  const [fastify] = listeners;
  app.server.removeAllListeners('request');
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!lane.take(req, res)) fastify(req, res);
  });
  app.addHook('preClose', (done) => {
    lane.close();
    done();
  });
  return lane;
}
