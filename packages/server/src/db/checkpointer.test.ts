import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkpointer } from './checkpointer.js';

const dirs: string[] = [];
function walDatabase(): { file: string; handle: Database.Database } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-ckpt-'));
  dirs.push(dir);
  const file = path.join(dir, 'store.db');
  const handle = new Database(file);
  handle.pragma('journal_mode = WAL');
  handle.exec('create table t (id integer primary key, body text)');
  return { file, handle };
}
const autocheckpoint = (h: Database.Database) => h.pragma('wal_autocheckpoint', { simple: true });
const fill = (h: Database.Database, rows: number) => {
  const insert = h.prepare('insert into t (body) values (?)');
  for (let i = 0; i < rows; i++) insert.run('x'.repeat(200));
};
async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('WAL checkpoints on a worker thread', () => {
  it('copies committed pages into the database file while the handle no longer checkpoints on its own', async () => {
    const { file, handle } = walDatabase();
    const cp = new Checkpointer();
    cp.adopt(file, handle);
    expect(autocheckpoint(handle)).toBe(0);
    const before = fs.statSync(file).size;
    fill(handle, 3000);
    // The handle never checkpoints now; only the worker can have grown the database file.
    expect(await until(() => fs.statSync(file).size > before + 400_000)).toBe(true);
    expect(handle.prepare('select count(*) as n from t').get()).toEqual({ n: 3000 });
    await cp.close();
    handle.close();
  });

  it('gives the handle its own checkpoints back when the worker is gone', async () => {
    const { file, handle } = walDatabase();
    const cp = new Checkpointer();
    cp.adopt(file, handle);
    expect(autocheckpoint(handle)).toBe(0);
    await cp.worker!.terminate();
    expect(await until(() => autocheckpoint(handle) === 1000)).toBe(true);
    // Adopting after the loss leaves SQLite's own checkpoints on.
    const other = walDatabase();
    cp.adopt(other.file, other.handle);
    expect(autocheckpoint(other.handle)).toBe(1000);
    handle.close();
    other.handle.close();
  });

  it('lets go of a file before it is deleted, and the last connection cleans up its WAL', async () => {
    const { file, handle } = walDatabase();
    const cp = new Checkpointer();
    cp.adopt(file, handle);
    fill(handle, 100);
    handle.close();
    await cp.forget(file);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new Database(file);
    expect(reopened.prepare('select count(*) as n from t').get()).toEqual({ n: 100 });
    reopened.close();
    await cp.close();
  });
});
