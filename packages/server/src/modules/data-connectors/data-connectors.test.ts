import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { describeEachDb, listenForClients, TEST_PG_URL } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };
const suffix = crypto.randomBytes(4).toString('hex');

// A schema of this file in the test PostgreSQL database stands for a company's existing database.
const extSchema = `ext_${suffix}`;
const pgUrl = new URL(TEST_PG_URL);
const myTable = `orders_${suffix}`;
const myProc = `orders_over_${suffix}`;
const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-connector-files-'));

const ORDERS: Array<[string, number, boolean]> = [
  ['Ada', 36, true],
  ['Grace', 45, false],
  ['Linus', 21, true],
  ["O'Brien", 30, false],
  ['Alan', 41, true],
];

const direct = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: TEST_PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

beforeAll(async () => {
  await direct(async (c) => {
    await c.query(`create schema ${extSchema}`);
    await c.query(
      `create table ${extSchema}.orders (id serial primary key, customer text not null, total int not null, paid boolean not null)`,
    );
    for (const [customer, total, paid] of ORDERS)
      await c.query(`insert into ${extSchema}.orders (customer, total, paid) values ($1, $2, $3)`, [
        customer,
        total,
        paid,
      ]);
    await c.query(`create view ${extSchema}.big_orders as select * from ${extSchema}.orders where total > 35`);
    await c.query(
      `create function ${extSchema}.orders_over(min_total int) returns setof ${extSchema}.orders language sql as $$ select * from ${extSchema}.orders where total > min_total order by id $$`,
    );
    await c.query(
      `create procedure ${extSchema}.mark_paid(order_id int) language sql as $$ update ${extSchema}.orders set paid = true where id = order_id $$`,
    );
  });
  const my = await mysql.createConnection(MYSQL);
  await my.query(`create table ${myTable} (id int auto_increment primary key, customer varchar(50), total int)`);
  for (const [customer, total] of ORDERS)
    await my.execute(`insert into ${myTable} (customer, total) values (?, ?)`, [customer, total]);
  await my.query(
    `create procedure ${myProc}(in min_total int) select customer from ${myTable} where total > min_total order by id`,
  );
  await my.end();
  const file = new Database(path.join(sqliteDir, 'shop.db'));
  file.exec('create table orders (id integer primary key, customer text, total integer)');
  for (const [customer, total] of ORDERS)
    file.prepare('insert into orders (customer, total) values (?, ?)').run(customer, total);
  file.close();
});

afterAll(async () => {
  await direct((c) => c.query(`drop schema if exists ${extSchema} cascade`));
  const my = await mysql.createConnection(MYSQL);
  await my.query(`drop table if exists ${myTable}`);
  await my.query(`drop procedure if exists ${myProc}`);
  await my.end();
  fs.rmSync(sqliteDir, { recursive: true, force: true });
});

const pgConnector = (name: string) => ({
  name,
  type: 'POSTGRESQL',
  host: pgUrl.hostname,
  port: Number(pgUrl.port || 5432),
  database: pgUrl.pathname.slice(1),
  schema: extSchema,
  username: decodeURIComponent(pgUrl.username) || 'postgres',
  password: 'not-used-by-trust',
});

