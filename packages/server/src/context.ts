import type { FastifyBaseLogger } from 'fastify';
import type { Migration } from 'kysely';
import type { Config } from './config.js';
import type { Databases } from './db/dialect.js';
import type { EventBus } from './events/bus.js';
import type { Mailer } from './mail/mailer.js';
import type { FailureLimiter } from './http/rate-limit.js';

/** What every module receives: configuration and the shared services of the process. */
export interface ServerContext {
  config: Config;
  dbs: Databases;
  bus: EventBus;
  mailer: Mailer;
  log: FastifyBaseLogger;
  loginLimiter: FailureLimiter;
  /** Migrations every app data store runs (contributed by modules), sorted by name. */
  appMigrations: Record<string, Migration>;
}
