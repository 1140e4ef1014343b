import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferJob } from '@basalt/shared';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { listenForClients, startTestServer, testDbKinds, type TestServer } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { expectError } from '../data/data.test-helpers.js';
import { STANDIN_TOKEN, startAirtableStandIn } from './airtable-standin.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

for (const kind of testDbKinds()) {
  describe(`Airtable import [${kind}]`, () => {
    let standIn: Awaited<ReturnType<typeof startAirtableStandIn>>;
    let server: TestServer;
    let f: AppFixture;
    let url: string;

    beforeAll(async () => {
      standIn = await startAirtableStandIn();
      // The stand-in listens on 127.0.0.1: the outbound guard lets it through only with private fetching on.
      server = await startTestServer(kind, { remoteFetchPrivate: true, airtableApiUrl: standIn.url });
      f = await appFixture(server);
      url = await listenForClients(server);
    });
    afterAll(async () => {
      await server?.close();
      await standIn?.close();
    });

    const until = async (get: () => Promise<TransferJob>, done: (j: TransferJob) => boolean) => {
      const end = Date.now() + 60_000;
      for (;;) {
        const job = await get();
        if (done(job)) return job;
        if (Date.now() > end) throw new Error(`The job did not get there: ${JSON.stringify(job)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const records = async (table: string, query = 'pageSize=100&sortBy=airtableId') => {
      const res = await f.api('GET', `/data/${table}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Array<Record<string, unknown>>;
    };

    it('imports a base of two tables through our SDK: tables, typed columns and every page of records', async () => {
      const sdk = createBasaltClient(url, f.dev.authKey).transfer;
      expect(await sdk.getAirtableBasesList(f.appId, STANDIN_TOKEN)).toEqual({
        bases: [{ id: 'appStandInBase1', name: 'Shop' }],
      });
      const { tables } = await sdk.getAirtableTablesList(f.appId, STANDIN_TOKEN, 'appStandInBase1');
      expect(tables.map((t) => t.tableName)).toEqual(['People', 'Order_Items']);
      expect(tables[0].fields.map((c) => [c.columnName, c.dataType])).toEqual([
        ['Name', 'STRING'],
        ['Age', 'INT'],
        ['Active', 'BOOLEAN'],
        ['Joined', 'DATETIME'],
        ['Tags', 'JSON'],
        ['Notes_long', 'TEXT'],
      ]);

      const started = await sdk.startAirtableImport(f.appId, STANDIN_TOKEN, 'appStandInBase1', [
        'tblPeople',
        'Order Items',
      ]);
      expect(started).toMatchObject({ kind: 'airtable', tablesTotal: 2 });
      expect(['queued', 'running']).toContain(started.state);
      const job = await until(
        () => sdk.getTransferJob(f.appId, started.id),
        (j) => j.state === 'done' || j.state === 'failed',
      );
      expect(job).toMatchObject({ state: 'done', tablesDone: 2, rowsWritten: 253, error: null });
      expect(job.createdTables).toEqual(['People', 'Order_Items']);
      expect((await sdk.listTransferJobs(f.appId)).map((j) => j.id)).toContain(started.id);
      // Every page was asked for, with the offset of the one before.
      expect(standIn.requests.filter((p) => p.startsWith('/v0/appStandInBase1/tblPeople'))).toEqual([
        '/v0/appStandInBase1/tblPeople?pageSize=100',
        '/v0/appStandInBase1/tblPeople?pageSize=100&offset=100',
        '/v0/appStandInBase1/tblPeople?pageSize=100&offset=200',
      ]);

      const count = await f.api('GET', '/data/People/count');
      expect(count.json()).toBe(250);
      const [first] = await records('People', 'pageSize=1&sortBy=airtableId');
      expect(first).toMatchObject({
        airtableId: 'recP00000',
        Name: 'Person 0',
        Age: 20,
        Active: true,
        Joined: Date.UTC(2023, 5, 15),
        Tags: ['vip', 'early'],
        Notes_long: 'Line one of 0\nLine two',
      });
      const [second] = await records('People', 'pageSize=1&offset=1&sortBy=airtableId');
      expect(second.Active).toBe(false);
      const orders = await records('Order_Items');
      expect(orders.map((o) => [o.airtableId, o.Item_name, o.Price, o.Person])).toEqual([
        ['recO1', 'Lamp', 19.5, ['recP00000']],
        ['recO2', 'Desk', 240, ['recP00001', 'recP00002']],
        ['recO3', 'Chair', null, null],
      ]);
    });

    it('imports through the published console client; a table name taken gets a new name', async () => {
      const client = createReferenceClient(url, f.dev.authKey);
      const started = await client.transfer.startAirtableImport(f.appId, STANDIN_TOKEN, 'appStandInBase1', [
        'tblOrders',
      ]);
      const job = await until(
        async () => (await f.console('GET', `/transfer/jobs/${started.id}`)).json(),
        (j) => j.state === 'done' || j.state === 'failed',
      );
      expect(job).toMatchObject({ state: 'done', rowsWritten: 3, createdTables: ['Order_Items_2'] });
      expect((await records('Order_Items_2')).length).toBe(3);
    });

    it('refuses bad input with a 400 (or 404) naming the problem, and starts nothing', async () => {
      const post = (body: unknown) => f.console('POST', '/airtable', body);
      const base = { accessToken: STANDIN_TOKEN, baseId: 'appStandInBase1', tables: ['tblPeople'] };
      expectError(await post({ ...base, accessToken: 'patWrong' }), 400, 'access token');
      expectError(await post({ ...base, tables: [] }), 400);
      expectError(await post({ ...base, tables: ['Nope'] }), 400, "no table 'Nope'");
      expectError(await post({ baseId: 'appStandInBase1', tables: ['tblPeople'] }), 400, 'accessToken');
      expectError(await post({ ...base, baseId: 'appMissing' }), 404, 'base');
      expectError(await f.console('GET', '/airtable/bases/?accessToken='), 400);
      expectError(await f.console('GET', '/transfer/jobs/none'), 404);
      expect((await f.console('GET', '/transfer/jobs')).json()).toHaveLength(2);
    });

    it('goes through the outbound guard: without private fetching the local stand-in is refused', async () => {
      const guarded = await startTestServer(kind, { airtableApiUrl: standIn.url });
      try {
        const g = await appFixture(guarded);
        const res = await g.console('GET', `/airtable/bases/?accessToken=${STANDIN_TOKEN}`);
        expectError(res, 502, 'not reachable from the server');
      } finally {
        await guarded.close();
      }
    });
  });
}
