import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import type { Migration } from 'kysely';
import type { Config } from './config.js';
import type { ServerContext } from './context.js';
import { openDatabases } from './db/dialect.js';
import { systemMigrations } from './db/migrations/index.js';
import { JobScheduler, SCHEDULER_INTERVAL_MS, jobsMigrations } from './jobs/index.js';
import { registerHealthRoutes } from './http/health.js';
import { migrateExistingAppStores } from './db/app-stores.js';
import { EventBus } from './events/bus.js';
import { InterceptorRegistry } from './events/interceptors.js';
import { Mailer } from './mail/mailer.js';
import { openCluster } from './cluster/index.js';
import { shareConsoleAccess } from './http/access-cache.js';
import { installErrorHandler } from './http/error-handler.js';
import { recordRoutes } from './http/route-list.js';
import { installAppApiHooks } from './http/app-auth.js';
import { CacheControlService, installCacheControl } from './modules/cache-control/index.js';
import { installFastLane } from './http/fast-lane.js';
import { Meter } from './modules/analytics/meter.js';
import { parseJsonBody } from './http/json-body.js';
import { installBareBodyParser } from './http/bare-body.js';
import { modules } from './modules/index.js';
import { createDataServices } from './modules/data/index.js';
import { Security } from './modules/security/index.js';
import { createCacheService } from './modules/cache/index.js';
import { createHivesService } from './modules/hives/index.js';
import { PushService } from './modules/messaging/index.js';
import { createAuditService } from './modules/audit/index.js';
import { createLogSink } from './modules/cloudcode/logs/index.js';
import { createDomainMemories, type DomainRouter } from './modules/settings/index.js';
import { registerNotAvailableRoutes, registerSystemRoutes } from './modules/system/index.js';
import { PlansService } from './modules/billing/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    basalt: ServerContext;
  }
}

function merge(lists: Array<Record<string, Migration> | undefined>): Record<string, Migration> {
  const out: Record<string, Migration> = {};
  for (const list of lists) {
    for (const [name, m] of Object.entries(list ?? {})) {
      if (out[name]) throw new Error(`Two migrations are named ${name}`);
      out[name] = m;
    }
  }
  return out;
}

