import type { Kysely } from 'kysely';
import type { NavigatorVisit } from '@basalt/shared';
import type { Databases } from '../../db/dialect.js';

interface VisitRow {
  developer_id: string;
  path: string;
  title: string;
  app_id: string | null;
  at: number;
}

/** The navigator's visits table of the system database. */
export class NavigatorRepo {
  private readonly db: Kysely<{ navigator_visits: VisitRow }>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<{ navigator_visits: VisitRow }>;
  }

  /** Records a visit: a path visited again moves to the top. */
  async visit(developerId: string, v: NavigatorVisit): Promise<void> {
    await this.db
      .insertInto('navigator_visits')
      .values({ developer_id: developerId, path: v.path, title: v.title, app_id: v.appId, at: v.at })
      .onConflict((oc) =>
        oc.columns(['developer_id', 'path']).doUpdateSet({ title: v.title, app_id: v.appId, at: v.at }),
      )
      .execute();
  }

  /** The latest visits, newest first. */
  async recent(developerId: string, limit: number): Promise<NavigatorVisit[]> {
    const rows = await this.db
      .selectFrom('navigator_visits')
      .selectAll()
      .where('developer_id', '=', developerId)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ path: r.path, title: r.title, appId: r.app_id, at: Number(r.at) }));
  }

  /** Drops the visits beyond the newest `keep` of the developer. */
  async trim(developerId: string, keep: number): Promise<void> {
    const cut = await this.db
      .selectFrom('navigator_visits')
      .select('at')
      .where('developer_id', '=', developerId)
      .orderBy('at', 'desc')
      .offset(keep)
      .limit(1)
      .executeTakeFirst();
    if (!cut) return;
    await this.db
      .deleteFrom('navigator_visits')
      .where('developer_id', '=', developerId)
      .where('at', '<=', Number(cut.at))
      .execute();
  }
}
