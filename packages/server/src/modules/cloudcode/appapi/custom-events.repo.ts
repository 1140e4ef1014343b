import type { Databases } from '../../../db/dialect.js';
import { cloudCodeDb, type CcHandlerRow, type CloudCodeDb } from '../store/index.js';

/** The handler rows custom events need (the handlers part owns the others). */
export class CustomEventsRepo {
  private readonly db: CloudCodeDb;

  constructor(dbs: Databases) {
    this.db = cloudCodeDb(dbs);
  }

  /**
   * The enabled handler of a custom event (registered as provider `custom`, event `execute`,
   * target = the event's name): DEBUG before PRODUCTION/MARKETPLACE, oldest first.
   */
  async handlerOf(appId: string, name: string): Promise<CcHandlerRow | undefined> {
    const rows = await this.db
      .selectFrom('cc_handlers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('provider', '=', 'custom')
      .where('target', '=', name)
      .where('enabled', '=', 1)
      .where('mode', 'in', ['DEBUG', 'PRODUCTION', 'MARKETPLACE'])
      .orderBy('created')
      .execute();
    return rows.find((r) => r.mode === 'DEBUG') ?? rows[0];
  }
}
