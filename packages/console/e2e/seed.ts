import { createRequire } from 'node:module';

// The server's own drivers, borrowed so journeys can seed big tables in seconds instead of
// sending a million rows over HTTP.
const require = createRequire(import.meta.url);

/** The key the server derives from an app id for its store's file or schema name. */
function appKey(appId: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(appId)) throw new Error(`unexpected app id ${appId}`);
  return appId.replace(/-/g, '').toLowerCase();
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Writes `count` rows `label = 'Event #<i>'`, `seq = <i>` (i from 0) straight into a table of an
 * app kept in PostgreSQL, by the physical names the data area records in its metadata.
 * One `insert … select from generate_series`: a million rows take a few seconds.
 */
export async function seedEventsPg(
  databaseUrl: string,
  schemaPrefix: string,
  appId: string,
  table: string,
  count: number,
): Promise<void> {
  const pg = require('pg') as typeof import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const schema = quote(`${schemaPrefix}app_${appKey(appId)}`);
    const meta = await client.query<{ table_id: string; sql_name: string }>(
      `select table_id, sql_name from ${schema}.meta_tables where name = $1`,
      [table],
    );
    if (!meta.rows[0]) throw new Error(`table ${table} is not in app ${appId}`);
    const { table_id: tableId, sql_name: tableSql } = meta.rows[0];
    const cols = await client.query<{ name: string; sql_name: string }>(
      `select name, sql_name from ${schema}.meta_columns where table_id = $1`,
      [tableId],
    );
    const col = Object.fromEntries(cols.rows.map((c) => [c.name, quote(c.sql_name)]));
    if (!col.label || !col.seq) throw new Error(`table ${table} needs columns label and seq`);
    await client.query(
      `insert into ${schema}.${quote(tableSql)} ("objectId", "created", "updated", "ownerId", ${col.label}, ${col.seq})
       select '00000000-0000-7000-8000-' || lpad(i::text, 12, '0'), 1700000000000 + i, 1700000000000 + i, null, 'Event #' || i, i
       from generate_series(0, $1::int - 1) as i`,
      [count],
    );
    // Fresh statistics, as autovacuum would give a table that grew this much.
    await client.query(`analyze ${schema}.${quote(tableSql)}`);
  } finally {
    await client.end();
  }
}
