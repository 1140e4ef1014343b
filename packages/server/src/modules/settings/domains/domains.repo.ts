import type { Kysely } from 'kysely';
import type { Databases } from '../../../db/dialect.js';
import type { SystemDB } from '../../../db/system-schema.js';

export interface CustomDomainRow {
  id: string;
  app_id: string;
  domain_name: string;
  generated: number;
  verified_at: number | null;
  created: number;
  updated: number;
}

interface DomainTables {
  app_cors_origins: { app_id: string; origins: string; updated: number };
  app_custom_domains: CustomDomainRow;
}

/** A host name the server routes, with its app and the app's JS key (what such requests act as). */
export interface RoutedDomain {
  domainName: string;
  domainId: string;
  appId: string;
  jsKey: string;
  verified: boolean;
}

/** PostgreSQL answers bigints as text: rows are read through numbers. */
function rowOf(r: CustomDomainRow): CustomDomainRow {
  return {
    ...r,
    generated: Number(r.generated),
    verified_at: r.verified_at === null ? null : Number(r.verified_at),
    created: Number(r.created),
    updated: Number(r.updated),
  };
}

/** The CORS origins and custom domains tables of the system database. */
export class DomainsRepo {
  private readonly db: Kysely<SystemDB & DomainTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<SystemDB & DomainTables>;
  }

  /** The stored origins (JSON text), or undefined when the app never set any. */
  async origins(appId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('app_cors_origins')
      .select('origins')
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return row?.origins;
  }

  async saveOrigins(appId: string, origins: string, now: number): Promise<void> {
    await this.db
      .insertInto('app_cors_origins')
      .values({ app_id: appId, origins, updated: now })
      .onConflict((oc) => oc.column('app_id').doUpdateSet({ origins, updated: now }))
      .execute();
  }

  async list(appId: string): Promise<CustomDomainRow[]> {
    const rows = await this.db
      .selectFrom('app_custom_domains')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('created')
      .orderBy('id')
      .execute();
    return rows.map(rowOf);
  }

  async byId(appId: string, id: string): Promise<CustomDomainRow | undefined> {
    const row = await this.db
      .selectFrom('app_custom_domains')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && rowOf(row);
  }

  /** Whoever holds the host name (any app), to tell a duplicate from another app's domain. */
  async byName(domainName: string): Promise<CustomDomainRow | undefined> {
    const row = await this.db
      .selectFrom('app_custom_domains')
      .selectAll()
      .where('domain_name', '=', domainName)
      .executeTakeFirst();
    return row && rowOf(row);
  }

  async insert(row: CustomDomainRow): Promise<void> {
    await this.db.insertInto('app_custom_domains').values(row).execute();
  }

  /** A new host name: pending again, since DNS for it has not been seen yet. */
  async rename(appId: string, id: string, domainName: string, now: number): Promise<void> {
    await this.db
      .updateTable('app_custom_domains')
      .set({ domain_name: domainName, verified_at: null, updated: now })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
  }

  async remove(appId: string, id: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('app_custom_domains')
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** The first request for a pending domain reached the server (kept only the first time). */
  async markVerified(id: string, at: number): Promise<void> {
    await this.db
      .updateTable('app_custom_domains')
      .set({ verified_at: at })
      .where('id', '=', id)
      .where('verified_at', 'is', null)
      .execute();
  }

  /** Every routed host name of the server with its app's JS key (a small table, read whole). */
  async routed(): Promise<RoutedDomain[]> {
    const rows = await this.db
      .selectFrom('app_custom_domains as d')
      .innerJoin('api_keys as k', (j) => j.onRef('k.app_id', '=', 'd.app_id').on('k.device_type', '=', 'JS'))
      .select(['d.id', 'd.app_id', 'd.domain_name', 'd.verified_at', 'k.api_key'])
      .execute();
    return rows.map((r) => ({
      domainName: r.domain_name,
      domainId: r.id,
      appId: r.app_id,
      jsKey: r.api_key,
      verified: r.verified_at !== null,
    }));
  }
}
