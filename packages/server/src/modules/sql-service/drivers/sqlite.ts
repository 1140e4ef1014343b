import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../../http/api-error.js';
import { ReadStopped, type ReaderPool } from '../../../db/reader.js';
import {
  capped,
  cutRows,
  plainRow,
  sqlFailed,
  timedOut,
  type ExternalDb,
  type ReadLimits,
  type Row,
} from './driver.js';

/**
 * The SQLite file a connection names, resolved inside the one directory the operator allowed
 * (BASALT_SQL_SQLITE_DIR). Relative names are taken from that directory; `..`, absolute paths
 * elsewhere and links that lead out are refused, so a developer cannot open the server's own files.
 */
export function sqliteFile(allowedDir: string | undefined, database: string): string {
  if (!allowedDir)
    throw ApiError.field(
      'VALIDATION',
      'database',
      'SQLite connections are off on this server: the operator allows them with BASALT_SQL_SQLITE_DIR',
    );
  if (typeof database !== 'string' || database.length === 0 || database.length > 1024 || database.includes('\0'))
    throw ApiError.field('VALIDATION', 'database', "'database' must be the path of a SQLite file");
  let root: string;
  try {
    root = fs.realpathSync(allowedDir);
  } catch {
    throw ApiError.field('VALIDATION', 'database', 'The directory allowed for SQLite files does not exist');
  }
  const inside = (p: string) => p === root || p.startsWith(root + path.sep);
  const wanted = path.resolve(root, database);
  if (!inside(wanted)) throw refusedPath(database);
  let real: string;
  try {
    real = fs.realpathSync(wanted);
  } catch {
    throw ApiError.field('VALIDATION', 'database', `There is no SQLite file '${database}' in the allowed directory`);
  }
  if (!inside(real) || !fs.statSync(real).isFile()) throw refusedPath(database);
  return real;
}

function refusedPath(database: string): ApiError {
  return ApiError.field(
    'VALIDATION',
    'database',
    `'${database.slice(0, 200)}' is outside the directory allowed for SQLite files (BASALT_SQL_SQLITE_DIR)`,
  );
}

/**
 * A SQLite file read on the reader threads: each opens it read-only, each read has a deadline and
 * the thread refuses a statement that is not a reading one. Nothing runs on the event loop.
 */
export function openSqlite(readers: ReaderPool, file: string): ExternalDb {
  const run = async (text: string, values: unknown[], limits: ReadLimits): Promise<Row[]> => {
    try {
      return (await readers.read(file, text, values, Date.now() + limits.timeoutMs)) as Row[];
    } catch (err) {
      if (err instanceof ReadStopped) throw timedOut(limits.timeoutMs);
      if (/only reading statements/i.test((err as Error).message))
        throw new ApiError('SQL_NOT_READ_ONLY', 'SQLite: only a reading statement may run');
      throw sqlFailed('SQLite', err);
    }
  };
  const meta = { timeoutMs: 10_000, maxRows: 10_000 };
  return {
    dialect: 'sqlite',
    tables: async () =>
      (
        await run(
          "select name, type from main.sqlite_master where type in ('table', 'view') and name not like 'sqlite\\_%' escape '\\' order by name",
          [],
          meta,
        )
      ).map((t) => ({ name: String(t.name), schema: null, type: t.type === 'view' ? 'VIEW' : 'TABLE' })),
    // SQLite has no stored routines.
    routines: async () => [],
    read: async (text, values, limits) =>
      cutRows((await run(capped(text, limits.maxRows), values, limits)).map(plainRow), limits.maxRows),
    explain: (text, values, limits) => run(`explain query plan ${text}`, values, limits),
    call: async () => {
      throw new ApiError('BAD_REQUEST', 'SQLite has no stored procedures');
    },
    close: async () => undefined,
  };
}