/**
 * Builds the whole server: databases opened and migrated, every module registered. Tests call this
 * and use `inject()`; `main.ts` calls it and listens.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  // Custom domains (decision 0062): a request for an app's own host name is routed by its rewrite.
  const routing: { domains?: DomainRouter } = {};
  const app = Fastify({
    rewriteUrl: (req) => (routing.domains ? routing.domains.rewrite(req) : (req.url ?? '/')),
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 1000 },
    // Unknown body fields are kept, not stripped: several routes pass caller objects through (dev
    // options, app info). Scalars are coerced ("25" -> 25) because query strings and form bodies only
    // carry text; a value that cannot be coerced is still a 400 naming the field.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });

  const dbs = openDatabases({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    pgSchemaPrefix: config.pgSchemaPrefix,
    queryTimeoutMs: config.queryTimeoutMs,
    queryReaders: config.queryReaders,
    spatialite: config.spatialite,
  });
  // Before anything reads shared state: with Redis, a node that cannot reach it does not start.
  let cluster;
  try {
    cluster = await openCluster(config, app.log);
  } catch (err) {
    await dbs.close();
    throw err;
  }
  const unshareAccess = shareConsoleAccess(cluster.invalidation);
  const memories = createDomainMemories(dbs, app.log, cluster.invalidation);
  routing.domains = memories.domains;
  const base: Omit<
    ServerContext,
    'data' | 'security' | 'cache' | 'hives' | 'push' | 'audit' | 'cloudLogs' | 'meter' | 'cacheControl' | 'plans'
  > = {
    config,
    dbs,
    bus: new EventBus(),
    // The drop folder follows the data folder unless set (or switched off with null).
    mailer: new Mailer(
      app.log,
      config.smtpUrl,
      config.mailFrom,
      config.mailDir === null ? undefined : (config.mailDir ?? path.join(config.dataDir, 'mail')),
    ),
    log: app.log,
    loginLimiter: cluster.limiter('login', config.loginMaxFailures, config.loginWindowMs),
    cluster,
    jobs: new JobScheduler(dbs, app.log, SCHEDULER_INTERVAL_MS),
    interceptors: new InterceptorRegistry(app.log),
    appCreatedHooks: [],
    registrationHooks: [],
    appMigrations: merge(modules.map((m) => m.appMigrations)),
    cors: memories.cors,
    domains: memories.domains,
  };
  const ctx = base as ServerContext;
  // The composition root of the modules' services (docs/architecture.md, "Dependency rules"): each
  // is built once, in dependency order, and receives what it uses; modules reach one another only
  // through these, never through look-ups of their own.
  ctx.data = createDataServices(ctx);
  ctx.security = new Security(ctx, ctx.data);
  ctx.cache = createCacheService(ctx);
  ctx.hives = createHivesService(ctx);
  ctx.push = new PushService(ctx);
  ctx.audit = createAuditService(ctx);
  ctx.meter = new Meter(dbs.system, config.metering, dbs.kind);
  ctx.cloudLogs = createLogSink(ctx);
  ctx.cacheControl = new CacheControlService(ctx);
  // Reads BASALT_PLANS_FILE: a malformed file stops the server here, naming the file and the field.
  try {
    ctx.plans = new PlansService(ctx);
  } catch (err) {
    unshareAccess();
    await cluster.close();
    await dbs.close();
    throw err;
  }
  app.decorate('basalt', ctx);
  // The app API's fast lane meets requests before Fastify (http/fast-lane.ts, decision 0015).
  ctx.fastLane = installFastLane(app, ctx);

  await dbs.migrateSystem(merge([systemMigrations, jobsMigrations, ...modules.map((m) => m.systemMigrations)]));
  await migrateExistingAppStores(dbs, ctx.appMigrations);

  const consoleDir =
    config.consoleDir && fs.existsSync(path.join(config.consoleDir, 'index.html')) ? config.consoleDir : undefined;
  installErrorHandler(app, consoleDir ? { spaIndex: fs.readFileSync(path.join(consoleDir, 'index.html')) } : {});
  // Before any route: the app API's hooks are attached to each app API route as it is added.
  installAppApiHooks(app, ctx);
  installCacheControl(app, ctx);
  recordRoutes(app);
  // No cookie-parsing hook on every request: only the console's auth key reads a cookie (http/auth.ts).
  await app.register(cookie, { hook: false });
  await app.register(formbody);
  // Some routes take a raw string body (file move/rename, cache values, bare ids).
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  // ... and the reference client sends some of them with no content type at all (http/bare-body.ts).
  installBareBodyParser(app);
  // JSON bodies are read by `parseJsonBody`, which the app API's fast lane uses too.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(typeof body === 'string' ? body : body.toString('utf8')));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  // First of the shutdown hooks: /ready answers 503 from the moment closing starts.
  registerHealthRoutes(app, ctx);
  // Jobs run once the server is ready; on close the scheduler waits a bounded time for the jobs
  // running here (well inside main.ts's shutdown grace) and hands its leases back before the
  // databases close.
  app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('preClose', async () => ctx.jobs.stop(5_000));
  app.addHook('onClose', async () => {
    for (const m of modules) await m.close?.();
    // Counts of the last requests are written before the databases close.
    await ctx.meter.stop().catch((err: unknown) => app.log.warn({ err }, 'Analytics flush failed on close'));
    ctx.plans.close();
    unshareAccess();
    await cluster.close();
    await dbs.close();
  });

  const available = new Set(modules.flatMap((m) => [m.area, ...(m.areas ?? [])]).filter((a): a is string => !!a));
  available.add('overview');
  const partial = new Set(modules.flatMap((m) => m.partOf ?? []).filter((a) => !available.has(a)));
  registerSystemRoutes(app, ctx, available, partial);
  for (const m of modules) await m.register(app, ctx);
  registerNotAvailableRoutes(app, ctx);

  // The built console at `/`; its client-side routes (deep links, reloads) get index.html from
  // the not-found handler, so the server needs no list of console pages.
  if (consoleDir)
    await app.register(fastifyStatic, { root: consoleDir, prefix: '/', wildcard: false, index: ['index.html'] });
  return app;
}
