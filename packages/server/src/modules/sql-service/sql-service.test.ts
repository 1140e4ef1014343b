import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { describeEachDb, listenForClients, startTestServer, TEST_PG_URL } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };
const suffix = crypto.randomBytes(4).toString('hex');

// A second PostgreSQL database on the test server, made for this file and dropped after it.
const extDb = `basalt_ext_${suffix}`;
const pgUrl = new URL(TEST_PG_URL);
const extUrl = Object.assign(new URL(TEST_PG_URL), { pathname: `/${extDb}` }).toString();
// A MariaDB table of this file in the machine's `test` database.
const myTable = `people_${suffix}`;
// The directory the operator allows SQLite files in, and one file inside it.
const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-sql-files-'));
const outsideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-sql-outside-'));

const PEOPLE = [
  ['Ada', 36],
  ['Grace', 45],
  ['Linus', 21],
];

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create database ${extDb}`);
  await admin.end();
  const ext = new pg.Client({ connectionString: extUrl });
  await ext.connect();
  await ext.query('create table people (id serial primary key, name text not null, age int not null)');
  for (const [name, age] of PEOPLE) await ext.query('insert into people (name, age) values ($1, $2)', [name, age]);
  await ext.query('create view adults as select * from people where age >= 30');
  await ext.query('create function add_one(n int) returns int language sql as $$ select n + 1 $$');
  await ext.end();

  const my = await mysql.createConnection(MYSQL);
  await my.query(`create table ${myTable} (id int auto_increment primary key, name varchar(50), age int)`);
  for (const [name, age] of PEOPLE) await my.execute(`insert into ${myTable} (name, age) values (?, ?)`, [name, age]);
  await my.end();

  const file = new Database(path.join(sqliteDir, 'shop.db'));
  file.exec('create table people (id integer primary key, name text, age integer)');
  for (const [name, age] of PEOPLE) file.prepare('insert into people (name, age) values (?, ?)').run(name, age);
  file.close();
  fs.writeFileSync(path.join(outsideDir, 'secret.db'), '');
});

afterAll(async () => {
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${extDb} with (force)`);
  await admin.end();
  const my = await mysql.createConnection(MYSQL);
  await my.query(`drop table if exists ${myTable}`);
  await my.end();
  fs.rmSync(sqliteDir, { recursive: true, force: true });
  fs.rmSync(outsideDir, { recursive: true, force: true });
});

const pgConnection = (name: string, password = '') => ({
  name,
  type: 'POSTGRESQL',
  host: pgUrl.hostname,
  port: Number(pgUrl.port || 5432),
  database: extDb,
  username: decodeURIComponent(pgUrl.username) || 'postgres',
  password,
});

