import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import { directOf, runNow, type Direct } from './run-now.js';

interface Waiting {
  query: CompiledQuery;
  resolve: (result: QueryResult<any>) => void;
  reject: (err: unknown) => void;
}

/** Writes waiting for the end of this turn of the event loop, per SQLite handle. */
const waiting = new WeakMap<Direct, Waiting[]>();

/** Group commits made since start (tests read it to know that writes were grouped). */
export const groupCommits = { count: 0 };

/**
 * Runs one writing statement (an `INSERT … RETURNING`, say) in one transaction with the other
 * writes to the same SQLite store that arrive in the same turn of the event loop: a group commit.
 *
 * On SQLite most of a single-row write's cost is its commit (each commit appends every page it
 * touched to the WAL: the table's and each index's), and concurrent app requests each commit on
 * their own. Writes handed in during one turn are run together after the turn's I/O callbacks
 * (setImmediate), so a busy server commits once for many writes, and an idle one waits no timer.
 *
 * Each write keeps its own outcome, as if run alone:
 * - a statement that fails on a constraint (a unique clash) is undone by SQLite on its own while
 *   the transaction goes on, so only that write is refused with its error;
 * - when the transaction itself is lost (an error that rolls it back, a failed commit, a handle
 *   that is busy or already in another transaction), nothing of it was committed, and every write
 *   of the group is run again alone through `runNow`, which answers each its own way.
 * Answers are given only after the commit, so a caller never sees a row that could still vanish.
 * PostgreSQL and transaction handles take `runNow`'s path at once.
 */
export function runGrouped<R>(db: Kysely<any>, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  const direct = directOf(db);
  if (!direct) return runNow(db, query);
  return new Promise<QueryResult<R>>((resolve, reject) => {
    let group = waiting.get(direct);
    if (!group) {
      group = [];
      waiting.set(direct, group);
      setImmediate(() => flush(db, direct));
    }
    group.push({ query, resolve, reject });
  });
}

function alone(db: Kysely<any>, group: Waiting[]): void {
  for (const w of group) runNow(db, w.query).then(w.resolve, w.reject);
}

function flush(db: Kysely<any>, direct: Direct): void {
  const group = waiting.get(direct)!;
  waiting.delete(direct);
  if (group.length === 1 || direct.handle.inTransaction) return alone(db, group);
  const outcomes: Array<QueryResult<unknown> | { err: unknown }> = [];
  try {
    direct.prepare('BEGIN').run();
  } catch {
    // Busy (a streamed read holds the handle) or refused: each write goes its own way.
    return alone(db, group);
  }
  for (const w of group) {
    try {
      const stmt = direct.prepare(w.query.sql);
      const params = w.query.parameters as unknown[];
      if (stmt.reader) outcomes.push({ rows: stmt.all(params) });
      else {
        // As Kysely's SQLite driver answers a statement without rows.
        const { changes, lastInsertRowid } = stmt.run(params);
        outcomes.push({ rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) });
      }
    } catch (err) {
      if (!direct.handle.inTransaction) return alone(db, group);
      outcomes.push({ err });
    }
  }
  try {
    direct.prepare('COMMIT').run();
  } catch {
    try {
      if (direct.handle.inTransaction) direct.prepare('ROLLBACK').run();
    } catch (err) {
      // Nothing more can be done in this turn for a handle that refuses to roll back.
      for (const w of group) w.reject(err);
      return;
    }
    return alone(db, group);
  }
  groupCommits.count++;
  group.forEach((w, i) => {
    const o = outcomes[i];
    if ('err' in o) w.reject(o.err);
    else w.resolve(o);
  });
}
