import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDbKinds, type TestServer, listenForClients } from '../test-helpers.js';

// The published reference client, unchanged: if our routes, bodies, headers or error shapes
// drift from what it sends and reads, these scenarios fail.
const require = createRequire(import.meta.url);
const ConsoleSDK = require('backendless-console-sdk');
const createClient: (serverUrl: string, authKey?: string, options?: object) => any = ConsoleSDK.createClient;

for (const kind of testDbKinds()) {
  describe(`published backendless-console-sdk@3.0.0 against the server [${kind}]`, () => {
    let server: TestServer;
    let url: string;

    beforeAll(async () => {
      server = await startTestServer(kind);
      url = await listenForClients(server);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('registers, signs in, and creates, lists, renames and deletes an app', async () => {
      const client = createClient(url);
      const email = `reference${Date.now()}@example.com`;
      await client.user.register({ email, password: 'reference password 1', name: 'Reference Client' });

      const account = await client.user.login(email, 'reference password 1');
      expect(account.authKey).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const me = await client.user.getAccountInfo();
      expect(me.email).toBe(email);

      const created = await client.apps.createApp({ appName: 'RefClientApp' });
      expect(created).toMatchObject({ appName: 'RefClientApp' });
      expect(typeof created.id).toBe('string');

      const listed = await client.apps.getApps();
      expect(Array.isArray(listed)).toBe(true);
      expect(listed.map((a: { id: string }) => a.id)).toContain(created.id);

      await client.apps.renameApp(created.id, 'RefClientRenamed');
      const afterRename = await client.apps.getApps();
      expect(afterRename.find((a: { id: string }) => a.id === created.id)?.appName).toBe('RefClientRenamed');

      await client.apps.deleteApp(created.id);
      const afterDelete = await client.apps.getApps();
      expect(afterDelete.map((a: { id: string }) => a.id)).not.toContain(created.id);

      await client.user.logout();
      await expect(client.apps.getApps()).rejects.toMatchObject({ status: 401 });
    });

    it("models data with the reference client's tables calls: table, columns, records, search, filter, count", async () => {
      const client = createClient(url);
      const email = `refdata${Date.now()}@example.com`;
      await client.user.register({ email, password: 'reference password 1' });
      await client.user.login(email, 'reference password 1');
      const app = await client.apps.createApp({ appName: 'RefData' });

      await client.tables.create(app.id, { name: 'Person' });
      let table = (await client.tables.get(app.id)).tables.find((t: { name: string }) => t.name === 'Person');
      await client.tables.createColumn(app.id, table, { name: 'name', dataType: 'STRING' });
      await client.tables.createColumn(app.id, table, { name: 'age', dataType: 'INT' });
      await client.tables.createColumn(app.id, table, { name: 'born', dataType: 'DATETIME' });
      table = (await client.tables.get(app.id)).tables.find((t: { name: string }) => t.name === 'Person');
      expect(table.columns.map((c: { name: string }) => c.name)).toEqual(
        expect.arrayContaining(['objectId', 'name', 'age', 'born']),
      );
      expect(table.relations).toEqual([]);

      await client.tables.createRecord(app.id, table, { name: 'Ada', age: 36, born: Date.UTC(1990, 3, 28) });
      await client.tables.bulkCreateRecords(app.id, 'Person', [
        { name: 'Bob', age: 8888 },
        { name: "O'Hara", age: 25 },
      ]);

      // Free-text search as the reference client builds it: `age` like '%8888%' over every column
      // (no date text can hold four equal digits, so only the number matches).
      const found = await client.tables.loadRecords(app.id, table, { where: '8888', pageSize: 15, offset: 0 });
      expect(found.totalRows).toBe(1);
      expect(found.data.map((r: { name: string }) => r.name)).toEqual(['Bob']);
      const byName = await client.tables.loadRecords(app.id, table, { where: 'ada' });
      expect(byName.data.map((r: { name: string }) => r.name)).toEqual(['Ada']);

      // A date typed as m/d/yyyy matches the DATETIME column's ISO text.
      const byDate = await client.tables.loadRecords(app.id, table, { where: '4/28/1990' });
      expect(byDate.data.map((r: { name: string }) => r.name)).toEqual(['Ada']);

      // The where language, sent verbatim.
      const filtered = await client.tables.loadRecords(app.id, table, {
        where: 'age > 30',
        sqlSearch: true,
        sortBy: 'age desc',
      });
      expect(filtered.data.map((r: { name: string }) => r.name)).toEqual(['Bob', 'Ada']);
      expect(await client.tables.getRecordsCount(app.id, table, { where: 'age < 30', sqlSearch: true })).toBe(1);

      // The reference client does not escape a quote in the search text: a clean 400, never a 500.
      await expect(client.tables.loadRecords(app.id, table, { where: "O'Hara" })).rejects.toMatchObject({
        status: 400,
      });
    });

    it('gets the server errors as {message, code, status}', async () => {
      const client = createClient(url);
      await expect(client.user.login('nobody@example.com', 'wrong password')).rejects.toMatchObject({
        status: 401,
        message: 'Wrong email or password',
      });
      await expect(client.system.loadStatus()).resolves.toMatchObject({ ready: true, database: kind });
    });
  });
}
