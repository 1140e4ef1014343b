import dns from 'node:dns';
import net from 'node:net';
import { ApiError } from '../../http/api-error.js';
import { isPrivateAddress } from '../../http/remote-fetch.js';
import type { ReaderPool } from '../../db/reader.js';
import { connectionFailed, type ConnectionType, type ExternalDb } from './drivers/driver.js';
import { openMysql } from './drivers/mysql.js';
import { openPostgres } from './drivers/postgres.js';
import { openSqlite, sqliteFile } from './drivers/sqlite.js';

/** A connection's settings, checked, with the password in the clear (never stored so). */
export interface ConnectionSettings {
  type: ConnectionType;
  host: string;
  port: number;
  database: string;
  username: string;
  password: string;
}

export const DEFAULT_PORTS: Record<ConnectionType, number> = { POSTGRESQL: 5432, MYSQL: 3306, SQLITE: 0 };

/**
 * The address a connection may use for `host`, by the policy of server-side downloads
 * (http/remote-fetch.ts): loopback, private and link-local addresses only when the operator allows
 * them (BASALT_REMOTE_FETCH_PRIVATE). The name is resolved here and the driver connects to the
 * address checked, so a name cannot resolve to a public address for the check and a private one
 * for the connection.
 */
export async function allowedAddress(host: string, allowPrivate: boolean): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  const refused = () =>
    ApiError.field(
      'VALIDATION',
      'host',
      `${host} is a private address, not reachable from the server (private addresses need BASALT_REMOTE_FETCH_PRIVATE)`,
    );
  if (net.isIP(bare)) {
    if (!allowPrivate && isPrivateAddress(bare)) throw refused();
    return bare;
  }
  let list: dns.LookupAddress[];
  try {
    list = await dns.promises.lookup(bare, { all: true });
  } catch (err) {
    throw connectionFailed('DNS', err);
  }
  if (list.length === 0) throw connectionFailed('DNS', new Error(`${host} has no address`));
  if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) throw refused();
  return list[0].address;
}

export interface OpenOptions {
  allowPrivate: boolean;
  sqliteDir: string | undefined;
  readers: () => ReaderPool;
}

/** Opens a session with the external database of `s`; the caller closes it. */
export async function openExternal(s: ConnectionSettings, o: OpenOptions): Promise<ExternalDb> {
  if (s.type === 'SQLITE') return openSqlite(o.readers(), sqliteFile(o.sqliteDir, s.database));
  const address = await allowedAddress(s.host, o.allowPrivate);
  const spec = { ...s, address };
  return s.type === 'POSTGRESQL' ? openPostgres(spec) : openMysql(spec);
}

/** Runs `fn` with an open session and closes it whatever happens. */
export async function withExternal<T>(
  s: ConnectionSettings,
  o: OpenOptions,
  fn: (db: ExternalDb) => Promise<T>,
): Promise<T> {
  const db = await openExternal(s, o);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
