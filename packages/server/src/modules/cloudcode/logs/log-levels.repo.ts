import type { Kysely } from 'kysely';
import type { LogLevelName } from '@basalt/shared';
import type { Databases } from '../../../db/dialect.js';
import type { SystemDB } from '../../../db/system-schema.js';

interface LogLevelsTables {
  log_levels: { app_id: string; logger: string; level: string };
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
