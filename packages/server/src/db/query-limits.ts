import type { ServerResponse } from 'node:http';
import type Database from 'better-sqlite3';
import { ErrorCodes } from '@basalt/shared';
import {
  createQueryId,
  createSelectQueryBuilder,
  type CompiledQuery,
  type Kysely,
  type QueryResult,
  type SelectQueryBuilder,
} from 'kysely';
import { ApiError } from '../http/api-error.js';
import type { Databases } from './dialect.js';
import { directOf } from './run-now.js';
import { ReadStopped, type ReaderPool } from './reader.js';

/**
 * Query time limits of app-data reads (decision 0017): every find, count, grouped or view query,
 * id select and CSV page of an app's records runs through `Databases.readApp`, which stops it at
 * the configured limit (`BASALT_QUERY_TIMEOUT_MS`) and when the client that asked for it goes
 * away, on both databases. Migrations, DDL, writes and the system database never come here.
 */

/** The default of `BASALT_QUERY_TIMEOUT_MS`. */
export const DEFAULT_QUERY_TIMEOUT_MS = 5000;

/**
 * `SLOW_ON_MAIN_STRIKES` main-thread runs in a row of a SQLite read, each longer than this share of
 * the time limit (at least `SLOW_ON_MAIN_FLOOR_MS`), send later runs of the same statement to a
 * reader thread: the plan looked cheap, the data says otherwise. Measured with the wall clock, so
 * it is set far above what a busy machine adds to a cheap statement by descheduling the thread, and
 * one slow run is not enough: with one run over 20 ms, a 1.6 ms count under a load of 15 on 2 cores
 * was taken for slow within seconds and moved to the readers for good.
 */
export const SLOW_ON_MAIN_SHARE = 0.1;
export const SLOW_ON_MAIN_FLOOR_MS = 100;
export const SLOW_ON_MAIN_STRIKES = 3;

