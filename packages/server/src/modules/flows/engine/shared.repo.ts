import type { Kysely } from 'kysely';
import type { Databases } from '../../../db/dialect.js';

interface SharedTables {
  flow_shared: { flow_id: string; app_id: string; key: string; value: string; expires_at: number | null };
}

/** Values one flow may keep in shared memory at most (reading `$shared` loads them all). */
export const MAX_SHARED_KEYS = 1000;

/** Shared memory of flows: a value per flow and key, with an optional expiry (epoch ms). */
export class SharedRepo {
  private readonly db: Kysely<SharedTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<SharedTables>;
  }

  async get(flowId: string, key: string, now: number): Promise<unknown> {
    const row = await this.db
      .selectFrom('flow_shared')
      .select(['value', 'expires_at'])
      .where('flow_id', '=', flowId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || (row.expires_at !== null && Number(row.expires_at) <= now)) return undefined;
    return JSON.parse(row.value) as unknown;
  }

  /** Every live value of a flow, by key (what `$shared` reads). */
  async all(flowId: string, now: number): Promise<Record<string, unknown>> {
    const rows = await this.db
      .selectFrom('flow_shared')
      .select(['key', 'value'])
      .where('flow_id', '=', flowId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .limit(MAX_SHARED_KEYS)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  }

  /** Sets a value (replacing the key's), clearing the flow's expired values on the way. */
  async set(flowId: string, appId: string, key: string, value: unknown, expiresAt: number | null): Promise<void> {
    // Two instances setting one new key at once: the loser's insert conflicts and tries again.
    for (let tries = 1; ; tries++)
      try {
        return await this.replace(flowId, appId, key, value, expiresAt);
      } catch (err) {
        if (tries >= 3) throw err;
      }
  }

  private async replace(flowId: string, appId: string, key: string, value: unknown, expiresAt: number | null) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('flow_shared')
        .where('flow_id', '=', flowId)
        .where((eb) => eb.or([eb('key', '=', key), eb('expires_at', '<=', Date.now())]))
        .execute();
      await trx
        .insertInto('flow_shared')
        .values({ flow_id: flowId, app_id: appId, key, value: JSON.stringify(value), expires_at: expiresAt })
        .execute();
    });
  }
}
