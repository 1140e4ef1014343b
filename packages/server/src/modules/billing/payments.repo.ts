import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

export interface ProfileRow {
  id: string;
  developer_id: string;
  provider: string;
  name: string;
  email: string;
  company: string;
  address: string;
  status: string;
  external_id: string | null;
  setup_url: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  created: number;
  updated: number;
}

export interface AppProfileRow {
  app_id: string;
  line: string;
  profile_id: string;
  updated: number;
}

export interface InvoiceRow {
  id: string;
  number: string;
  app_id: string;
  line: string;
  plan_id: string;
  period: string;
  period_start: number;
  period_end: number;
  amount: number;
  currency: string;
  status: string;
  provider: string;
  profile_id: string | null;
  created: number;
  settled: number | null;
  settled_by: string | null;
}

interface EventRow {
  id: string;
  type: string;
  object_id: string | null;
  created: number;
  applied: number;
  received: number;
}

interface Tables {
  billing_payment_profiles: ProfileRow;
  billing_app_profiles: AppProfileRow;
  billing_invoices: InvoiceRow;
  billing_stripe_events: EventRow;
  billing_stripe_objects: { object_id: string; last_created: number };
  billing_subscriptions: { app_id: string; line: string; plan_id: string; period: string };
  apps: { id: string; name: string; owner_id: string; created: number };
  developers: { id: string; email: string };
}

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function profileOf(r: ProfileRow): ProfileRow {
  return {
    ...r,
    created: num(r.created),
    updated: num(r.updated),
    card_exp_month: numOrNull(r.card_exp_month),
    card_exp_year: numOrNull(r.card_exp_year),
  };
}

export type InvoiceWithApp = InvoiceRow & { app_name: string };

function invoiceOf(r: InvoiceWithApp): InvoiceWithApp {
  return {
    ...r,
    period_start: num(r.period_start),
    period_end: num(r.period_end),
    amount: num(r.amount),
    created: num(r.created),
    settled: numOrNull(r.settled),
  };
}

