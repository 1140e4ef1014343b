import type { Kysely } from 'kysely';
import type { SystemDB } from '../../db/system-schema.js';

/**
 * What the security advisor reads of the system database besides roles and rules: the app's API
 * key dates and which of its developers sign in without a second factor. Read only.
 */
export class AdvisorRepo {
  constructor(private readonly db: Kysely<SystemDB>) {}

  /** Each key of the app with when it was made and last regenerated. */
  keyDates(appId: string) {
    return this.db
      .selectFrom('api_keys')
      .select(['device_type', 'name', 'created', 'updated'])
      .where('app_id', '=', appId)
      .execute();
  }

  /** The owner and team members of the app, by developer id (the owner first when there is one). */
  async developerIds(appId: string): Promise<string[]> {
    const app = await this.db.selectFrom('apps').select('owner_id').where('id', '=', appId).executeTakeFirst();
    const members = await this.db
      .selectFrom('app_members')
      .select('developer_id')
      .where('app_id', '=', appId)
      .execute();
    return [...new Set([...(app ? [app.owner_id] : []), ...members.map((m) => m.developer_id)])];
  }

  /** Emails, sorted, of the given developers who have no two-factor sign-in. */
  async emailsWithout2fa(ids: string[]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('developers')
      .select('email')
      .where('id', 'in', ids)
      .where('totp_enabled', '=', 0)
      .orderBy('email')
      .execute();
    return rows.map((d) => d.email);
  }
}
