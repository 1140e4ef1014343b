import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabases, type Databases } from './dialect.js';
import { groupCommits, runGrouped } from './group-commit.js';
import { holdTransaction } from './db.test-helpers.js';

interface Row {
  id: string;
  n: number;
}

/**
 * Group commit on a real SQLite store: inserts handed in during one turn of the event loop commit
 * together, and each keeps the outcome it would have had alone.
 */
describe('runGrouped: one commit for the inserts of a turn, each with its own outcome', () => {
  let dbs: Databases;
  let dir: string;
  const db = () => dbs.app('g1');
  const insert = (id: string, n: number) =>
    runGrouped<Row>(db(), sql<Row>`insert into t (id, n) values (${id}, ${n}) returning *`.compile(db()));
  const ids = async () => (await db().selectFrom('t').select('id').orderBy('id').execute()).map((r) => r.id);
  const settle = <T>(ps: Array<Promise<T>>) => Promise.allSettled(ps);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-group-'));
    dbs = openDatabases({ dataDir: dir, pgSchemaPrefix: 'x' });
    await sql`create table t (id text primary key, n integer not null)`.execute(db());
    await sql`create table parent (id text primary key)`.execute(db());
    // A deferred foreign key is checked at COMMIT: a violating insert succeeds and the commit fails.
    await sql`create table child (id text primary key, parent text references parent(id) deferrable initially deferred)`.execute(
      db(),
    );
    // A trigger that rolls back the whole transaction when n is 666.
    await sql`create trigger t_poison before insert on t when new.n = 666 begin select raise(rollback, 'poisoned row'); end`.execute(
      db(),
    );
  });
  beforeEach(async () => {
    await sql`delete from t`.execute(db());
  });
  afterAll(async () => {
    await dbs.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('commits the inserts of one turn together and answers each its own row', async () => {
    const before = groupCommits.count;
    const answers = await Promise.all([insert('a', 1), insert('b', 2), insert('c', 3)]);
    expect(answers.map((a) => a.rows)).toEqual([[{ id: 'a', n: 1 }], [{ id: 'b', n: 2 }], [{ id: 'c', n: 3 }]]);
    expect(groupCommits.count - before).toBe(1);
    expect(await ids()).toEqual(['a', 'b', 'c']);
  });

  it('runs a lone insert on its own, not as a group', async () => {
    const before = groupCommits.count;
    expect((await insert('solo', 1)).rows).toEqual([{ id: 'solo', n: 1 }]);
    expect(groupCommits.count).toBe(before);
  });

  it('refuses only the insert that clashes; the others of its group are stored', async () => {
    const before = groupCommits.count;
    const [a, clash, c] = await settle([insert('a', 1), insert('a', 2), insert('c', 3)]);
    expect(a).toEqual({ status: 'fulfilled', value: { rows: [{ id: 'a', n: 1 }] } });
    expect(clash.status).toBe('rejected');
    expect(String((clash as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(c.status).toBe('fulfilled');
    expect(groupCommits.count - before).toBe(1);
    expect(await ids()).toEqual(['a', 'c']);
    expect((await db().selectFrom('t').select('n').where('id', '=', 'a').executeTakeFirst())?.n).toBe(1);
  });

  it('runs every insert again alone when an error rolls the whole group back', async () => {
    const before = groupCommits.count;
    const [a, poisoned, c] = await settle([insert('a', 1), insert('p', 666), insert('c', 3)]);
    expect(a.status).toBe('fulfilled');
    expect(poisoned.status).toBe('rejected');
    expect(String((poisoned as PromiseRejectedResult).reason)).toMatch(/poisoned row/);
    expect(c.status).toBe('fulfilled');
    expect(groupCommits.count).toBe(before);
    expect(await ids()).toEqual(['a', 'c']);
  });

  it('runs every insert again alone when the commit fails, so one bad row costs the others nothing', async () => {
    await sql`insert into parent (id) values ('p1')`.execute(db());
    const child = (id: string, parent: string) =>
      runGrouped(db(), sql`insert into child (id, parent) values (${id}, ${parent}) returning id`.compile(db()));
    const [good, orphan, good2] = await settle([child('c1', 'p1'), child('c2', 'missing'), child('c3', 'p1')]);
    expect(good.status).toBe('fulfilled');
    expect(orphan.status).toBe('rejected');
    expect(String((orphan as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(good2.status).toBe('fulfilled');
    const stored = (await db().selectFrom('child').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(stored).toEqual(['c1', 'c3']);
    // The failed commit's transaction was closed: the store takes grouped writes and transactions.
    await Promise.all([insert('after1', 1), insert('after2', 2)]);
    await db()
      .transaction()
      .execute((t) => sql`insert into t (id, n) values ('after3', 3)`.execute(t));
    expect(await ids()).toEqual(['after1', 'after2', 'after3']);
  });

  it('does not join a transaction another request holds open: its inserts wait and survive its rollback', async () => {
    const trx = await holdTransaction(db(), 'in-trx');
    const outside = Promise.all([insert('o1', 1), insert('o2', 2)]);
    // Let the grouped inserts reach their flush while the transaction is still open.
    await new Promise((r) => setImmediate(r));
    trx.rollBack();
    expect(await trx.outcome).toBe('roll back');
    expect((await outside).map((a) => a.rows)).toEqual([[{ id: 'o1', n: 1 }], [{ id: 'o2', n: 2 }]]);
    expect(await ids()).toEqual(['o1', 'o2']);
  });

  it('still answers while a streamed read of the same store holds the handle', async () => {
    for (const [i, id] of ['s1', 's2', 's3'].entries()) await insert(id, i);
    const stream = db().selectFrom('t').selectAll().stream();
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    const during = Promise.all([insert('d1', 1), insert('d2', 2)]);
    await new Promise((r) => setImmediate(r));
    await iterator.return?.();
    expect((await during).map((a) => a.rows)).toEqual([[{ id: 'd1', n: 1 }], [{ id: 'd2', n: 2 }]]);
    expect(await ids()).toEqual(['d1', 'd2', 's1', 's2', 's3']);
  });

  it('answers a statement without rows in a group as Kysely does: the rows it changed', async () => {
    const before = groupCommits.count;
    const [plain, ok] = await Promise.all([
      runGrouped(db(), sql`insert into t (id, n) values ('x', 1)`.compile(db())),
      insert('y', 2),
    ]);
    expect(plain.rows).toEqual([]);
    expect(plain.numAffectedRows).toBe(1n);
    expect(ok.rows).toEqual([{ id: 'y', n: 2 }]);
    expect(groupCommits.count - before).toBe(1);
    expect(await ids()).toEqual(['x', 'y']);
  });
});
