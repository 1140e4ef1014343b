import type { ServerContext } from '../../context.js';

type Rec = Record<string, unknown>;

/**
 * Rows of an app's Users table as the app API's users services need them. The table and column
 * names come from the app's schema (`sqlName`), never from the caller; every value is bound.
 */
export class UsersRepo {
  constructor(private readonly ctx: ServerContext) {}

  /** Users whose `column` holds one of `values` (at most two: more than one is an ambiguous identity). */
  withIdentity(
    appId: string,
    table: string,
    column: string,
    values: Array<string | number>,
    fields: string[],
  ): Promise<Rec[]> {
    return this.ctx.dbs.app(appId).selectFrom(table).select(fields).where(column, 'in', values).limit(2).execute();
  }

  /** The listed fields of one user. */
  get(appId: string, table: string, objectId: string, fields: string[]): Promise<Rec | undefined> {
    return this.ctx.dbs.app(appId).selectFrom(table).select(fields).where('objectId', '=', objectId).executeTakeFirst();
  }

  async touchLogin(appId: string, table: string, objectId: string): Promise<void> {
    await this.ctx.dbs
      .app(appId)
      .updateTable(table)
      .set({ lastLogin: Date.now() })
      .where('objectId', '=', objectId)
      .execute();
  }

  /** Stores a password hash; true when the user exists. */
  async setPassword(appId: string, table: string, column: string, objectId: string, hash: string): Promise<boolean> {
    const res = await this.ctx.dbs
      .app(appId)
      .updateTable(table)
      .set({ [column]: hash, updated: Date.now() })
      .where('objectId', '=', objectId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * A user whose status is `pending` becomes ENABLED (and email-confirmed when the table has that
   * column; BOOLEAN columns hold 1 / 0 on both databases, data/records/values.ts). True when it was.
   */
  async confirm(
    appId: string,
    table: string,
    o: { status: string; confirmed?: string; objectId: string; pending: string },
  ): Promise<boolean> {
    const res = await this.ctx.dbs
      .app(appId)
      .updateTable(table)
      .set({ [o.status]: 'ENABLED', ...(o.confirmed ? { [o.confirmed]: 1 } : {}), updated: Date.now() })
      .where('objectId', '=', o.objectId)
      .where(o.status, '=', o.pending)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
