import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import type { SystemDB } from '../../db/system-schema.js';
import type { AuditLogTable, AuditTables } from './audit.migrations.js';

export interface AuditFilter {
  appId: string;
  /** Developer id or email (the actor column). */
  developer?: string;
  action?: string;
  from?: number;
  to?: number;
}

/** SQL of the audit log; no HTTP errors here. */
export class AuditRepo {
  readonly db: Kysely<SystemDB & AuditTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<SystemDB & AuditTables>;
  }

  async insert(row: AuditLogTable): Promise<void> {
    await this.db.insertInto('audit_log').values(row).execute();
  }

  /** Rewrites what an entry says (an import job's entry grows with each chunk it writes). */
  async updateSummary(id: string, summary: string): Promise<void> {
    await this.db.updateTable('audit_log').set({ summary }).where('id', '=', id).execute();
  }

  private filtered(f: AuditFilter) {
    let q = this.db.selectFrom('audit_log').where('app_id', '=', f.appId);
    if (f.developer) {
      const who = f.developer;
      q = q.where((eb) => eb.or([eb('developer_id', '=', who), eb('actor', '=', who.toLowerCase())]));
    }
    if (f.action) q = q.where('action', '=', f.action);
    if (f.from !== undefined) q = q.where('created', '>=', f.from);
    if (f.to !== undefined) q = q.where('created', '<=', f.to);
    return q;
  }

  list(f: AuditFilter, offset: number, limit: number) {
    return this.filtered(f)
      .selectAll()
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async count(f: AuditFilter): Promise<number> {
    const row = await this.filtered(f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Streams a range in pages so a large download never holds the whole log in memory at once. */
  async *range(f: AuditFilter, pageSize = 1000): AsyncGenerator<AuditLogTable[]> {
    let before: { created: number; id: string } | undefined;
    for (;;) {
      let q = this.filtered(f).selectAll();
      if (before) {
        const b = before;
        q = q.where((eb) =>
          eb.or([eb('created', '<', b.created), eb.and([eb('created', '=', b.created), eb('id', '<', b.id)])]),
        );
      }
      const rows = await q.orderBy('created', 'desc').orderBy('id', 'desc').limit(pageSize).execute();
      if (rows.length) yield rows;
      if (rows.length < pageSize) return;
      const last = rows[rows.length - 1];
      before = { created: Number(last.created), id: last.id };
    }
  }

  async delete(appId: string, before?: number): Promise<number> {
    let q = this.db.deleteFrom('audit_log').where('app_id', '=', appId);
    if (before !== undefined) q = q.where('created', '<', before);
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  getCompliance(appId: string) {
    return this.db.selectFrom('app_compliance').selectAll().where('app_id', '=', appId).executeTakeFirst();
  }

  async setHipaa(appId: string, enabled: boolean, developerId: string): Promise<void> {
    const values = { hipaa: enabled ? 1 : 0, changed: Date.now(), changed_by: developerId };
    await this.db
      .insertInto('app_compliance')
      .values({ app_id: appId, ...values })
      .onConflict((oc) => oc.column('app_id').doUpdateSet(values))
      .execute();
  }

  findDeveloperEmail(id: string) {
    return this.db.selectFrom('developers').select('email').where('id', '=', id).executeTakeFirst();
  }
}
