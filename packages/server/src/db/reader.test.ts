import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReaderPool, ReadStopped } from './reader.js';
import { openDatabases, type Databases } from './dialect.js';

const dirs: string[] = [];
function store(): { file: string; handle: Database.Database } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-reader-'));
  dirs.push(dir);
  const file = path.join(dir, 'store.db');
  const handle = new Database(file);
  handle.pragma('journal_mode = WAL');
  handle.exec('create table t (id integer primary key, n integer, body text)');
  const insert = handle.prepare('insert into t (n, body) values (?, ?)');
  handle.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run(i, `row ${i}`);
  })();
  return { file, handle };
}
/** Four copies of a 2,000-row table joined: 1.6e13 row combinations, none of which matches. */
const ENDLESS = 'select count(*) as c from t a, t b, t c, t d where a.n + b.n + c.n + d.n < 0';
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: unknown) => err,
  );
async function until(check: () => boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
}

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('reader threads: long reads off the event loop, stopped from inside the statement', () => {
  it('answers rows and sees every write committed before the read, schema changes included', async () => {
    const { file, handle } = store();
    const pool = new ReaderPool(1);
    try {
      expect(await pool.read(file, 'select count(*) as c from t', [], Date.now() + 5000)).toEqual([{ c: 2000 }]);
      handle.prepare('insert into t (n, body) values (?, ?)').run(-1, 'new');
      expect(await pool.read(file, 'select body from t where n = ?', [-1], Date.now() + 5000)).toEqual([
        { body: 'new' },
      ]);
      handle.exec('alter table t add column extra text; create table u (id integer primary key, label text)');
      handle.prepare('insert into u (label) values (?)').run('in u');
      handle.prepare('update t set extra = ? where n = ?').run('x', -1);
      expect(await pool.read(file, 'select t.extra, u.label from t, u where t.n = ?', [-1], Date.now() + 5000)).toEqual(
        [{ extra: 'x', label: 'in u' }],
      );
      const err = await rejection(pool.read(file, 'select nope from t', [], Date.now() + 5000));
      expect((err as { code?: string }).code).toBe('SQLITE_ERROR');
      expect(String(err)).toContain('nope');
    } finally {
      await pool.close();
      handle.close();
    }
  });

  it('stops a statement at its deadline, while the event loop stays free, and is free for the next read', async () => {
    const { file, handle } = store();
    const pool = new ReaderPool(1);
    try {
      const started = Date.now();
      const pending = rejection(pool.read(file, ENDLESS, [], Date.now() + 300));
      // Timers keep firing on this thread while the statement runs on the reader.
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      const err = await pending;
      clearInterval(timer);
      expect(err).toBeInstanceOf(ReadStopped);
      expect((err as ReadStopped).reason).toBe('deadline');
      expect(ticks).toBeGreaterThan(5);
      // Stopped by the statement itself (well before the pool's own grace), not by replacing the thread.
      expect(Date.now() - started).toBeLessThan(1000);
      expect(pool.threads).toHaveLength(1);
      expect(await pool.read(file, 'select count(*) as c from t', [], Date.now() + 5000)).toEqual([{ c: 2000 }]);
    } finally {
      await pool.close();
      handle.close();
    }
  });

  it('stops a running read when its signal aborts, and a queued one without running it', async () => {
    const { file, handle } = store();
    const pool = new ReaderPool(1);
    try {
      const first = new AbortController();
      const second = new AbortController();
      const running = rejection(pool.read(file, ENDLESS, [], Date.now() + 60_000, first.signal));
      const queued = rejection(pool.read(file, ENDLESS, [], Date.now() + 60_000, second.signal));
      expect(await until(() => pool.running === 1 && pool.queued === 1)).toBe(true);
      second.abort();
      expect(((await queued) as ReadStopped).reason).toBe('stopped');
      first.abort();
      expect(((await running) as ReadStopped).reason).toBe('stopped');
      expect(pool.running).toBe(0);
      expect(await pool.read(file, 'select count(*) as c from t', [], Date.now() + 5000)).toEqual([{ c: 2000 }]);
    } finally {
      await pool.close();
      handle.close();
    }
  });

  it('a thread that dies fails its read as lost, and the next read gets a new thread', async () => {
    const { file, handle } = store();
    const pool = new ReaderPool(1);
    try {
      const pending = rejection(pool.read(file, ENDLESS, [], Date.now() + 60_000));
      expect(await until(() => pool.running === 1)).toBe(true);
      const [thread] = pool.threads;
      await thread.terminate();
      expect(((await pending) as ReadStopped).reason).toBe('lost');
      expect(await pool.read(file, 'select count(*) as c from t', [], Date.now() + 5000)).toEqual([{ c: 2000 }]);
      expect(pool.threads).toHaveLength(1);
      expect(pool.threads[0]).not.toBe(thread);
    } finally {
      await pool.close();
      handle.close();
    }
  });
});

describe('readApp on SQLite: cheap statements stay on the main thread, the rest go to a reader', () => {
  let dbs: Databases & { readers: ReaderPool };
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-readapp-'));
    dbs = openDatabases({ dataDir: dir, pgSchemaPrefix: 'x', queryTimeoutMs: 400, queryReaders: 1 }) as Databases & {
      readers: ReaderPool;
    };
    const db = dbs.app('a1');
    await sql`create table t (id text primary key, n integer, body text)`.execute(db);
    await sql`create index t_n on t (n)`.execute(db);
    await sql`with recursive s(v) as (select 1 union all select v + 1 from s where v < 2000) insert into t (id, n, body) select 'r' || v, v, 'row ' || v from s`.execute(
      db,
    );
  });
  afterAll(async () => {
    await dbs.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const read = (query: { compile(db: unknown): unknown }) => dbs.readApp('a1', (query as any).compile(dbs.app('a1')));

  it('an indexed lookup and a plain page run at once on the main thread; a scan with a condition and a join do not', async () => {
    expect((await read(sql`select body from t where n = ${7}`)).rows).toEqual([{ body: 'row 7' }]);
    expect((await read(sql`select id from t order by id limit ${2} offset ${0}`)).rows).toHaveLength(2);
    expect((await read(sql`select count(*) as c from t`)).rows).toEqual([{ c: 2000 }]);
    expect(dbs.readers.threads).toHaveLength(0);
    expect((await read(sql`select count(*) as c from t where body like ${'%99%'}`)).rows).toEqual([{ c: 38 }]);
    expect(dbs.readers.threads).toHaveLength(1);
    expect(
      (await read(sql`select count(*) as c from t a where exists (select 1 from t b where b.n = a.n + 1)`)).rows,
    ).toEqual([{ c: 1999 }]);
  });

  it('a read past the limit is a 400 naming the limit, and the reader is free again at once', async () => {
    const err = await rejection(read(sql.raw(`select count(*) as c from t a, t b, t c where a.n + b.n + c.n < 0`)));
    expect(err).toMatchObject({ status: 400, message: expect.stringContaining('0.4 s (the query time limit)') });
    expect(dbs.readers.running).toBe(0);
    expect((await read(sql`select count(*) as c from t where body like ${'%1%'}`)).rows[0]).toBeDefined();
  });
});
