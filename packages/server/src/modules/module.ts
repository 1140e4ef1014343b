import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { ServerContext } from '../context.js';

/**
 * One area of the product on the server. `modules/index.ts` lists them; `app.ts` registers them in
 * order. An area whose module is listed is reported as available by `/console/status`; the console
 * routes of areas without a module answer 501.
 */
export interface ServerModule {
  /** Area id from `@basalt/shared` `Areas`, when the module makes an area available. */
  area?: string;
  /** Further areas this module makes available whole (a module that builds several). */
  areas?: string[];
  /** Areas this module builds only part of (their other routes still answer 501). */
  partOf?: string[];
  name: string;
  /**
   * System-database migrations. Names sort globally, so each area has its own number range:
   * foundation 0001–0099, data 0100–0199, security/team/audit 0200–0299, files 0300–0399,
   * messaging 0400–0499, cloud code 0500–, flows 0600–, settings 0700–, analytics 0800–.
   */
  systemMigrations?: Record<string, Migration>;
  /** Migrations of every application's data store (same numbering). */
  appMigrations?: Record<string, Migration>;
  register(app: FastifyInstance, ctx: ServerContext): Promise<void> | void;
  /** Called on shutdown (close sockets, timers). */
  close?(): Promise<void> | void;
}
