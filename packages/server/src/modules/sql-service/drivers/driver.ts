import { ApiError } from '../../../http/api-error.js';
import type { SqlDialect } from '../sql-text.js';

export type ConnectionType = 'POSTGRESQL' | 'MYSQL' | 'SQLITE';

/** What a driver needs to open an external database (the password already opened from its box). */
export interface ConnectSpec {
  type: ConnectionType;
  /** Address to connect to: the host name's address, checked by the private-address policy. */
  address: string;
  port: number;
  database: string;
  username: string;
  password: string;
}

export interface ReadLimits {
  timeoutMs: number;
  maxRows: number;
}

export interface TableInfo {
  name: string;
  schema: string | null;
  type: 'TABLE' | 'VIEW';
}

export interface RoutineInfo {
  name: string;
  schema: string | null;
  type: 'FUNCTION' | 'PROCEDURE';
}

export type Row = Record<string, unknown>;

/** Rows of one read, at most `maxRows`; `truncated` when the database had more. */
export interface ReadResult {
  rows: Row[];
  truncated: boolean;
}

/**
 * One open session with an external database. Every read runs in a read-only transaction with a
 * statement time limit and a row cap; the session is opened per request and always closed.
 */
export interface ExternalDb {
  readonly dialect: SqlDialect;
  tables(): Promise<TableInfo[]>;
  routines(): Promise<RoutineInfo[]>;
  /** Runs a checked read (placeholders already the driver's own). */
  read(text: string, values: unknown[], limits: ReadLimits): Promise<ReadResult>;
  /** The database's plan of a checked read, as rows. */
  explain(text: string, values: unknown[], limits: ReadLimits): Promise<Row[]>;
  /**
   * Runs a stored routine's call (data connectors, decision 0084) in a transaction of its own that
   * commits: a routine is the database owner's code and may write. Same time limit; rows cut at the cap.
   */
  call(text: string, values: unknown[], limits: ReadLimits): Promise<ReadResult>;
  close(): Promise<void>;
}

/** `SELECT * FROM (<query>) LIMIT n+1`: the row cap. The newlines end any `--` comment of the query. */
export function capped(text: string, maxRows: number): string {
  return `select * from (\n${text}\n) as basalt_q limit ${Math.max(1, Math.floor(maxRows)) + 1}`;
}

export function cutRows(rows: Row[], maxRows: number): ReadResult {
  return rows.length > maxRows ? { rows: rows.slice(0, maxRows), truncated: true } : { rows, truncated: false };
}

/** Values JSON can carry: buffers as base64, big integers as numbers when exact, else text. */
export function plainRow(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (Buffer.isBuffer(v)) out[k] = v.toString('base64');
    else if (typeof v === 'bigint') out[k] = Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
    else out[k] = v;
  }
  return out;
}

export const connectionFailed = (product: string, err: unknown) =>
  new ApiError('SQL_CONNECTION_FAILED', `${product}: ${messageOf(err)}`);

export const sqlFailed = (product: string, err: unknown) => new ApiError('SQL_ERROR', `${product}: ${messageOf(err)}`);

export const timedOut = (limitMs: number) =>
  new ApiError(
    'SQL_TIMEOUT',
    `The query ran longer than ${limitMs / 1000} s (the SQL service's time limit) and was cancelled`,
    { limitMs },
  );

export function messageOf(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  // AggregateError (several addresses refused) carries its reasons inside.
  if (!m && err instanceof AggregateError) return err.errors.map(messageOf).join('; ');
  return m.slice(0, 1000) || 'unknown error';
}