describeEachDb(
  'SQL service',
  (server) => {
    let f: AppFixture;
    let url: string;
    let reference: any;

    beforeAll(async () => {
      f = await appFixture(server());
      url = await listenForClients(server());
      reference = createReferenceClient(url, f.dev.authKey);
    });

    it('PostgreSQL through the reference client: tables listed, named select bound, writes refused, timeout cancels', async () => {
      const conn = await reference.sqlService.createConnection(f.appId, pgConnection('ext', 'not-used-by-trust'));
      expect(conn).toMatchObject({ name: 'ext', type: 'POSTGRESQL', database: extDb, password: '********' });
      // Stored sealed, never in the clear.
      const stored = await server()
        .app.basalt.dbs.system.selectFrom('sql_connections' as never)
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain('not-used-by-trust');

      const tables = await reference.sqlService.getConnectionTables(f.appId, conn.id);
      expect(tables).toEqual(
        expect.arrayContaining([
          { name: 'people', schema: 'public', type: 'TABLE' },
          { name: 'adults', schema: 'public', type: 'VIEW' },
        ]),
      );
      const routines = await reference.sqlService.getConnectionRoutines(f.appId, conn.id);
      expect(routines).toContainEqual({ name: 'add_one', schema: 'public', type: 'FUNCTION' });

      const saved = await reference.sqlService.createConnectionQuery(f.appId, 'ext', {
        name: 'olderThan',
        query: 'select name, age from people where age > :minAge order by age -- :notAParam',
        params: [{ name: 'minAge', type: 'INTEGER' }],
      });
      expect(saved).toMatchObject({ name: 'olderThan', params: [{ name: 'minAge', type: 'INTEGER' }] });
      expect(
        await reference.sqlService.runConnectionNamedSelect(f.appId, 'ext', 'olderThan', { params: { minAge: '30' } }),
      ).toEqual([
        { name: 'Ada', age: 36 },
        { name: 'Grace', age: 45 },
      ]);
      // A value is bound, never written into the text: an injection attempt is just a wrong integer.
      await expect(
        reference.sqlService.runConnectionNamedSelect(f.appId, 'ext', 'olderThan', { params: { minAge: '1 or 1=1' } }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('whole number') });
      expect((await reference.sqlService.getConnectionQueries(f.appId, 'ext')).map((q: any) => q.name)).toEqual([
        'olderThan',
      ]);
      const changed = await reference.sqlService.updateConnectionQuery(f.appId, 'ext', saved.id, {
        query: 'select name from people where name = :name',
        params: [{ name: 'name', type: 'STRING' }],
      });
      expect(changed.query).toContain(':name');
      expect(
        await reference.sqlService.runConnectionNamedSelect(f.appId, 'ext', 'olderThan', {
          params: { name: "Ada' or '1'='1" },
        }),
      ).toEqual([]);

      // Dynamic selects: rows, values bound by name, strings and comments are not statements.
      expect(
        await reference.sqlService.runConnectionDynamicSelect(f.appId, 'ext', {
          query: "select name, ':x; drop table people' as s /* ; delete */ from people where age < :age",
          params: { age: 30 },
        }),
      ).toEqual([{ name: 'Linus', s: ':x; drop table people' }]);
      for (const query of [
        'DELETE FROM people',
        'SELECT 1; DROP TABLE people',
        'select 1;; ',
        'with d as (delete from people returning *) select * from d',
        'select * into copy_of_people from people',
        'select * from people for update',
        "select set_config('role', 'postgres', false)",
      ]) {
        await expect(
          reference.sqlService.runConnectionDynamicSelect(f.appId, 'ext', { query }),
          query,
        ).rejects.toMatchObject({ status: 400, code: 'SQL_NOT_READ_ONLY' });
      }
      // The table is intact.
      const ext = new pg.Client({ connectionString: extUrl });
      await ext.connect();
      expect((await ext.query('select count(*)::int as n from people')).rows[0].n).toBe(3);
      // A write that the check let through would still meet the read-only transaction.
      await ext.query(
        'create function sneaky() returns int language plpgsql as $$ begin delete from people; return 1; end $$',
      );
      await expect(
        reference.sqlService.runConnectionDynamicSelect(f.appId, 'ext', { query: 'select sneaky()' }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('read-only') });
      expect((await ext.query('select count(*)::int as n from people')).rows[0].n).toBe(3);
      await ext.query('drop function sneaky()');
      await ext.end();

      const started = Date.now();
      await expect(
        reference.sqlService.runConnectionDynamicSelect(f.appId, 'ext', { query: 'SELECT pg_sleep(10)' }),
      ).rejects.toMatchObject({ status: 400, code: 'SQL_TIMEOUT', message: expect.stringContaining('cancelled') });
      expect(Date.now() - started).toBeLessThan(6000);
      // SQL errors: 400 with the database's message.
      await expect(
        reference.sqlService.runConnectionDynamicSelect(f.appId, 'ext', { query: 'select nope from people' }),
      ).rejects.toMatchObject({ status: 400, code: 'SQL_ERROR', message: expect.stringContaining('nope') });
    });

    it('answers 4xx with the database message for wrong credentials, an unknown database and an unreachable host', async () => {
      const ours = createBasaltClient(url, f.dev.authKey);
      await expect(
        ours.sqlService.createConnection(f.appId, { ...pgConnection('nobody'), username: 'no_such_user_x' }),
      ).rejects.toMatchObject({ status: 424, message: expect.stringContaining('no_such_user_x') });
      await expect(
        ours.sqlService.createConnection(f.appId, { ...pgConnection('nodb'), database: 'no_such_db_x' }),
      ).rejects.toMatchObject({ status: 424, message: expect.stringContaining('no_such_db_x') });
      await expect(
        ours.sqlService.createConnection(f.appId, {
          name: 'wrongpw',
          type: 'MYSQL',
          host: MYSQL.host,
          port: MYSQL.port,
          database: MYSQL.database,
          username: MYSQL.user,
          password: 'wrong password',
        }),
      ).rejects.toMatchObject({ status: 424, message: expect.stringContaining('Access denied') });
      await expect(ours.sqlService.testConnection(f.appId, { ...pgConnection('x'), port: 1 })).rejects.toMatchObject({
        status: 424,
        message: expect.stringContaining('ECONNREFUSED'),
      });
      // None of them was saved.
      expect((await ours.sqlService.getConnections(f.appId)).map((c) => c.name)).not.toContain('wrongpw');
    });

    it('MariaDB through our SDK: tables, named select, refusals, timeout', async () => {
      const ours = createBasaltClient(url, f.dev.authKey);
      const conn = await ours.sqlService.createConnection(f.appId, {
        name: 'maria',
        type: 'MYSQL',
        host: MYSQL.host,
        port: MYSQL.port,
        database: MYSQL.database,
        username: MYSQL.user,
        password: MYSQL.password,
      });
      expect(conn.password).toBe('');
      expect((await ours.sqlService.getConnectionTables(f.appId, conn.id)).map((t) => t.name)).toContain(myTable);
      await ours.sqlService.createConnectionQuery(f.appId, 'maria', {
        name: 'byName',
        query: `select name, age from ${myTable} where name = :who or age = :age`,
        params: [
          { name: 'who', type: 'string' },
          { name: 'age', type: 'INTEGER' },
        ],
      });
      expect(
        await ours.sqlService.runConnectionNamedSelect(f.appId, 'maria', 'byName', {
          params: { who: 'Grace', age: 21 },
        }),
      ).toEqual([
        { name: 'Grace', age: 45 },
        { name: 'Linus', age: 21 },
      ]);
      for (const query of [
        `DELETE FROM ${myTable}`,
        `SELECT 1; DROP TABLE ${myTable}`,
        "select 1 # '\n; drop table x",
      ]) {
        await expect(
          ours.sqlService.runConnectionDynamicSelect(f.appId, 'maria', { query }),
          query,
        ).rejects.toMatchObject({
          status: 400,
          code: 'SQL_NOT_READ_ONLY',
        });
      }
      expect(
        await ours.sqlService.runConnectionDynamicSelect(f.appId, 'maria', {
          query: `select count(*) as n from ${myTable}`,
        }),
      ).toEqual([{ n: 3 }]);
      await expect(
        ours.sqlService.runConnectionDynamicSelect(f.appId, 'maria', { query: 'select sleep(10) as s' }),
      ).rejects.toMatchObject({ status: 400, code: 'SQL_TIMEOUT' });
      const plan = await ours.sqlService.runConnectionDynamicSelect(f.appId, 'maria', {
        query: `select * from ${myTable}`,
        explain: true,
      });
      expect(plan[0]).toHaveProperty('table', myTable);
    });

    it('SQLite files only inside the allowed directory; reads capped at the row limit', async () => {
      const ours = createBasaltClient(url, f.dev.authKey);
      const conn = await ours.sqlService.createConnection(f.appId, {
        name: 'file',
        type: 'SQLITE',
        database: 'shop.db',
      });
      expect(await ours.sqlService.getConnectionTables(f.appId, conn.id)).toEqual([
        { name: 'people', schema: null, type: 'TABLE' },
      ]);
      for (const database of [
        '../' + path.basename(outsideDir) + '/secret.db',
        path.join(outsideDir, 'secret.db'),
        'missing.db',
        '/etc/passwd',
      ]) {
        await expect(
          ours.sqlService.createConnection(f.appId, { name: 'bad', type: 'SQLITE', database }),
          database,
        ).rejects.toMatchObject({ status: 400 });
      }
      fs.rmSync(path.join(sqliteDir, 'link.db'), { force: true });
      fs.symlinkSync(path.join(outsideDir, 'secret.db'), path.join(sqliteDir, 'link.db'));
      await expect(
        ours.sqlService.createConnection(f.appId, { name: 'bad', type: 'SQLITE', database: 'link.db' }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('outside') });

      // The row cap (3 in this server) answers the first rows and says so in a header.
      const res = await server().call('POST', `/${f.appId}/console/sql/file/select`, {
        authKey: f.dev.authKey,
        body: { query: 'select a.name from people a, people b order by a.name' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(3);
      expect(res.headers['x-basalt-rows-truncated']).toBe('true');
      await expect(
        ours.sqlService.runConnectionDynamicSelect(f.appId, 'file', { query: 'delete from people' }),
      ).rejects.toMatchObject({ code: 'SQL_NOT_READ_ONLY' });
      await expect(
        ours.sqlService.runConnectionDynamicSelect(f.appId, 'file', {
          query: 'with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n, people',
        }),
      ).rejects.toMatchObject({ code: 'SQL_TIMEOUT' });
      expect(
        await ours.sqlService.runConnectionDynamicSelect(f.appId, 'file', {
          query: 'select name from people where age = :age',
          params: { age: 45 },
        }),
      ).toEqual([{ name: 'Grace' }]);

      // Update (password kept) and delete, with the saved queries.
      const renamed = await ours.sqlService.updateConnection(f.appId, { id: conn.id, name: 'file2' });
      expect(renamed.name).toBe('file2');
      expect(await ours.sqlService.deleteConnection(f.appId, conn.id)).toEqual({ success: true });
      await expect(ours.sqlService.getConnectionTables(f.appId, conn.id)).rejects.toMatchObject({ status: 404 });
    });

    it("runs the SQL editor over the app's own tables, read-only, and never over the system tables", async () => {
      await f.table('Item', [{ name: 'title', dataType: 'STRING' }]);
      for (const title of ['pen', 'ink'])
        expect((await f.api('POST', '/data/Item', { body: { title } })).statusCode).toBe(200);
      const ours = createBasaltClient(url, f.dev.authKey);
      expect(
        await ours.sqlService.runAppSelect(f.appId, {
          query: 'select title from "Item" where title = :t',
          params: { t: 'ink' },
        }),
      ).toEqual([{ title: 'ink' }]);
      for (const query of ['delete from "Item"', 'select 1; drop table "Item"', 'update "Item" set title = null']) {
        await expect(ours.sqlService.runAppSelect(f.appId, { query })).rejects.toMatchObject({
          code: 'SQL_NOT_READ_ONLY',
        });
      }
      const system = server().kind === 'postgres' ? `${server().config.pgSchemaPrefix}system.developers` : 'developers';
      await expect(ours.sqlService.runAppSelect(f.appId, { query: `select * from ${system}` })).rejects.toMatchObject({
        status: 400,
        code: 'SQL_ERROR',
      });
      const plan = await ours.sqlService.runAppSelect(f.appId, { query: 'select * from "Item"', explain: true });
      expect(plan.length).toBeGreaterThan(0);
      expect((await f.api('GET', '/data/Item')).json()).toHaveLength(2);
    });
  },
  { remoteFetchPrivate: true, sqlSqliteDir: sqliteDir, sqlTimeoutMs: 1500, sqlMaxRows: 3 },
);

describe('SQL service private-address policy', () => {
  it('refuses loopback and private hosts unless the server allows private addresses', async () => {
    const server = await startTestServer('sqlite');
    try {
      const f = await appFixture(server);
      for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '[::1]']) {
        const res = await f.console('POST', '/sql/connection/', { ...pgConnection('local'), host });
        expect(res.statusCode, host).toBe(400);
        expect(res.json().message, host).toContain('BASALT_REMOTE_FETCH_PRIVATE');
      }
      // SQLite connections are off without an allowed directory.
      const res = await f.console('POST', '/sql/connection/', { name: 'f', type: 'SQLITE', database: 'x.db' });
      expect([res.statusCode, res.json().message]).toEqual([400, expect.stringContaining('BASALT_SQL_SQLITE_DIR')]);
    } finally {
      await server.close();
    }
  });
});
