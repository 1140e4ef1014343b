import type { Kysely } from 'kysely';
import type { CacheDirective, CachePolicy, CachePolicyService } from '@basalt/shared';
import type { Databases } from '../../db/dialect.js';

interface PolicyRow {
  app_id: string;
  service: string;
  target: string;
  cache_control: string;
  max_age: number;
  etag: number;
  created: number;
  updated: number;
}

interface CacheControlTables {
  cache_policies: PolicyRow;
}

/** The row as the wire shape (PostgreSQL answers bigints as text: read through numbers). */
function policyOf(r: PolicyRow): CachePolicy {
  return {
    service: r.service as CachePolicyService,
    target: r.target,
    cacheControl: r.cache_control as CacheDirective,
    maxAge: Number(r.max_age),
    etag: Number(r.etag) === 1,
    created: Number(r.created),
    updated: Number(r.updated),
  };
}

/** The caching policies table of the system database. */
export class CacheControlRepo {
  private readonly db: Kysely<CacheControlTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<CacheControlTables>;
  }

  /** Every policy of the app (both services), by service and target. */
  async all(appId: string): Promise<CachePolicy[]> {
    const rows = await this.db
      .selectFrom('cache_policies')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('service')
      .orderBy('target')
      .execute();
    return rows.map(policyOf);
  }

  /** Adds a policy; false when the target already has one. */
  async insert(appId: string, p: CachePolicy): Promise<boolean> {
    const res = await this.db
      .insertInto('cache_policies')
      .values({
        app_id: appId,
        service: p.service,
        target: p.target,
        cache_control: p.cacheControl,
        max_age: p.maxAge,
        etag: p.etag ? 1 : 0,
        created: p.created,
        updated: p.updated,
      })
      .onConflict((oc) => oc.columns(['app_id', 'service', 'target']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Changes a policy; false when the target has none. */
  async update(appId: string, p: CachePolicy): Promise<boolean> {
    const res = await this.db
      .updateTable('cache_policies')
      .set({ cache_control: p.cacheControl, max_age: p.maxAge, etag: p.etag ? 1 : 0, updated: p.updated })
      .where('app_id', '=', appId)
      .where('service', '=', p.service)
      .where('target', '=', p.target)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Removes a policy; false when the target had none. */
  async remove(appId: string, service: string, target: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('cache_policies')
      .where('app_id', '=', appId)
      .where('service', '=', service)
      .where('target', '=', target)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
