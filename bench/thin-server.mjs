// The thin server floor: bare Node http + better-sqlite3, no framework, no auth, no permissions,
// no query language. It answers the records workload the way Basalt does (JSON in, JSON out, the
// created row read back, finds ordered by creation), so Basalt's ratio to it is the cost of
// everything Basalt adds. Started as a child process by targets/floors.mjs; prints its port.
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const Database = createRequire(path.join(root, 'packages/server/package.json'))('better-sqlite3');

const db = new Database(process.argv[2]);
// `checkpointing`: read the inserted row with .all() instead of .get(). .get() resets the statement
// after its first row without stepping it to the end, and SQLite runs its WAL hook (where the
// automatic checkpoint lives) only when a statement steps to the end: with .get() this server never
// checkpoints, its WAL grows without bound during a run and no commit ever waits for a checkpoint.
// With .all() it pays SQLite's checkpoints inside its commits as a long-running server must.
const checkpointing = process.argv[3] === 'checkpointing';
db.pragma('journal_mode = WAL');
db.exec(
  'create table if not exists person (objectId text primary key, name text, age integer, created integer, updated integer, ownerId text)',
);
db.exec('create index if not exists person_age on person(age)');
const insert = db.prepare(
  'insert into person (objectId, name, age, created, updated) values (?, ?, ?, ?, ?) returning *',
);
const inserted = (...values) => (checkpointing ? insert.all(...values)[0] : insert.get(...values));
const insertMany = db.transaction((rows) => {
  const now = Date.now();
  return rows.map((r) => inserted(crypto.randomUUID(), String(r.name), Number(r.age), now, now).objectId);
});
const find = db.prepare('select * from person where age = ? order by created, objectId limit 15');
const count = db.prepare('select count(*) as n from person where age > ?');

function answer(res, status, value) {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    } catch {
      return answer(res, 400, { message: 'invalid JSON' });
    }
    const now = Date.now();
    if (req.url === '/person' && req.method === 'POST')
      return answer(res, 200, inserted(crypto.randomUUID(), String(body.name), Number(body.age), now, now));
    if (req.url === '/person/find') return answer(res, 200, find.all(Number(body.age)));
    if (req.url === '/person/count') return answer(res, 200, count.get(Number(body.age)).n);
    if (req.url === '/person/bulk' && Array.isArray(body)) return answer(res, 200, insertMany(body));
    return answer(res, 404, { message: 'not found' });
  });
});
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
