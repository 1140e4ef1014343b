import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDbKinds, type TestServer, listenForClients } from '../test-helpers.js';

// The published reference client, unchanged, on the multi-step data import and the data validators
// list: it passes the step bodies through, so the shapes are Basalt's (decision 0069).
const require = createRequire(import.meta.url);
const ConsoleSDK = require('backendless-console-sdk');
const createClient: (serverUrl: string, authKey?: string, options?: object) => any = ConsoleSDK.createClient;

for (const kind of testDbKinds()) {
  describe(`published backendless-console-sdk@3.0.0: multi-step data import and data validators [${kind}]`, () => {
    let server: TestServer;
    let client: any;
    let appId: string;

    beforeAll(async () => {
      server = await startTestServer(kind);
      client = createClient(await listenForClients(server));
      const email = `refimport${Date.now()}@example.com`;
      await client.user.register({ email, password: 'reference password 1' });
      await client.user.login(email, 'reference password 1');
      appId = (await client.apps.createApp({ appName: 'RefImport' })).id;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('uploads, previews, runs and follows a CSV import into a new table', async () => {
      const content = ['city,population', 'Lyon,522000', 'Nantes,320000', '"Aix, en Provence",145000'].join('\n');
      const up = await client.transfer.importDataServiceFiles(appId, { table: 'City', content }, 'upload');
      expect(up).toMatchObject({ step: 'upload', newTable: true, rowsTotal: 3 });
      expect(up.columns.map((c: { type: string }) => c.type)).toEqual(['STRING', 'INT']);
      expect(up.preview[2]).toEqual(['Aix, en Provence', '145000']);

      const checked = await client.transfer.importDataServiceFiles(appId, { importId: up.importId }, 'preview');
      expect(checked.check).toMatchObject({ rowsRead: 3, rowsValid: 3, rejectedTotal: 0 });

      let status = await client.transfer.importDataServiceFiles(appId, { importId: up.importId }, 'run');
      for (let i = 0; i < 100 && !['committed', 'failed'].includes(status.job.state); i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = await client.transfer.importDataServiceFiles(appId, { importId: up.importId }, 'status');
      }
      expect(status).toMatchObject({ progress: 100, job: { state: 'committed', rowsWritten: 3 } });
      const { tables } = await client.tables.get(appId);
      expect(
        tables.find((t: { name: string }) => t.name === 'City').columns.map((c: { name: string }) => c.name),
      ).toEqual(expect.arrayContaining(['city', 'population']));

      // An unknown step is refused with the client's error shape.
      await expect(
        client.transfer.importDataServiceFiles(appId, { importId: up.importId }, 'invalid-step'),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Unknown import step 'invalid-step'") });
    });

    it('lists the data validators, and a column saved with one refuses a value that does not match', async () => {
      const validators = await client.settings.getDataValidators();
      const email = validators.find((v: { name: string }) => v.name === 'email');
      expect(email).toMatchObject({ title: 'Email address', regex: expect.any(String) });
      const table = await client.tables.create(appId, { name: 'Lead' });
      await client.tables.createColumn(appId, table, { name: 'mail', dataType: 'STRING', customRegex: email.regex });
      const { tables } = await client.tables.get(appId);
      const lead = tables.find((t: { name: string }) => t.name === 'Lead');
      expect(lead.columns.find((c: { name: string }) => c.name === 'mail').customRegex).toBe(email.regex);
      await expect(client.tables.createRecord(appId, lead, { mail: 'nope' })).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining("validator of column 'mail'"),
      });
    });
  });
}
