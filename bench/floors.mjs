// Floors: what the same work costs with nothing of Basalt in between — a bare Node HTTP server
// over loopback, and better-sqlite3 in-process — so each Basalt number can be read as a ratio.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { measure, root } from './lib.mjs';

const require = createRequire(path.join(root, 'packages/server/package.json'));
const Database = require('better-sqlite3');

export async function run() {
  const rows = [];
  const srv = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"ready":true}');
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${srv.address().port}/`;
  rows.push(
    await measure('floor: bare Node HTTP GET', async () => (await fetch(url)).text(), { count: 5000, concurrency: 16 }),
  );
  srv.close();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-floor-'));
  const db = new Database(path.join(dir, 'floor.db'));
  db.pragma('journal_mode = WAL');
  db.exec('create table p (id text primary key, name text, age integer, created integer)');
  db.exec('create index p_age on p(age)');
  const insert = db.prepare('insert into p values (?, ?, ?, ?)');
  rows.push(
    await measure(
      'floor: better-sqlite3 insert (in-process)',
      async (i) => insert.run(`id${i}`, `p${i}`, i % 100, Date.now()),
      { count: 20000, concurrency: 1 },
    ),
  );
  const select = db.prepare('select * from p where age = ? limit 15');
  rows.push(
    await measure('floor: better-sqlite3 indexed select, 15 rows', async (i) => select.all(i % 100), {
      count: 20000,
      concurrency: 1,
    }),
  );
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}
