import type { Kysely } from 'kysely';
import type { Databases } from '../../../db/dialect.js';
import type { SystemDB } from '../../../db/system-schema.js';

interface LandingTables {
  landing_pages: { app_id: string; content: string; updated: number; published: number | null };
}

export interface LandingRow {
  content: string;
  updated: number;
  published: number | null;
}

/** The landing page row of each app (PostgreSQL answers bigints as text: read through numbers). */
export class LandingRepo {
  private readonly db: Kysely<SystemDB & LandingTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<SystemDB & LandingTables>;
  }

  async get(appId: string): Promise<LandingRow | undefined> {
    const row = await this.db
      .selectFrom('landing_pages')
      .select(['content', 'updated', 'published'])
      .where('app_id', '=', appId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      content: row.content,
      updated: Number(row.updated),
      published: row.published === null ? null : Number(row.published),
    };
  }

  /** Stores the content; `published` is set on a publish and kept on a save. */
  async save(appId: string, content: string, updated: number, published?: number): Promise<void> {
    const set = published === undefined ? { content, updated } : { content, updated, published };
    await this.db
      .insertInto('landing_pages')
      .values({ app_id: appId, content, updated, published: published ?? null })
      .onConflict((oc) => oc.column('app_id').doUpdateSet(set))
      .execute();
  }
}
