import mysql from 'mysql2/promise';
import { ApiError } from '../../../http/api-error.js';
import {
  capped,
  connectionFailed,
  cutRows,
  plainRow,
  sqlFailed,
  timedOut,
  type ConnectSpec,
  type ExternalDb,
  type ReadLimits,
  type Row,
} from './driver.js';

const CONNECT_TIMEOUT_MS = 5000;
/** Statement interrupted by max_statement_time (MariaDB) or max_execution_time (MySQL). */
const TIMEOUT_ERRNOS = new Set([1969, 3024, 1317]);

/** A session with an external MySQL or MariaDB database (one connection per request). */
export async function openMysql(spec: ConnectSpec): Promise<ExternalDb> {
  let conn: mysql.Connection;
  try {
    conn = await mysql.createConnection({
      host: spec.address,
      port: spec.port,
      user: spec.username,
      password: spec.password,
      database: spec.database,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Dates as the database writes them: no time zone guessing on our side.
      dateStrings: true,
      supportBigNumbers: true,
      multipleStatements: false,
    });
  } catch (err) {
    throw connectionFailed('MySQL', err);
  }
  conn.on('error', () => undefined);
  const [[version]] = (await conn.query('select version() as v')) as unknown as [[{ v: string }]];
  const mariadb = /mariadb/i.test(version.v);
  const product = mariadb ? 'MariaDB' : 'MySQL';

  const readOnly = async <T>(limits: ReadLimits, fn: (timeout: number) => Promise<T>): Promise<T> => {
    const ms = Math.max(1, Math.floor(limits.timeoutMs));
    // The server stops the statement itself; the client's own timeout (a little later) is the backstop.
    await conn.query(
      mariadb ? `set session max_statement_time = ${ms / 1000}` : `set session max_execution_time = ${ms}`,
    );
    await conn.query('start transaction read only');
    try {
      return await fn(ms + 2000);
    } catch (err) {
      const e = err as { errno?: number; code?: string };
      if (TIMEOUT_ERRNOS.has(e.errno ?? 0) || e.code === 'PROTOCOL_SEQUENCE_TIMEOUT') throw timedOut(limits.timeoutMs);
      if (e.errno === 1792)
        throw new ApiError('SQL_NOT_READ_ONLY', `${product}: ${(err as Error).message} (the select runs read-only)`);
      if (err instanceof ApiError) throw err;
      throw sqlFailed(product, err);
    } finally {
      await conn.query('rollback').catch(() => undefined);
    }
  };

  const meta = { timeoutMs: 10_000, maxRows: 10_000 };
  const rowsOf = (r: unknown) => (r as [Row[]])[0];
  return {
    dialect: 'mysql',
    tables: () =>
      readOnly(meta, async () =>
        rowsOf(
          await conn.query(
            `select table_schema as \`schema\`, table_name as name, table_type as type
               from information_schema.tables where table_schema = database() order by table_name`,
          ),
        ).map((t) => ({
          name: String(t.name),
          schema: String(t.schema),
          type: t.type === 'VIEW' ? ('VIEW' as const) : ('TABLE' as const),
        })),
      ),
    routines: () =>
      readOnly(meta, async () =>
        rowsOf(
          await conn.query(
            `select routine_schema as \`schema\`, routine_name as name, routine_type as type
               from information_schema.routines where routine_schema = database() order by routine_name`,
          ),
        ).map((t) => ({
          name: String(t.name),
          schema: String(t.schema),
          type: t.type === 'PROCEDURE' ? ('PROCEDURE' as const) : ('FUNCTION' as const),
        })),
      ),
    read: (text, values, limits) =>
      readOnly(limits, async (timeout) => {
        // A prepared statement: the values travel bound, never written into the text (query() would).
        const rows = rowsOf(await conn.execute({ sql: capped(text, limits.maxRows), timeout }, values as never));
        return cutRows(rows.map(plainRow), limits.maxRows);
      }),
    explain: (text, values, limits) =>
      readOnly(limits, async (timeout) =>
        rowsOf(await conn.execute({ sql: `explain ${text}`, timeout }, values as never)),
      ),
    call: async (text, values, limits) => {
      const ms = Math.max(1, Math.floor(limits.timeoutMs));
      await conn.query(
        mariadb ? `set session max_statement_time = ${ms / 1000}` : `set session max_execution_time = ${ms}`,
      );
      await conn.query('start transaction');
      try {
        const [result] = (await conn.execute({ sql: text, timeout: ms + 2000 }, values as never)) as unknown as [
          unknown,
        ];
        await conn.query('commit');
        // CALL answers its result sets then a status; a select answers the rows.
        const sets = Array.isArray(result) ? (result as unknown[]) : [];
        const rows = (Array.isArray(sets[0]) ? sets[0] : sets.every((r) => !Array.isArray(r)) ? sets : []) as Row[];
        return cutRows(rows.map(plainRow), limits.maxRows);
      } catch (err) {
        await conn.query('rollback').catch(() => undefined);
        const e = err as { errno?: number; code?: string };
        if (TIMEOUT_ERRNOS.has(e.errno ?? 0) || e.code === 'PROTOCOL_SEQUENCE_TIMEOUT')
          throw timedOut(limits.timeoutMs);
        if (err instanceof ApiError) throw err;
        throw sqlFailed(product, err);
      }
    },
    close: () => conn.end().catch(() => undefined),
  };
}
