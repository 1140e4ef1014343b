import { sql, type Kysely } from 'kysely';

/**
 * Raw record rows of one physical table, for copying an app (decision 0059): pages in objectId
 * order (keyset, so a page costs the same at any depth) and batched inserts of stored values.
 */
export function recordPage(
  db: Kysely<any>,
  tableSql: string,
  after: string | null,
  limit: number,
): Promise<Array<Record<string, unknown>>> {
  let q = db.selectFrom(tableSql).selectAll().orderBy('objectId').limit(limit);
  if (after !== null) q = q.where('objectId', '>', after);
  return q.execute();
}

export interface LinkRow {
  parent_id: string;
  child_id: string;
  position: number;
}

/** The rows of a relation's link table in key order, a page after `after` (keyset on its primary key). */
export function linkPage(db: Kysely<any>, linkSql: string, after: LinkRow | null, limit: number): Promise<LinkRow[]> {
  let q = db
    .selectFrom(linkSql)
    .select(['parent_id', 'child_id', 'position'])
    .orderBy('parent_id')
    .orderBy('child_id')
    .limit(limit);
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('parent_id', '>', after.parent_id),
        eb.and([eb('parent_id', '=', after.parent_id), eb('child_id', '>', after.child_id)]),
      ]),
    );
  return q.execute();
}

/** Rows of a table (records, links, store tables). */
export async function countRows(db: Kysely<any>, table: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Inserts rows in statements of at most ~30,000 bound values (under both databases' limits). */
export async function insertRows(db: Kysely<any>, table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  const width = Math.max(1, Object.keys(rows[0]).length);
  const per = Math.max(1, Math.floor(30_000 / width));
  for (let i = 0; i < rows.length; i += per) await db.insertInto(table).values(rows.slice(i, i + per)).execute();
}

/** Deletes every row of a table (a reset of data keeps the table). */
export async function clearRows(db: Kysely<any>, table: string): Promise<void> {
  await db.deleteFrom(table).execute();
}
