import pg from 'pg';
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

/** Errors of the statement itself (SQLSTATE class 57014 cancel, 25006 read-only) become our codes. */
function readError(err: unknown, limits: ReadLimits): ApiError {
  const code = (err as { code?: string }).code;
  if (code === '57014') return timedOut(limits.timeoutMs);
  if (code === '25006')
    return new ApiError('SQL_NOT_READ_ONLY', `PostgreSQL: ${(err as Error).message} (the select runs read-only)`);
  if (err instanceof ApiError) return err;
  return sqlFailed('PostgreSQL', err);
}

/** bigint (counts, ids) as numbers when exact, else as text; every other type as pg reads it. */
function typeParser(oid: number, format?: string): unknown {
  if (oid === 20)
    return (v: string) => {
      const n = Number(v);
      return Number.isSafeInteger(n) ? n : v;
    };
  return (pg.types.getTypeParser as (o: number, f?: string) => unknown)(oid, format);
}

/** A session with an external PostgreSQL database (one client, no pool: opened per request). */
export async function openPostgres(spec: ConnectSpec): Promise<ExternalDb> {
  const client = new pg.Client({
    host: spec.address,
    port: spec.port,
    database: spec.database,
    user: spec.username,
    password: spec.password,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'basalt-sql-service',
    types: { getTypeParser: typeParser as never },
  });
  // A connection that ends while idle must not end the server.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw connectionFailed('PostgreSQL', err);
  }

  /** Runs `fn` in a READ ONLY transaction whose statements stop at the time limit. */
  const readOnly = async <T>(limits: ReadLimits, fn: () => Promise<T>): Promise<T> => {
    await client.query('begin transaction isolation level repeatable read read only');
    try {
      await client.query(`set local statement_timeout = ${Math.max(1, Math.floor(limits.timeoutMs))}`);
      return await fn();
    } catch (err) {
      throw readError(err, limits);
    } finally {
      await client.query('rollback').catch(() => undefined);
    }
  };

  const meta = { timeoutMs: 10_000, maxRows: 10_000 };
  return {
    dialect: 'postgres',
    tables: () =>
      readOnly(meta, async () => {
        const r = await client.query(
          `select table_schema as schema, table_name as name, table_type as type
             from information_schema.tables
            where table_schema not in ('pg_catalog', 'information_schema')
            order by table_schema, table_name`,
        );
        return r.rows.map((t) => ({ name: t.name, schema: t.schema, type: t.type === 'VIEW' ? 'VIEW' : 'TABLE' }));
      }),
    routines: () =>
      readOnly(meta, async () => {
        const r = await client.query(
          `select routine_schema as schema, routine_name as name, routine_type as type
             from information_schema.routines
            where routine_schema not in ('pg_catalog', 'information_schema')
            order by routine_schema, routine_name`,
        );
        return r.rows.map((t) => ({
          name: t.name,
          schema: t.schema,
          type: t.type === 'PROCEDURE' ? 'PROCEDURE' : 'FUNCTION',
        }));
      }),
    read: (text, values, limits) =>
      readOnly(limits, async () => {
        const r = await client.query({ text: capped(text, limits.maxRows), values });
        return cutRows((r.rows as Row[]).map(plainRow), limits.maxRows);
      }),
    explain: (text, values, limits) =>
      readOnly(limits, async () => {
        const r = await client.query({ text: `explain ${text}`, values });
        return r.rows as Row[];
      }),
    call: async (text, values, limits) => {
      await client.query('begin');
      try {
        await client.query(`set local statement_timeout = ${Math.max(1, Math.floor(limits.timeoutMs))}`);
        const r = await client.query({ text, values });
        await client.query('commit');
        return cutRows(((r.rows ?? []) as Row[]).map(plainRow), limits.maxRows);
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw readError(err, limits);
      }
    },
    close: () => client.end().catch(() => undefined),
  };
}
