// The floors of the records workload: the thin server (its own process, over loopback, like
// Basalt) and raw better-sqlite3 in this process (no HTTP at all), on the same table shape.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { request, root } from '../lib.mjs';

/** `checkpointing`: the same server reading inserts so that SQLite's WAL checkpoints run (thin-server.mjs). */
export async function thinServerTarget({ checkpointing = false } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-thin-'));
  const child = spawn(
    process.execPath,
    [path.join(root, 'bench/thin-server.mjs'), path.join(dir, 'thin.db'), ...(checkpointing ? ['checkpointing'] : [])],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (code) => reject(new Error(`thin server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}/person`;
  return {
    pid: child.pid,
    create: (i) => request('POST', base, { body: { name: `p${i}`, age: i % 100 } }),
    find: (age) => request('POST', `${base}/find`, { body: { age } }),
    count: (age) => request('POST', `${base}/count`, { body: { age } }),
    bulk: (_i, rows) => request('POST', `${base}/bulk`, { body: rows }),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** better-sqlite3 in-process: the ceiling of what any server on it can do. Calls are synchronous. */
export function rawTarget() {
  const Database = createRequire(path.join(root, 'packages/server/package.json'))('better-sqlite3');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-raw-'));
  const db = new Database(path.join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.exec(
    'create table person (objectId text primary key, name text, age integer, created integer, updated integer, ownerId text)',
  );
  db.exec('create index person_age on person(age)');
  const insert = db.prepare('insert into person (objectId, name, age, created, updated) values (?, ?, ?, ?, ?)');
  const insertMany = db.transaction((rows) => {
    const now = Date.now();
    for (const r of rows) insert.run(crypto.randomUUID(), r.name, r.age, now, now);
  });
  const find = db.prepare('select * from person where age = ? order by created, objectId limit 15');
  const count = db.prepare('select count(*) as n from person where age > ?');
  return {
    create: async (i) => insert.run(crypto.randomUUID(), `p${i}`, i % 100, Date.now(), Date.now()),
    find: async (age) => find.all(age),
    count: async (age) => count.get(age).n,
    bulk: async (_i, rows) => insertMany(rows),
    async stop() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
