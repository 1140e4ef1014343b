import type { Kysely } from 'kysely';
import type { LogLevelName } from '@basalt/shared';
import type { Databases } from '../../../db/dialect.js';
import type { SystemDB } from '../../../db/system-schema.js';

interface LogLevelsTables {
  log_levels: { app_id: string; logger: string; level: string };
  log_integrations: { app_id: string; config: string; updated: number };
}

/** The stored integration: what `setAppLoggingIntegration` was given, checked. */
export interface StoredIntegration {
  enabled: boolean;
  url: string;
  headers: Record<string, string>;
  updated: number;
}

/** The stored level of each configured logger of an app. */
export class LogLevelsRepo {
  private readonly db: Kysely<SystemDB & LogLevelsTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<SystemDB & LogLevelsTables>;
  }

  async list(appId: string): Promise<Array<{ name: string; level: LogLevelName }>> {
    const rows = await this.db
      .selectFrom('log_levels')
      .select(['logger', 'level'])
      .where('app_id', '=', appId)
      .orderBy('logger')
      .execute();
    return rows.map((r) => ({ name: r.logger, level: r.level as LogLevelName }));
  }

  async integration(appId: string): Promise<StoredIntegration | null> {
    const row = await this.db
      .selectFrom('log_integrations')
      .select(['config', 'updated'])
      .where('app_id', '=', appId)
      .executeTakeFirst();
    if (!row) return null;
    return { ...(JSON.parse(row.config) as Omit<StoredIntegration, 'updated'>), updated: Number(row.updated) };
  }

  async saveIntegration(appId: string, value: StoredIntegration): Promise<void> {
    const { updated, ...config } = value;
    await this.db
      .insertInto('log_integrations')
      .values({ app_id: appId, config: JSON.stringify(config), updated })
      .onConflict((oc) => oc.column('app_id').doUpdateSet({ config: JSON.stringify(config), updated }))
      .execute();
  }

  /** Removes every logger's own level but the global one's; answers how many went. */
  async removeLoggersBut(appId: string, keep: string): Promise<number> {
    const res = await this.db
      .deleteFrom('log_levels')
      .where('app_id', '=', appId)
      .where('logger', '<>', keep)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Replaces the app's whole configuration in one transaction. */
  async replace(appId: string, loggers: Array<{ name: string; level: LogLevelName }>): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('log_levels').where('app_id', '=', appId).execute();
      if (loggers.length)
        await tx
          .insertInto('log_levels')
          .values(loggers.map((l) => ({ app_id: appId, logger: l.name, level: l.level })))
          .execute();
    });
  }
}
