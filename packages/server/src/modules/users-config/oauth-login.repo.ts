import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import type { SystemDB } from '../../db/system-schema.js';
import { randomSecret, sha256 } from '../../http/secrets.js';
import type { UsersConfigTables } from './users-config.migrations.js';

/** A browser sign-in may take this long between the authorization URL and the callback. */
export const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * SQL of app-user sign-in through providers: pending states and provider identities. States are
 * kept in the system database (not in memory) so the callback may reach another server node.
 */
export class OAuthLoginRepo {
  private readonly db: Kysely<SystemDB & UsersConfigTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<SystemDB & UsersConfigTables>;
  }

  /**
   * Stores what the callback needs and answers the state: 256 random bits of which only the hash is
   * kept, so a tampered or invented state matches no row and a leaked table holds no usable state.
   */
  async createState(appId: string, data: object, now = Date.now()): Promise<string> {
    const state = randomSecret(32);
    await this.saveState(appId, state, data, now);
    return state;
  }

  /** Stores a state made beforehand (OAuth 1 must put it into the callback URL before it has the data). */
  async saveState(appId: string, state: string, data: object, now = Date.now()): Promise<void> {
    // Expired rows of every app go first, so the table never grows with abandoned sign-ins.
    await this.db.deleteFrom('oauth_states').where('expires', '<', now).execute();
    await this.db
      .insertInto('oauth_states')
      .values({ state_hash: sha256(state), app_id: appId, data: JSON.stringify(data), expires: now + STATE_TTL_MS })
      .execute();
  }

  /** Takes a state once: the row is deleted before it is answered, so a replay finds nothing. */
  async consumeState(appId: string, state: string, now = Date.now()): Promise<Record<string, unknown> | undefined> {
    if (!state || state.length > 200) return undefined;
    const hash = sha256(state);
    const row = await this.db
      .selectFrom('oauth_states')
      .selectAll()
      .where('state_hash', '=', hash)
      .where('app_id', '=', appId)
      .executeTakeFirst();
    if (!row) return undefined;
    const res = await this.db.deleteFrom('oauth_states').where('state_hash', '=', hash).executeTakeFirst();
    // Two callbacks raced with one state: only the one whose delete removed the row goes on.
    if (Number(res.numDeletedRows) !== 1 || Number(row.expires) < now) return undefined;
    return JSON.parse(row.data) as Record<string, unknown>;
  }

  async findIdentity(appId: string, provider: string, subject: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('oauth_identities')
      .select('user_id')
      .where('app_id', '=', appId)
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Links (or relinks, when the earlier user was deleted) a provider account to a user. */
  async linkIdentity(appId: string, provider: string, subject: string, userId: string): Promise<void> {
    await this.db
      .insertInto('oauth_identities')
      .values({ app_id: appId, provider, subject, user_id: userId, created: Date.now() })
      .onConflict((oc) => oc.columns(['app_id', 'provider', 'subject']).doUpdateSet({ user_id: userId }))
      .execute();
  }
}
