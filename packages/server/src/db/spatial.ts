import Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';

/**
 * Whether this machine can serve spatial columns (decision 0028): SpatiaLite for SQLite (Debian
 * `libsqlite3-mod-spatialite`), PostGIS for PostgreSQL (Debian `postgresql-15-postgis-3`). The
 * server starts without either; only spatial columns are then refused, with what to install.
 */
export type SpatialSupport = { available: true } | { available: false; reason: string };

/** The SpatiaLite module as SQLite's loader finds it on the library path. */
export const SPATIALITE = 'mod_spatialite';

const probed = new Map<string, SpatialSupport>();

/** Probes once per module whether SpatiaLite loads into a better-sqlite3 connection. */
export function spatialiteSupport(module = SPATIALITE): SpatialSupport {
  let spatialite = probed.get(module);
  if (!spatialite) {
    const probe = new Database(':memory:');
    try {
      probe.loadExtension(module);
      spatialite = { available: true };
    } catch (err) {
      spatialite = {
        available: false,
        reason: `Spatial columns need the SpatiaLite extension for SQLite, which did not load (${String((err as Error).message).slice(0, 200)}): install it (Debian: apt-get install libsqlite3-mod-spatialite) and restart the server`,
      };
    } finally {
      probe.close();
    }
    probed.set(module, spatialite);
  }
  return spatialite;
}

/**
 * Makes sure PostGIS is installed in the database. The extension belongs to the whole database,
 * not to an app's schema, so it is created once, in the schema PostgreSQL picks (`public` by
 * default), and every app schema uses it through the search path. Creating it needs a superuser
 * (or the database owner with PostGIS marked trusted); without that right an administrator runs
 * `CREATE EXTENSION postgis` once and the server finds it.
 */
export async function ensurePostgis(db: Kysely<any>): Promise<SpatialSupport> {
  const installed = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'postgis'`.execute(db))
      .rows[0].n > 0;
  if (await installed()) return { available: true };
  const offered =
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'postgis'`.execute(
        db,
      )
    ).rows[0].n > 0;
  if (!offered) {
    return {
      available: false,
      reason:
        'Spatial columns need the PostGIS extension, which this PostgreSQL server does not have: install it (Debian: apt-get install postgresql-15-postgis-3, matching the server version)',
    };
  }
  try {
    await sql`create extension if not exists postgis`.execute(db);
  } catch (err) {
    // Another server process may have created it at the same moment.
    if (await installed()) return { available: true };
    return {
      available: false,
      reason: `Spatial columns need the PostGIS extension, which could not be created (${String((err as Error).message).slice(0, 200)}): ask a database superuser to run CREATE EXTENSION postgis`,
    };
  }
  return { available: true };
}
