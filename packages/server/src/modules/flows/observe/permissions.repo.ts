import type { Kysely } from 'kysely';
import type { Databases } from '../../../db/dialect.js';

export interface PermissionRow {
  flow_id: string;
  kind: 'role' | 'user';
  subject: string;
  access: 'GRANT' | 'DENY';
}

/** SQL of flow execution permissions (per role and per user, for all versions of a flow). */
export class PermissionsRepo {
  private readonly db: Kysely<any>;

  constructor(dbs: Databases) {
    this.db = dbs.system as Kysely<any>;
  }

  async rules(flowId: string): Promise<PermissionRow[]> {
    return (await this.db
      .selectFrom('flow_permissions')
      .selectAll()
      .where('flow_id', '=', flowId)
      .orderBy('kind')
      .orderBy('subject')
      .execute()) as PermissionRow[];
  }

  async replace(flowId: string, rows: PermissionRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('flow_permissions').where('flow_id', '=', flowId).execute();
      for (const r of rows) await trx.insertInto('flow_permissions').values(r).execute();
    });
  }
}