describeEachDb(
  'Data connectors',
  (server) => {
    let f: AppFixture;
    let url: string;
    let reference: any;

    beforeAll(async () => {
      f = await appFixture(server());
      url = await listenForClients(server());
      reference = createReferenceClient(url, f.dev.authKey);
    });

    it('PostgreSQL through the reference client: tables, where-language finds equal to direct SQL, counts, procedures', async () => {
      const templates = await reference.dataConnectors.getTemplates(f.appId);
      expect(templates.map((t: any) => t.id)).toEqual(['POSTGRESQL', 'MYSQL', 'SQLITE']);

      const conn = await reference.dataConnectors.activateConnector(f.appId, pgConnector('shop'));
      expect(conn).toMatchObject({ name: 'shop', type: 'POSTGRESQL', schema: extSchema, password: '********' });
      const stored = await server()
        .app.basalt.dbs.system.selectFrom('data_connectors' as never)
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(stored)).not.toContain('not-used-by-trust');
      expect((await reference.dataConnectors.getConnectors(f.appId)).map((c: any) => c.id)).toEqual([conn.id]);

      const tables = await reference.dataConnectors.getConnectorTables(f.appId, conn.id);
      expect(tables.map((t: any) => [t.name, t.type])).toEqual([
        ['big_orders', 'VIEW'],
        ['orders', 'TABLE'],
      ]);
      const orders = tables.find((t: any) => t.name === 'orders');
      expect(orders.columns.map((c: any) => [c.name, c.dataType, c.primaryKey])).toEqual([
        ['id', 'INT', true],
        ['customer', 'TEXT', false],
        ['total', 'INT', false],
        ['paid', 'BOOLEAN', false],
      ]);

      // The where language returns the rows the same condition in SQL returns.
      const cases: Array<[string, string, unknown[]]> = [
        ['total > 30 and paid = true', 'total > 30 and paid = true', []],
        ["customer like 'a%' or total between 20 and 31", "customer ilike 'a%' or total between 20 and 31", []],
        [
          "customer in ('Ada', 'O''Brien') and not (total = 36)",
          'customer in ($1, $2) and not (total = 36)',
          ['Ada', "O'Brien"],
        ],
        ['paid != true', 'paid <> true', []],
      ];
      for (const [where, sqlWhere, values] of cases) {
        const rows = await reference.dataConnectors.getConnectorTableEntries(f.appId, conn.id, orders, {
          where,
          sqlSearch: true,
          sortBy: 'id',
          pageSize: 100,
        });
        const expected = await direct(
          async (c) => (await c.query(`select * from ${extSchema}.orders where ${sqlWhere} order by id`, values)).rows,
        );
        expect(rows, where).toEqual(expected);
        expect(rows.length, where).toBeGreaterThan(0);
      }
      // Paging and sorting.
      const page = await reference.dataConnectors.getConnectorTableEntries(f.appId, conn.id, orders, {
        sortBy: 'total desc',
        pageSize: 2,
        offset: 1,
        props: ['customer', 'total'],
      });
      expect(page).toEqual([
        { customer: 'Alan', total: 41 },
        { customer: 'Ada', total: 36 },
      ]);
      // An injection attempt is a value, never SQL.
      expect(
        await reference.dataConnectors.getConnectorTableEntries(f.appId, conn.id, orders, {
          where: "customer = 'x'' or ''1''=''1'",
          sqlSearch: true,
        }),
      ).toEqual([]);

      // Counts (kept 30 s; resetCache counts again) and tables-counters.
      expect(await reference.dataConnectors.getConnectorTableEntriesCount(f.appId, conn.id, orders, {})).toBe(5);
      await direct((c) =>
        c.query(`insert into ${extSchema}.orders (customer, total, paid) values ('Edsger', 50, true)`),
      );
      const ours = createBasaltClient(url, f.dev.authKey);
      expect(await ours.dataConnectors.getConnectorTableEntriesCount(f.appId, conn.id, 'orders')).toBe(5);
      expect(await ours.dataConnectors.getConnectorTableEntriesCount(f.appId, conn.id, 'orders', {}, true)).toBe(6);
      expect(
        await ours.dataConnectors.getConnectorTableEntriesCount(f.appId, conn.id, 'orders', {
          where: 'total > 40',
          sqlSearch: true,
        }),
      ).toBe(3);
      expect(await reference.tables.getRecordsCountForTables(f.appId, ['orders', 'big_orders'], conn.id, true)).toEqual(
        {
          orders: 6,
          big_orders: 4,
        },
      );

      // Stored procedures: listed with parameters, run with values bound.
      const procs = await reference.dataConnectors.getConnectorStoredProcedures(f.appId, conn.id);
      expect(procs).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: 'orders_over',
            type: 'FUNCTION',
            params: [{ name: 'min_total', sqlType: 'integer', mode: 'IN' }],
          }),
          expect.objectContaining({ id: 'mark_paid', type: 'PROCEDURE' }),
        ]),
      );
      const over = await reference.dataConnectors.executeConnectorStoredProcedure(f.appId, conn.id, 'orders_over', {
        min_total: 44,
      });
      expect(over.map((r: any) => r.customer)).toEqual(['Grace', 'Edsger']);
      await expect(
        ours.dataConnectors.executeConnectorStoredProcedure(f.appId, conn.id, 'orders_over', ['1 or 1=1']),
      ).rejects.toMatchObject({ status: 400, code: 'SQL_ERROR' });
      await ours.dataConnectors.executeConnectorStoredProcedure(f.appId, conn.id, 'mark_paid', [2]);
      expect(
        await direct(async (c) => (await c.query(`select paid from ${extSchema}.orders where id = 2`)).rows),
      ).toEqual([{ paid: true }]);
      await expect(
        ours.dataConnectors.executeConnectorStoredProcedure(f.appId, conn.id, 'nope', []),
      ).rejects.toMatchObject({ status: 404 });
      await expect(
        ours.dataConnectors.executeConnectorStoredProcedure(f.appId, conn.id, 'orders_over', { other: 1 }),
      ).rejects.toMatchObject({ status: 400 });

      // Update keeps the password; delete forgets the connector.
      const renamed = await reference.dataConnectors.updateConnector(f.appId, { ...conn, name: 'shop2' });
      expect(renamed).toMatchObject({ id: conn.id, name: 'shop2', password: '********' });
      expect(await reference.dataConnectors.deleteConnector(f.appId, conn.id)).toEqual({ success: true });
      await expect(ours.dataConnectors.getConnectorTables(f.appId, conn.id)).rejects.toMatchObject({ status: 404 });
      // The external rows as they were, for the next database's run of this file.
      await direct(async (c) => {
        await c.query(`delete from ${extSchema}.orders where customer = 'Edsger'`);
        await c.query(`update ${extSchema}.orders set paid = false where id = 2`);
      });
    });

    it('refuses bad input with 4xx: credentials, hosts, where clauses, unknown tables and columns, paging', async () => {
      const ours = createBasaltClient(url, f.dev.authKey);
      await expect(
        ours.dataConnectors.activateConnector(f.appId, { ...pgConnector('nobody'), username: 'no_such_user_x' }),
      ).rejects.toMatchObject({ status: 424, message: expect.stringContaining('no_such_user_x') });
      await expect(
        ours.dataConnectors.activateConnector(f.appId, { ...pgConnector('closed'), port: 1 }),
      ).rejects.toMatchObject({ status: 424 });
      await expect(
        ours.dataConnectors.activateConnector(f.appId, { ...pgConnector('bad schema'), name: 'x', schema: 'a;b' }),
      ).rejects.toMatchObject({ status: 400 });
      await expect(ours.dataConnectors.activateConnector(f.appId, { name: 'x', type: 'ORACLE' })).rejects.toMatchObject(
        { status: 400 },
      );
      expect(await ours.dataConnectors.getConnectors(f.appId)).toEqual([]);

      const conn = await ours.dataConnectors.activateConnector(f.appId, pgConnector('shop'));
      await expect(ours.dataConnectors.activateConnector(f.appId, pgConnector('shop'))).rejects.toMatchObject({
        status: 409,
      });
      const find = (table: string, body: Record<string, unknown>) =>
        ours.dataConnectors.getConnectorTableEntries(f.appId, conn.id, table, body);
      for (const body of [
        { where: 'nope = 1', sqlSearch: true },
        { where: 'total > ', sqlSearch: true },
        { where: "customer = 'x'; drop table orders", sqlSearch: true },
        { where: 'Count(id) > 1', sqlSearch: true },
        { sortBy: 'nope' },
        { props: ['Sum(total)'] },
        { pageSize: 1000 },
        { offset: -1 },
      ]) {
        await expect(find('orders', body), JSON.stringify(body)).rejects.toMatchObject({ status: 400 });
      }
      await expect(find('no_table', {})).rejects.toMatchObject({ status: 404 });
      await expect(find('orders"; drop table orders; --', {})).rejects.toMatchObject({ status: 404 });
      expect(
        await direct(async (c) => (await c.query(`select count(*)::int as n from ${extSchema}.orders`)).rows[0].n),
      ).toBeGreaterThanOrEqual(5);
      await ours.dataConnectors.deleteConnector(f.appId, conn.id);
    });

    it('MariaDB and SQLite: tables, finds equal to direct SQL, procedures (SQLite has none)', async () => {
      const ours = createBasaltClient(url, f.dev.authKey);
      const my = await ours.dataConnectors.activateConnector(f.appId, {
        name: 'maria',
        type: 'MYSQL',
        host: MYSQL.host,
        port: MYSQL.port,
        database: MYSQL.database,
        username: MYSQL.user,
        password: '',
      });
      const myTables = await ours.dataConnectors.getConnectorTables(f.appId, my.id);
      expect(myTables.find((t) => t.name === myTable)?.columns.map((c) => c.name)).toEqual(['id', 'customer', 'total']);
      const rows = await ours.dataConnectors.getConnectorTableEntries(f.appId, my.id, myTable, {
        where: "total >= 30 and customer like '%a%'",
        sqlSearch: true,
        sortBy: ['total desc'],
      });
      const conn = await mysql.createConnection(MYSQL);
      const [expected] = await conn.query(
        `select * from ${myTable} where total >= 30 and customer like '%a%' order by total desc`,
      );
      await conn.end();
      expect(rows).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(rows.length).toBeGreaterThan(1);
      expect(
        await ours.dataConnectors.getConnectorTableEntriesCount(f.appId, my.id, myTable, {
          where: 'total < 40',
          sqlSearch: true,
        }),
      ).toBe(3);
      const procs = await ours.dataConnectors.getConnectorStoredProcedures(f.appId, my.id);
      expect(procs.find((p) => p.name === myProc)).toMatchObject({
        type: 'PROCEDURE',
        params: [{ name: 'min_total', mode: 'IN' }],
      });
      expect(await ours.dataConnectors.executeConnectorStoredProcedure(f.appId, my.id, myProc, [40])).toEqual([
        { customer: 'Grace' },
        { customer: 'Alan' },
      ]);
      await ours.dataConnectors.deleteConnector(f.appId, my.id);

      const lite = await ours.dataConnectors.activateConnector(f.appId, {
        name: 'file',
        type: 'SQLITE',
        database: 'shop.db',
      });
      expect((await ours.dataConnectors.getConnectorTables(f.appId, lite.id)).map((t) => t.name)).toEqual(['orders']);
      const liteRows = await ours.dataConnectors.getConnectorTableEntries(f.appId, lite.id, 'orders', {
        where: "total between 30 and 40 or customer = 'Linus'",
        sqlSearch: true,
        sortBy: 'id',
      });
      const file = new Database(path.join(sqliteDir, 'shop.db'), { readonly: true });
      const liteExpected = file
        .prepare("select * from orders where total between 30 and 40 or customer = 'Linus' order by id")
        .all();
      file.close();
      expect(liteRows).toEqual(liteExpected);
      expect(await ours.dataConnectors.getConnectorStoredProcedures(f.appId, lite.id)).toEqual([]);
      await expect(
        ours.dataConnectors.executeConnectorStoredProcedure(f.appId, lite.id, 'x', []),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('SQLite has no stored procedures'),
      });
      await expect(
        ours.dataConnectors.activateConnector(f.appId, {
          name: 'outside',
          type: 'SQLITE',
          database: '../../etc/passwd',
        }),
      ).rejects.toMatchObject({ status: 400 });
      await ours.dataConnectors.deleteConnector(f.appId, lite.id);
    });
  },
  { remoteFetchPrivate: true, sqlSqliteDir: sqliteDir, sqlTimeoutMs: 3000 },
);
