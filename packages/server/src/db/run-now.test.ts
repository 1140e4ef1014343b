import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabases, type Databases } from './dialect.js';
import { runNow } from './run-now.js';
import { holdTransaction } from './db.test-helpers.js';

describe('runNow: reading statements without the connection lock, only when no transaction is open', () => {
  let dbs: Databases;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-runnow-'));
    dbs = openDatabases({ dataDir: dir, pgSchemaPrefix: 'x' });
    await sql`create table t (id text primary key, n integer)`.execute(dbs.app('a1'));
  });
  afterAll(async () => {
    await dbs.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const insert = (id: string, n: number) =>
    runNow<{ id: string; n: number }>(
      dbs.app('a1'),
      sql<{ id: string; n: number }>`insert into t (id, n) values (${id}, ${n}) returning *`.compile(dbs.app('a1')),
    );

  it('answers the same rows as the query builder, values bound', async () => {
    expect((await insert('a', 1)).rows).toEqual([{ id: 'a', n: 1 }]);
    const q = dbs.app('a1').selectFrom('t').selectAll().where('id', '=', "a' or 1=1 --").compile();
    expect((await runNow(dbs.app('a1'), q)).rows).toEqual([]);
    const all = dbs.app('a1').selectFrom('t').selectAll().orderBy('id').compile();
    expect((await runNow(dbs.app('a1'), all)).rows).toEqual(
      await dbs.app('a1').selectFrom('t').selectAll().orderBy('id').execute(),
    );
  });

  it('waits for a transaction another request holds open, so its write is not rolled back with it', async () => {
    const trx = await holdTransaction(dbs.app('a1'), 'in-trx');
    const outside = insert('outside', 3);
    trx.rollBack();
    expect(await trx.outcome).toBe('roll back');
    expect((await outside).rows).toEqual([{ id: 'outside', n: 3 }]);
    const ids = (await dbs.app('a1').selectFrom('t').select('id').execute()).map((r) => r.id);
    expect(ids).toContain('outside');
    expect(ids).not.toContain('in-trx');
  });

  it('still answers while a streamed read of the same store is open', async () => {
    for (let i = 0; i < 5; i++) await insert(`s${i}`, i);
    const stream = dbs.app('a1').selectFrom('t').selectAll().stream();
    const it1 = stream[Symbol.asyncIterator]();
    await it1.next();
    const more = insert('during-stream', 9);
    await it1.return?.();
    expect((await more).rows).toEqual([{ id: 'during-stream', n: 9 }]);
  });

  it('passes database errors through unchanged', async () => {
    await expect(insert('a', 5)).rejects.toThrow(/UNIQUE/);
  });
});
