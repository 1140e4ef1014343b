import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('SQLite statement cache', () => {
  it('prepares a SQL text once and reuses the statement', () => {
    const db = withStatementCache(new Database(':memory:'));
    expect(db.prepare('select 1 as one')).toBe(db.prepare('select 1 as one'));
    db.close();
  });

  it('never hands out a statement that a streamed read is still iterating', () => {
    const db = withStatementCache(new Database(':memory:'));
    db.prepare('create table t (a integer)').run([]);
    for (let i = 0; i < 3; i++) db.prepare('insert into t values (?)').run([i]);
    const first = db.prepare('select a from t order by a');
    const iter = first.iterate([]);
    iter.next();
    const second = db.prepare('select a from t order by a');
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ a: 0 }, { a: 1 }, { a: 2 }]);
    iter.return?.();
    db.close();
  });

  it('answers new columns to a reused select after the table changed', () => {
    const db = withStatementCache(new Database(':memory:'));
    db.prepare('create table t (a integer)').run([]);
    db.prepare('insert into t values (?)').run([1]);
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    db.prepare('alter table t add column b text').run([]);
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1, b: null }]);
    db.close();
  });
});
