import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { PasswordResetTables } from './password-reset.migrations.js';

/** The two kinds of mailed link an app user can be sent, each in its own table of the system database. */
export type LinkTable = 'app_user_password_resets' | 'app_user_email_confirmations';

/**
 * Pending links of app users (password resets, email confirmations): only a token's SHA-256 is
 * stored, one row per user. Also the little of the apps table the links' pages show.
 */
export class UserLinksRepo {
  private readonly db: Kysely<PasswordResetTables>;

  constructor(private readonly ctx: ServerContext) {
    this.db = ctx.dbs.system as unknown as Kysely<PasswordResetTables>;
  }

  /**
   * The user's one pending link becomes this one (the old one stops working). One upsert on the
   * (app, user) key, so two links issued at the same moment (a registration's mail and a server
   * call) both succeed and the later write wins, where a delete-then-insert could collide.
   */
  async replace(
    table: LinkTable,
    appId: string,
    userId: string,
    tokenHash: string,
    now: number,
    expires: number,
  ): Promise<void> {
    await this.db
      .insertInto(table)
      .values({ token_hash: tokenHash, app_id: appId, user_id: userId, created: now, expires })
      .onConflict((oc) =>
        oc.columns(['app_id', 'user_id']).doUpdateSet({ token_hash: tokenHash, created: now, expires }),
      )
      .execute();
  }

  /** The link of a token hash, expired or not. */
  find(table: LinkTable, appId: string, tokenHash: string): Promise<{ user_id: string; expires: number } | undefined> {
    return this.db
      .selectFrom(table)
      .select(['user_id', 'expires'])
      .where('token_hash', '=', tokenHash)
      .where('app_id', '=', appId)
      .executeTakeFirst();
  }

  /** Deletes the link of a token hash; true when this call deleted it (a concurrent use finds nothing). */
  async consume(table: LinkTable, appId: string, tokenHash: string): Promise<boolean> {
    const used = await this.db
      .deleteFrom(table)
      .where('token_hash', '=', tokenHash)
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return Number(used.numDeletedRows) === 1;
  }

  /** Drops the app's links that expired by `now`. */
  async sweep(table: LinkTable, appId: string, now: number): Promise<void> {
    await this.db.deleteFrom(table).where('app_id', '=', appId).where('expires', '<=', now).execute();
  }

  /** The app's name, for the mails and pages ('application' when the app is gone). */
  async appName(appId: string): Promise<string> {
    const db = this.ctx.dbs.system as unknown as Kysely<{ apps: { id: string; name: string } }>;
    const row = await db.selectFrom('apps').select('name').where('id', '=', appId).executeTakeFirst();
    return row?.name ?? 'application';
  }

  async appExists(appId: string): Promise<boolean> {
    return !!(await this.ctx.dbs.system.selectFrom('apps').select('id').where('id', '=', appId).executeTakeFirst());
  }
}
