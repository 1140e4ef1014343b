import { sql, type Kysely } from 'kysely';
import type { PlanLine } from '@basalt/shared';
import type { Databases } from '../../db/dialect.js';

export interface SubscriptionRow {
  app_id: string;
  line: string;
  plan_id: string;
  period: string;
  status: string;
  period_start: number;
  updated: number;
  updated_by: string | null;
}

interface NoticeRow {
  app_id: string;
  component: string;
  threshold: number;
  day: number;
  plan_id: string;
  usage: number;
  limit_value: number;
  created: number;
}

interface BillingTables {
  billing_subscriptions: SubscriptionRow;
  billing_limit_notices: NoticeRow;
  apps: { id: string; name: string; owner_id: string; created: number };
  app_members: { app_id: string; developer_id: string };
  developers: { id: string; email: string; name: string; created: number };
}

/** The billing tables of the system database. */
export class BillingRepo {
  private readonly db: Kysely<BillingTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<BillingTables>;
  }

  /** Every line's subscription row of an app (none: each line is on its default plan). */
  async subscriptions(appId: string): Promise<SubscriptionRow[]> {
    const rows = await this.db.selectFrom('billing_subscriptions').selectAll().where('app_id', '=', appId).execute();
    // PostgreSQL answers bigints as text.
    return rows.map((r) => ({ ...r, period_start: Number(r.period_start), updated: Number(r.updated) }));
  }

  async put(row: SubscriptionRow): Promise<void> {
    await this.db
      .insertInto('billing_subscriptions')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['app_id', 'line']).doUpdateSet({
          plan_id: row.plan_id,
          period: row.period,
          status: row.status,
          period_start: row.period_start,
          updated: row.updated,
          updated_by: row.updated_by,
        }),
      )
      .execute();
  }

  /** The app's creation time: a line without a row counts its period from there. */
  async appCreated(appId: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('apps').select('created').where('id', '=', appId).executeTakeFirst();
    return row ? Number(row.created) : undefined;
  }

  /** Apps a developer owns or is a member of, by name. */
  async appsOf(developerId: string): Promise<Array<{ id: string; name: string }>> {
    const owned = await this.db.selectFrom('apps').select(['id', 'name']).where('owner_id', '=', developerId).execute();
    const member = await this.db
      .selectFrom('app_members')
      .innerJoin('apps', 'apps.id', 'app_members.app_id')
      .select(['apps.id as id', 'apps.name as name'])
      .where('app_members.developer_id', '=', developerId)
      .execute();
    return [...owned, ...member].sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Claims the notice of one threshold for the day: true only for the first claim, on any node
   * (the primary key decides), so a notice goes out once.
   */
  async claimNotice(row: NoticeRow): Promise<boolean> {
    const res = await this.db
      .insertInto('billing_limit_notices')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** How many developers besides the owner are in the app's team. */
  async memberCount(appId: string): Promise<number> {
    const row = await this.db
      .selectFrom('app_members')
      .select(sql<number>`count(*)`.as('n'))
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The app's owner and team, for limit notices. */
  async recipients(appId: string): Promise<Array<{ email: string; name: string }>> {
    const owner = await this.db
      .selectFrom('apps')
      .innerJoin('developers', 'developers.id', 'apps.owner_id')
      .select(['developers.email as email', 'developers.name as name'])
      .where('apps.id', '=', appId)
      .execute();
    return owner;
  }

  /** Notices of an app since a time, newest first (the console's banner). */
  async notices(appId: string, since: number): Promise<NoticeRow[]> {
    const rows = await this.db
      .selectFrom('billing_limit_notices')
      .selectAll()
      .where('app_id', '=', appId)
      .where('created', '>=', since)
      .orderBy('created', 'desc')
      .limit(50)
      .execute();
    return rows.map((r) => ({
      ...r,
      usage: Number(r.usage),
      limit_value: Number(r.limit_value),
      created: Number(r.created),
      threshold: Number(r.threshold),
      day: Number(r.day),
    }));
  }
}

export type { PlanLine };
