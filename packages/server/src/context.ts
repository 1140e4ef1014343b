import type { FastifyBaseLogger } from 'fastify';
import type { Migration } from 'kysely';
import type { Config } from './config.js';
import type { Databases } from './db/dialect.js';
import type { EventBus } from './events/bus.js';
import type { Mailer } from './mail/mailer.js';
import type { FailureLimiter } from './http/rate-limit.js';
import type { FastLane } from './http/fast-lane.js';
import type { Cluster } from './cluster/index.js';
import type { JobScheduler } from './jobs/index.js';
import type { DataServices } from './modules/data/index.js';
import type { Security } from './modules/security/index.js';
import type { InterceptorRegistry } from './events/interceptors.js';
import type { CacheService } from './modules/cache/index.js';
import type { HivesService } from './modules/hives/index.js';
import type { PushService } from './modules/messaging/index.js';
import type { AuditService } from './modules/audit/index.js';
import type { Meter } from './modules/analytics/meter.js';
import type { LogSink } from './modules/cloudcode/logs/index.js';
import type { CorsOrigins } from './modules/settings/domains/cors-origins.js';
import type { DomainRouter } from './modules/settings/domains/domain-router.js';
import type { CacheControlService } from './modules/cache-control/index.js';
import type { PlansService } from './modules/billing/index.js';

/** What a registration hook is told: the address, the invitation sent along, and whether a team invited it. */
export interface RegistrationInput {
  email: string;
  inviteId?: string;
  teamInvitation?: boolean;
}

export interface RegistrationHook {
  before(input: RegistrationInput): Promise<void>;
  after(input: RegistrationInput, developerId: string): Promise<void>;
}

/** What every module receives: configuration and the shared services of the process. */
export interface ServerContext {
  config: Config;
  dbs: Databases;
  bus: EventBus;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Failed sign-ins, lockouts and mail requests per key; counted in Redis when the deployment has one. */
  loginLimiter: FailureLimiter;
  /**
   * The invalidation bus and cross-process counters (decision 0030). Every in-process memory of
   * shared state registers with `cluster.invalidation`; writes call `changed(kind, appId)`.
   */
  cluster: Cluster;
  /**
   * Work that must happen once across processes (decision 0033): modules register kinds of job
   * in `register` and add jobs; every process polls and runs what its claim took.
   */
  jobs: JobScheduler;
  /**
   * Work that must be finished before a new app is handed to its developer (system roles, the
   * default channel ...). Modules push a hook in `register`; app creation awaits them in order,
   * so a new app is complete when its creation answers. Events on the bus are for reactions that
   * may lag; these hooks are for what the app cannot be without.
   */
  appCreatedHooks: Array<(appId: string) => Promise<void>>;
  /**
   * Checks before and follow-ups after a developer registers (the community's invitations,
   * decision 0083): `before` may refuse; `after` runs once the account exists.
   */
  registrationHooks: RegistrationHook[];
  /** Migrations every app data store runs (contributed by modules), sorted by name. */
  appMigrations: Record<string, Migration>;
  /**
   * The data services (tables, records, queries, schemas), built once by the composition root
   * (app.ts). In a transaction's view of the context (db/app-transaction.ts) they are the view's
   * own, made by `data.within(view)`, so everything they run goes into the transaction.
   */
  data: DataServices;
  /** Roles, sessions, panic mode and the permission engine, built after `data` (they read its schemas). */
  security: Security;
  /**
   * Before and after handlers of operations (cloud code's event handlers, decision 0047): the app
   * API's services ask `active(appId)` / `has(...)` first, so an app without handlers pays one
   * lookup. A transaction's view has an empty one: handlers never run inside a transaction.
   */
  interceptors: InterceptorRegistry;
  /** The application cache with its purge timer (console routes and the app API share it). */
  cache: CacheService;
  /** Hives over the server's backend (Redis or the app stores); closed by the hives module with the server. */
  hives: HivesService;
  /** Push sending with its retry work and credentials; shutdown waits for its deliveries. */
  push: PushService;
  /** The audit log and the memory of the apps' HIPAA switches every app API read consults. */
  audit: AuditService;
  /**
   * Where every log line of an app goes (cloud code's `console.*` and `Logging`, the app API's
   * Logging group): levels, rate limit, the ring of recent lines and the console's live stream
   * (modules/cloudcode/logs). Writers call `cloudLogs.write(appId, line)` and never wait.
   */
  cloudLogs: LogSink;
  /** The app API's fast lane in front of Fastify (http/fast-lane.ts), installed by `buildApp`. */
  fastLane?: FastLane;
  /** The app API's meter (modules/analytics): per-minute counts in memory, flushed in batches. */
  meter: Meter;
  /** The origins each app's API grants CORS to, in memory for every app API request (decision 0062). */
  cors: CorsOrigins;
  /** Custom domains: the host table Fastify's `rewriteUrl` routes requests by (decision 0062). */
  domains: DomainRouter;
  /** Caching policies of the app API's GET answers (modules/cache-control, decision 0064). */
  cacheControl: CacheControlService;
  /**
   * Plans and limits (modules/billing, decision 0082): the catalogue, each app's plan, the app
   * API's call gate and the capacity checks files and tables make before they write.
   */
  plans: PlansService;
  /** Row counts of a data connector's tables (modules/data-connectors), for `tables-counters`. */
  connectorCounts?: (
    appId: string,
    connectorId: string,
    tables: string[],
    reset: boolean,
  ) => Promise<Record<string, number>>;
}
