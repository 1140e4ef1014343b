import type { ServerContext } from '../context.js';
import type { RecordLookup } from './subscriptions.js';

/** Ids per query, below both databases' bind-parameter limits. */
const IDS_PER_QUERY = 1000;

/**
 * Reads from the app's data store what a real-time event leaves out: the owners of records whose
 * event carries only their objectId (a relation change's parent, a bulk update's records), and
 * the table a relation column points to. An unknown table or relation answers nothing.
 */
export function recordLookup(ctx: ServerContext): RecordLookup {
  return {
    async owners(appId, tableName, ids) {
      const out = new Map<string, string | null>();
      const table = (await ctx.data.schema(appId))?.table(tableName);
      const owner = table?.columns.find((c) => c.name === 'ownerId');
      const key = table?.columns.find((c) => c.name === 'objectId');
      if (!table || !owner || !key) return out;
      const unique = [...new Set(ids)];
      for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
        const rows = await ctx.dbs
          .app(appId)
          .selectFrom(table.sqlName)
          .select([`${key.sqlName} as id`, `${owner.sqlName} as owner`])
          .where(key.sqlName, 'in', unique.slice(i, i + IDS_PER_QUERY))
          .execute();
        for (const r of rows as Array<{ id: unknown; owner: unknown }>)
          out.set(String(r.id), typeof r.owner === 'string' ? r.owner : null);
      }
      return out;
    },
    async relatedTable(appId, tableName, column) {
      const table = (await ctx.data.schema(appId))?.table(tableName);
      return table?.relations.find((r) => r.name === column)?.toTableName || undefined;
    },
  };
}