/** Profiles, their apps, invoices and Stripe events in the system database (decision 0089). */
export class PaymentsRepo {
  private readonly db: Kysely<Tables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<Tables>;
  }

  async profilesOf(developerId: string): Promise<ProfileRow[]> {
    const rows = await this.db
      .selectFrom('billing_payment_profiles')
      .selectAll()
      .where('developer_id', '=', developerId)
      .orderBy('created')
      .execute();
    return rows.map(profileOf);
  }

  async profile(id: string): Promise<ProfileRow | undefined> {
    const row = await this.db
      .selectFrom('billing_payment_profiles')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? profileOf(row) : undefined;
  }

  async profileByExternal(externalId: string, db: Kysely<Tables> = this.db): Promise<ProfileRow | undefined> {
    const row = await db
      .selectFrom('billing_payment_profiles')
      .selectAll()
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return row ? profileOf(row) : undefined;
  }

  async stripeProfiles(): Promise<ProfileRow[]> {
    const rows = await this.db
      .selectFrom('billing_payment_profiles')
      .selectAll()
      .where('provider', '=', 'stripe')
      .where('external_id', 'is not', null)
      .execute();
    return rows.map(profileOf);
  }

  async insertProfile(row: ProfileRow): Promise<void> {
    await this.db.insertInto('billing_payment_profiles').values(row).execute();
  }

  async updateProfile(
    id: string,
    change: Partial<Omit<ProfileRow, 'id' | 'developer_id'>>,
    db: Kysely<Tables> = this.db,
  ): Promise<void> {
    await db.updateTable('billing_payment_profiles').set(change).where('id', '=', id).execute();
  }

  async deleteProfile(id: string): Promise<void> {
    await this.db.deleteFrom('billing_payment_profiles').where('id', '=', id).execute();
  }

  /** The apps and lines each of these profiles pays for. */
  async appsOfProfiles(
    ids: string[],
  ): Promise<Array<{ profile_id: string; app_id: string; app_name: string; line: string }>> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('billing_app_profiles')
      .innerJoin('apps', 'apps.id', 'billing_app_profiles.app_id')
      .select([
        'billing_app_profiles.profile_id as profile_id',
        'billing_app_profiles.app_id as app_id',
        'apps.name as app_name',
        'billing_app_profiles.line as line',
      ])
      .where('billing_app_profiles.profile_id', 'in', ids)
      .orderBy('apps.name')
      .execute();
  }

  async setAppProfile(row: AppProfileRow): Promise<void> {
    await this.db
      .insertInto('billing_app_profiles')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['app_id', 'line']).doUpdateSet({ profile_id: row.profile_id, updated: row.updated }),
      )
      .execute();
  }

  async appProfile(appId: string, line: string): Promise<ProfileRow | undefined> {
    const row = await this.db
      .selectFrom('billing_app_profiles')
      .innerJoin('billing_payment_profiles', 'billing_payment_profiles.id', 'billing_app_profiles.profile_id')
      .selectAll('billing_payment_profiles')
      .where('billing_app_profiles.app_id', '=', appId)
      .where('billing_app_profiles.line', '=', line)
      .executeTakeFirst();
    return row ? profileOf(row) : undefined;
  }

  /** Every app with its owner's e-mail, its subscription rows and the profiles paying for it. */
  async allApps(): Promise<{
    apps: Array<{ id: string; name: string; owner_email: string }>;
    links: AppProfileRow[];
  }> {
    const apps = await this.db
      .selectFrom('apps')
      .innerJoin('developers', 'developers.id', 'apps.owner_id')
      .select(['apps.id as id', 'apps.name as name', 'developers.email as owner_email'])
      .orderBy('apps.name')
      .execute();
    const links = await this.db.selectFrom('billing_app_profiles').selectAll().execute();
    return { apps, links };
  }

  /** Inserts an invoice unless its app, line and period has one; answers whether it was new. */
  async insertInvoice(row: InvoiceRow): Promise<boolean> {
    const res = await this.db
      .insertInto('billing_invoices')
      .values(row)
      .onConflict((oc) => oc.columns(['app_id', 'line', 'period_start']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async invoiceCount(): Promise<number> {
    const row = await this.db
      .selectFrom('billing_invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async invoices(filter: { appId?: string; status?: string; id?: string }, limit = 500): Promise<InvoiceWithApp[]> {
    let q = this.db
      .selectFrom('billing_invoices')
      .innerJoin('apps', 'apps.id', 'billing_invoices.app_id')
      .selectAll('billing_invoices')
      .select('apps.name as app_name');
    if (filter.appId) q = q.where('billing_invoices.app_id', '=', filter.appId);
    if (filter.status) q = q.where('billing_invoices.status', '=', filter.status);
    if (filter.id) q = q.where('billing_invoices.id', '=', filter.id);
    const rows = await q
      .orderBy('billing_invoices.created', 'desc')
      .orderBy('billing_invoices.id')
      .limit(limit)
      .execute();
    return rows.map(invoiceOf);
  }

  /** Settles an open invoice; answers false when it was not open (paid or void already). */
  async settleInvoice(
    id: string,
    status: 'paid' | 'void',
    by: string,
    at: number,
    db: Kysely<Tables> = this.db,
  ): Promise<boolean> {
    const res = await db
      .updateTable('billing_invoices')
      .set({ status, settled: at, settled_by: by })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * Records a Stripe event and runs `apply` in the same transaction when the event is new and not
   * older than the last one applied to its object. Answers what happened: `duplicate` (seen
   * before: nothing done), `stale` (older than what was applied: recorded, not applied), `applied`.
   */
  async withEvent(
    event: { id: string; type: string; objectId: string | null; created: number },
    apply: (trx: Kysely<Tables>) => Promise<void>,
  ): Promise<'duplicate' | 'stale' | 'applied'> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('billing_stripe_events')
        .values({
          id: event.id,
          type: event.type,
          object_id: event.objectId,
          created: event.created,
          applied: 0,
          received: Date.now(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate';
      if (event.objectId) {
        const last = await trx
          .selectFrom('billing_stripe_objects')
          .select('last_created')
          .where('object_id', '=', event.objectId)
          .executeTakeFirst();
        if (last && Number(last.last_created) > event.created) return 'stale';
        await trx
          .insertInto('billing_stripe_objects')
          .values({ object_id: event.objectId, last_created: event.created })
          .onConflict((oc) => oc.column('object_id').doUpdateSet({ last_created: event.created }))
          .execute();
      }
      await apply(trx);
      await trx.updateTable('billing_stripe_events').set({ applied: 1 }).where('id', '=', event.id).execute();
      return 'applied';
    });
  }
}

export type PaymentsTables = Tables;