/** "5 s", "1.5 s", "0.2 s". */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(ms < 1000 ? 2 : 1))} s`;
}

/** The answer to a query that ran out of time: the caller's query, not the server, is at fault. */
export function queryTimedOut(limitMs: number): ApiError {
  return ApiError.badRequest(
    `The query ran longer than ${seconds(limitMs)} (the query time limit); narrow the where clause`,
    { limit: 'queryTime', limitMs },
  );
}

/** A query stopped because its client closed the connection: nobody reads this answer. */
export function clientLeft(): ApiError {
  return new ApiError(ErrorCodes.CLIENT_CLOSED, 'The client closed the connection before the answer');
}

/**
 * The thread or connection running the query died under it (a reader thread on SQLite, the server
 * process of the connection on PostgreSQL): the server goes on, and the query may be sent again.
 */
export function queryInterrupted(): ApiError {
  return ApiError.unavailable('The query was interrupted by a failure on the server; send it again');
}

/**
 * The response a read is made for: when its client goes away before the answer, the read stops.
 * Handed down explicitly with the query (a `FindSpec`'s `client`, `readApp`'s last argument) by the
 * HTTP layer (route handlers and the app API's fast lane), never found through an
 * AsyncLocalStorage: that would switch on async hooks for every promise of every request, about a
 * fifth of the CPU of an app API find (measured 2026-11-27, decision 0025). Undefined outside a
 * request (startup, jobs, services called by other services).
 */
export type Answering = ServerResponse | undefined;

/**
 * A signal that aborts when the client of `res` goes away before its answer, and the function that
 * stops watching (call it when the query is over). Undefined without a response.
 */
export function clientGone(res: Answering): { signal: AbortSignal; release: () => void } | undefined {
  if (!res) return undefined;
  const controller = new AbortController();
  if (res.writableFinished) return { signal: controller.signal, release: () => {} };
  if (res.destroyed) {
    controller.abort();
    return { signal: controller.signal, release: () => {} };
  }
  const onClose = () => {
    if (!res.writableFinished) controller.abort();
  };
  res.once('close', onClose);
  return { signal: controller.signal, release: () => res.off('close', onClose) };
}

/** Where a SQLite read runs: on the main thread (at once) or on a reader thread (limited). */
type Place = 'main' | 'reader';
/** Per cached statement (a schema change or eviction drops it): its place and its slow runs in a row. */
const places = new WeakMap<Database.Statement, { place: Place; slow: number }>();

/**
 * Decides from SQLite's plan whether a statement can run long. On the main thread stay those that
 * reach one table through an index (`SEARCH`: their cost is the rows the index finds) and those that
 * read one table in order without a condition (a page or a count of the whole table). Everything
 * else goes to a reader thread: joins and correlated subqueries (relation paths: their cost
 * multiplies with each hop), and a scan that tests a condition on every row (LIKE, unindexed
 * columns: its cost grows with the table). A plan that cannot be read goes to a reader too.
 */
function placeOf(
  handle: Database.Database,
  stmt: Database.Statement,
  query: CompiledQuery,
): { place: Place; slow: number } {
  const known = places.get(stmt);
  if (known) return known;
  let place: Place = 'reader';
  try {
    const plan = (
      handle.prepare(`explain query plan ${query.sql}`).all(query.parameters as unknown[]) as Array<{ detail: string }>
    ).map((r) => r.detail);
    const reads = plan.filter((d) => /^(SCAN|SEARCH) /.test(d));
    const nested = plan.some((d) => /SUBQUERY|CO-ROUTINE|MATERIALIZE|AUTOMATIC|MULTI-INDEX|COMPOUND|UNION/.test(d));
    if (reads.length === 1 && !nested && (reads[0].startsWith('SEARCH ') || !/\bwhere\b/i.test(query.sql)))
      place = 'main';
  } catch {
    // Busy (a streamed read holds the handle) or not explainable: the reader is always safe.
  }
  const decided = { place, slow: 0 };
  places.set(stmt, decided);
  return decided;
}

/**
 * A statement this long, or with this many bound values, goes to a reader thread without being
 * prepared on the main thread: SQLite parses and plans it once to read its plan (`placeOf`) and once
 * more to run it, and for the SQL of an IN list of 10,000 values or a chain of 1,000 comparisons
 * each of those took several milliseconds of the event loop (decision 0044). Such a statement is
 * never among the cheap ones `placeOf` keeps on the main thread anyway, except a search by id list,
 * which a reader answers as well. Typical app queries (a few hundred characters and values) are
 * far below both numbers.
 */
export const BIG_STATEMENT_CHARS = 8_000;
export const BIG_STATEMENT_VALUES = 500;

/** True for a statement that goes straight to a reader thread (see `BIG_STATEMENT_CHARS`). */
export function isBigStatement(query: { sql: string; parameters: readonly unknown[] }): boolean {
  return query.sql.length > BIG_STATEMENT_CHARS || query.parameters.length > BIG_STATEMENT_VALUES;
}

/** better-sqlite3 refuses a statement while another one of the handle is being iterated. */
const isBusy = (err: unknown) => err instanceof TypeError && /busy executing a query/i.test(err.message);

/**
 * An app-data read on SQLite. Cheap statements (see `placeOf`) run at once on the main thread, as
 * `runNow` runs them (after the connection lock when a transaction is open); three runs in a row
 * longer than a tenth of the limit move the statement to the readers from then on. The others run on a reader
 * thread with the time limit and the client's signal, and the main thread answers other requests
 * meanwhile. A reader sees every write committed before the read was handed in: writes, grouped or
 * not, are answered only after their COMMIT.
 */
export async function readSqlite<R>(
  db: Kysely<any>,
  file: string,
  readers: ReaderPool,
  query: CompiledQuery<R>,
  limitMs: number,
  client?: Answering,
): Promise<QueryResult<R>> {
  const direct = directOf(db);
  if (direct && !isBigStatement(query)) {
    let stmt: Database.Statement | undefined;
    try {
      stmt = direct.prepare(query.sql);
    } catch (err) {
      if (!isBusy(err)) throw err;
    }
    if (stmt && !stmt.reader) throw new Error('readApp runs reading statements only');
    const placed = stmt && placeOf(direct.handle, stmt, query);
    if (placed && placed.place === 'main') {
      if (direct.handle.inTransaction) return db.executeQuery<R>(query);
      const started = performance.now();
      const rows = stmt!.all(query.parameters as unknown[]) as R[];
      if (performance.now() - started <= Math.max(SLOW_ON_MAIN_FLOOR_MS, limitMs * SLOW_ON_MAIN_SHARE)) placed.slow = 0;
      else if (++placed.slow >= SLOW_ON_MAIN_STRIKES) placed.place = 'reader';
      return { rows };
    }
  }
  const gone = clientGone(client);
  try {
    return { rows: (await readers.read(file, query.sql, query.parameters, Date.now() + limitMs, gone?.signal)) as R[] };
  } catch (err) {
    if (err instanceof ReadStopped)
      throw err.reason === 'deadline'
        ? queryTimedOut(limitMs)
        : err.reason === 'stopped'
          ? clientLeft()
          : queryInterrupted();
    throw err;
  } finally {
    gone?.release();
  }
}

/**
 * The select `q` (built on an app store's Kysely) rebound so that executing it runs as
 * `dbs.readApp`: for selects finished and executed by code that builds on `RecordsQuery.filtered`
 * (a data view's groups). Its SQL is unchanged: same compiler, same plugins (the PostgreSQL schema).
 */
export function limitedSelect<Q extends SelectQueryBuilder<any, any, any>>(
  dbs: Databases,
  appId: string,
  q: Q,
  client?: Answering,
): Q {
  const executor = dbs
    .app(appId)
    .getExecutor()
    .withConnectionProvider({
      provideConnection: (consume) =>
        consume({
          executeQuery: <R>(query: CompiledQuery) => dbs.readApp(appId, query as CompiledQuery<R>, client),
          streamQuery: () => {
            throw new Error('App-data reads under the query time limit are not streamed');
          },
        }),
    });
  return createSelectQueryBuilder({
    queryId: createQueryId(),
    executor,
    queryNode: q.toOperationNode(),
  }) as unknown as Q;
}
