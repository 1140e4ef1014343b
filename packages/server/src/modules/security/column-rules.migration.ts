import type { ServerContext } from '../../context.js';
import type { SecurityKysely } from './security.migrations.js';

/**
 * Column rules used to be kept by column name; they are now kept by column id (see
 * `columnOf` in permissions.routes.ts). This moves stored rules over. It runs at every start and
 * only touches rules whose key is still a name: column ids always hold a `-` (upper-case UUIDs, or
 * `<tableId>-<name>` for system columns) and column names never may, so the two cannot be confused
 * and a second run finds nothing to do. It cannot be a Kysely migration of the system database: the
 * names are resolved against each app's own store. A rule whose column no longer exists is dropped;
 * it could never apply again.
 */
export async function rekeyColumnRules(ctx: ServerContext): Promise<number> {
  const db = ctx.dbs.system as unknown as SecurityKysely;
  const legacy = await db
    .selectFrom('sec_permissions')
    .selectAll()
    .where('service', '=', 'data')
    .where('column_name', '!=', '')
    .where('column_name', 'not like', '%-%')
    .execute();
  let moved = 0;
  const byTable = new Map<string, typeof legacy>();
  for (const r of legacy)
    byTable.set(`${r.app_id}\u0000${r.item}`, [...(byTable.get(`${r.app_id}\u0000${r.item}`) ?? []), r]);
  for (const rules of byTable.values()) {
    const { app_id: appId, item } = rules[0];
    const schema = await ctx.data.schema(appId).catch((err: unknown) => {
      ctx.log.warn({ err, appId }, 'Column rules of an app could not be re-keyed: its data store did not open');
      return undefined;
    });
    if (!schema) continue;
    const table = schema.tableById(item);
    const idOf = new Map([...(table?.columns ?? []), ...(table?.relations ?? [])].map((c) => [c.name, c.columnId]));
    await db.transaction().execute(async (trx) => {
      for (const r of rules) {
        const same = (q: any) =>
          q
            .where('app_id', '=', appId)
            .where('service', '=', 'data')
            .where('item', '=', item)
            .where('object_id', '=', r.object_id)
            .where('principal_type', '=', r.principal_type)
            .where('principal', '=', r.principal)
            .where('operation', '=', r.operation);
        const id = idOf.get(r.column_name);
        if (id) {
          // A rule already kept by id is the newer one: it wins over the name-keyed copy.
          const newer = await same(trx.selectFrom('sec_permissions').select('access'))
            .where('column_name', '=', id)
            .executeTakeFirst();
          if (!newer) {
            await same(trx.updateTable('sec_permissions').set({ column_name: id }))
              .where('column_name', '=', r.column_name)
              .execute();
            moved++;
            continue;
          }
        }
        await same(trx.deleteFrom('sec_permissions')).where('column_name', '=', r.column_name).execute();
      }
    });
  }
  return moved;
}
