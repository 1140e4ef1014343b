import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDbKinds, type TestServer, listenForClients } from '../test-helpers.js';
import { TEN_TYPES } from '../modules/lifecycle/lifecycle.test-helpers.js';

// The published reference client, unchanged, on an app's lifecycle (issue 18 item 3, decision
// 0059): cloneApp + getCloningAppStatus, resetApp with its typed confirmation, the exports of the
// transfer and apps groups, and createAppFromZIP with the FormData a console uploads.
const require = createRequire(import.meta.url);
const ConsoleSDK = require('backendless-console-sdk');
const createClient: (serverUrl: string, authKey?: string, options?: object) => any = ConsoleSDK.createClient;
/** The FormData class the reference client's request library sends as multipart in Node. */
const FormData: new () => {
  append(name: string, value: unknown, options?: { filename: string; contentType: string }): void;
} = require('backendless-request').FormData;

/** The status and message of a refused reference-client call. */
async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string; code?: unknown }> {
  try {
    await p;
  } catch (err) {
    const e = err as { status?: number; message?: string; code?: unknown };
    return { status: e.status ?? 0, message: String(e.message), code: e.code };
  }
  throw new Error('the call was not refused');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ITEMS = 25;

for (const kind of testDbKinds()) {
  describe(`published backendless-console-sdk@3.0.0: clone, export/import, reset [${kind}]`, () => {
    let server: TestServer;
    let url: string;
    let client: any;
    let authKey: string;
    let appId: string;
    let original: Awaited<ReturnType<typeof snapshot>>;

    /** Everything the issue compares, read through the reference client: tables, counts, records, roles. */
    async function snapshot(id: string) {
      const { tables } = await client.tables.get(id);
      const sorted = [...tables].sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name));
      const counts: Record<string, number> = {};
      const records: Record<string, unknown[]> = {};
      for (const t of sorted) {
        counts[t.name] = await client.tables.getRecordsCount(id, t, {}, true);
        records[t.name] = await client.tables.loadRecords(
          id,
          t,
          {
            pageSize: 100,
            sortBy: 'objectId',
            ...(t.relations.length
              ? { loadRelations: t.relations.map((r: { name: string }) => r.name).join(',') }
              : {}),
          },
          true,
        );
      }
      const roles = (await client.security.loadRoles(id)).map((r: { name: string }) => r.name).sort();
      return { tables: sorted, counts, records, roles };
    }

    /** Basalt's own process route (the reference client polls only clones): until the process ends. */
    async function settled(id: string, processId: string) {
      for (let i = 0; i < 600; i++) {
        const res = await fetch(`${url}/${id}/console/lifecycle/processes/${processId}`, {
          headers: { 'auth-key': authKey },
        });
        const p = await res.json();
        if (p.status !== 'IN_PROGRESS') return p;
        await sleep(100);
      }
      throw new Error(`process ${processId} did not end`);
    }

    /** Polls getCloningAppStatus until the clone is no longer IN_PROGRESS; answers it and the progress seen. */
    async function cloned(processId: string) {
      const seen: number[] = [];
      for (let i = 0; i < 600; i++) {
        const status = await client.apps.getCloningAppStatus(appId, processId);
        seen.push(status.progress);
        if (status.status !== 'IN_PROGRESS') return { status, seen };
        await sleep(100);
      }
      throw new Error(`clone ${processId} did not end`);
    }

    const appIds = async () => (await client.apps.getApps()).map((a: { id: string }) => a.id).sort();

    beforeAll(async () => {
      server = await startTestServer(kind);
      url = await listenForClients(server);
      client = createClient(url);
      const email = `reflifecycle${Date.now()}@example.com`;
      await client.user.register({ email, password: 'reference password 1' });
      authKey = (await client.user.login(email, 'reference password 1')).authKey;
      appId = (await client.apps.createApp({ appName: 'Shop' })).id;

      // Ten column types, a relation, records, a user, a custom role and a file.
      const item = await client.tables.create(appId, { name: 'Item' });
      for (const column of TEN_TYPES) await client.tables.createColumn(appId, item, column);
      const shelf = await client.tables.create(appId, { name: 'Shelf' });
      await client.tables.createColumn(appId, shelf, { name: 'label', dataType: 'STRING' });
      await client.tables.createColumn(appId, shelf, {
        name: 'items',
        dataType: 'DATA_REF',
        toTableName: 'Item',
        relationshipType: 'ONE_TO_MANY',
      });
      const ids: string[] = await client.tables.bulkCreateRecords(
        appId,
        'Item',
        Array.from({ length: ITEMS }, (_, i) => ({
          title: `Item ${i}`,
          code: `C-${i}`,
          summary: 'ü'.repeat(300),
          body: `line one\nline "two" ${i}`,
          stock: 1000 + i,
          price: 9.75 + i,
          active: i % 2 === 0,
          due: Date.UTC(2026, 0, 1 + i, 12, 30),
          meta: { tags: ['a', i], nested: { ok: true } },
          picture: `https://example.com/p${i}.png`,
        })),
      );
      expect(ids).toHaveLength(ITEMS);
      const top = await client.tables.createRecord(appId, { name: 'Shelf' }, { label: 'Top' });
      const shelfTable = (await client.tables.get(appId)).tables.find((t: { name: string }) => t.name === 'Shelf');
      await client.tables.updateRelations(appId, shelfTable, 'items', top.objectId, [ids[3], ids[1]]);
      await client.tables.createRecord(appId, { name: 'Users' }, { email: 'member@example.com', password: 'pw 12345' });
      await client.security.createRole(appId, 'Editor');
      await client.files.createFile(appId, 'docs/readme.txt', 'hello files');

      original = await snapshot(appId);
      expect(original.counts).toMatchObject({ Item: ITEMS, Shelf: 1, Users: 1 });
      expect(original.roles).toContain('Editor');
      expect((original.records.Shelf[0] as { items: unknown[] }).items).toHaveLength(2);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('cloneApp answers {processId}; getCloningAppStatus moves to DONE with the clone: same tables, counts, records, roles', async () => {
      const started = await client.apps.cloneApp(appId, { appName: 'Shop copy' });
      expect(Object.keys(started)).toEqual(['processId']);
      const { status, seen } = await cloned(started.processId);
      expect(status).toMatchObject({ status: 'DONE', progress: 100 });
      expect(status.error).toBeUndefined();
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      const copyId = status.newAppId as string;
      expect(copyId).not.toBe(appId);
      expect((await client.apps.getApps()).find((a: { id: string }) => a.id === copyId)?.appName).toBe('Shop copy');

      const copy = await snapshot(copyId);
      expect(copy.tables.map((t: { name: string }) => t.name)).toEqual(['Item', 'Shelf', 'Users']);
      expect(copy).toEqual(original);
      expect(await client.files.fileExists(copyId, 'docs/readme.txt')).toBeTruthy();

      // A write to the clone leaves the original as it was.
      await client.tables.createRecord(copyId, { name: 'Item' }, { title: 'Only in the copy', code: 'X-1' });
      const [first] = copy.records.Item as Array<{ objectId: string }>;
      await client.tables.deleteRecords(copyId, { name: 'Item' }, [first.objectId]);
      await client.security.createRole(copyId, 'CopyOnly');
      expect((await snapshot(copyId)).counts.Item).toBe(ITEMS);
      expect(await snapshot(appId)).toEqual(original);
    });

    it('cloneApp with chosen parts copies only them: schema and security without records', async () => {
      const started = await client.apps.cloneApp(appId, { appName: 'Shop schema', parts: ['schema', 'security'] });
      const { status } = await cloned(started.processId);
      expect(status.status).toBe('DONE');
      const copy = await snapshot(status.newAppId);
      expect(copy.tables).toEqual(original.tables);
      expect(copy.roles).toEqual(original.roles);
      expect(copy.counts).toEqual({ Item: 0, Shelf: 0, Users: 0 });
      expect(await client.files.fileExists(status.newAppId, 'docs/readme.txt')).toBeFalsy();
    });

    it('cloneApp refuses a taken name and a bad part with a 400/409 naming it, and starts nothing', async () => {
      const before = await appIds();
      const taken = await refusal(client.apps.cloneApp(appId, { appName: 'Shop' }));
      expect(taken.status).toBe(409);
      expect(taken.message).toContain('Shop');
      const badPart = await refusal(client.apps.cloneApp(appId, { appName: 'Nope', parts: ['everything'] }));
      expect(badPart.status).toBe(400);
      expect(badPart.message).toContain('parts');
      const unknown = await refusal(client.apps.getCloningAppStatus(appId, 'no-such-process'));
      expect(unknown.status).toBe(404);
      expect(await appIds()).toEqual(before);
    });

    it('resetApp: without the typed confirmation 400 and nothing gone; with it the records go and the schema stays', async () => {
      const { status } = await cloned((await client.apps.cloneApp(appId, { appName: 'Reset me' })).processId);
      const target = status.newAppId as string;
      const before = await snapshot(target);
      expect(before.counts).toEqual(original.counts);

      for (const resets of [
        { data: true },
        { data: true, confirmation: 'reset me' },
        { data: true, files: true, confirmation: 'Shop' },
      ]) {
        const refused = await refusal(client.apps.resetApp(target, resets));
        expect(refused.status).toBe(400);
        expect(refused.message).toMatch(/confirmation|name/);
      }
      expect(await snapshot(target)).toEqual(before);
      expect(await client.files.fileExists(target, 'docs/readme.txt')).toBeTruthy();

      const done = await client.apps.resetApp(target, { data: true, confirmation: 'Reset me' });
      expect(done.processId).toEqual(expect.any(String));
      const after = await snapshot(target);
      expect(after.tables).toEqual(before.tables);
      expect(after.counts).toEqual({ Item: 0, Shelf: 0, Users: 1 });
      expect(after.roles).toEqual(before.roles);
      expect(await client.files.fileExists(target, 'docs/readme.txt')).toBeTruthy();

      await client.apps.resetApp(target, { users: true, files: true, confirmation: 'Reset me' });
      expect((await snapshot(target)).counts.Users).toBe(0);
      expect(await client.files.fileExists(target, 'docs/readme.txt')).toBeFalsy();
      expect(await snapshot(appId)).toEqual(original);
    });

    it('startExport and generateAppZIP are listed by getExportedData; the ZIP makes a new app through createAppFromZIP that compares equal', async () => {
      const viaTransfer = await client.transfer.startExport(appId, {});
      const viaApps = await client.apps.generateAppZIP(appId);
      for (const started of [viaTransfer, viaApps]) expect(Object.keys(started)).toEqual(['processId']);
      let listed: Array<{ processId: string; status: string; fileName: string; downloadUrl?: string; size?: number }> =
        [];
      for (let i = 0; i < 600; i++) {
        listed = await client.transfer.getExportedData(appId);
        const mine = listed.filter((e) => [viaTransfer.processId, viaApps.processId].includes(e.processId));
        if (mine.length === 2 && mine.every((e) => e.status !== 'IN_PROGRESS')) break;
        await sleep(100);
      }
      const exports = [viaApps, viaTransfer].map((s) => listed.find((e) => e.processId === s.processId)!);
      for (const e of exports)
        expect(e).toMatchObject({ status: 'DONE', progress: 100, fileName: expect.stringMatching(/^Shop-.+\.zip$/) });

      const download = await fetch(`${url}${exports[1].downloadUrl}`, { headers: { 'auth-key': authKey } });
      expect(download.status).toBe(200);
      const zip = Buffer.from(await download.arrayBuffer());
      expect(zip.length).toBe(exports[1].size);

      const form = new FormData();
      form.append('appName', 'Shop imported');
      form.append('file', zip, { filename: exports[1].fileName, contentType: 'application/zip' });
      const created = await client.apps.createAppFromZIP(form);
      expect(created).toEqual({ processId: expect.any(String), appId: expect.any(String) });
      expect(await settled(created.appId, created.processId)).toMatchObject({ status: 'DONE', progress: 100 });
      expect((await client.apps.getApps()).find((a: { id: string }) => a.id === created.appId)?.appName).toBe(
        'Shop imported',
      );
      expect(await snapshot(created.appId)).toEqual(original);
      expect(await client.files.fileExists(created.appId, 'docs/readme.txt')).toBeTruthy();
    });

    it('createAppFromZIP refuses a form without a ZIP, a ZIP that is not an app export, or no name: 400 and no app', async () => {
      const before = await appIds();
      const upload = (name: string | undefined, file?: Buffer) => {
        const form = new FormData();
        if (name !== undefined) form.append('appName', name);
        if (file) form.append('file', file, { filename: 'upload.zip', contentType: 'application/zip' });
        return refusal(client.apps.createAppFromZIP(form));
      };
      const notZip = await upload('Broken', Buffer.from('not a zip at all'));
      expect(notZip).toMatchObject({ status: 400 });
      expect(notZip.message).toContain('not a ZIP');
      const noFile = await upload('Empty');
      expect(noFile.status).toBe(400);
      expect(noFile.message).toContain('no file');

      const { status } = await cloned((await client.apps.cloneApp(appId, { appName: 'Zip source' })).processId);
      const { processId } = await client.transfer.startExport(status.newAppId, { parts: ['schema'] });
      const done = await settled(status.newAppId, processId);
      const zip = Buffer.from(
        await (await fetch(`${url}${done.downloadUrl}`, { headers: { 'auth-key': authKey } })).arrayBuffer(),
      );
      const unnamed = await upload(undefined, zip);
      expect(unnamed.status).toBe(400);
      expect(unnamed.message).toContain('appName');
      const badName = await upload('../escape', zip);
      expect(badName.status).toBe(400);
      expect(badName.message).toContain('not an application name');
      expect(await appIds()).toEqual([...before, status.newAppId].sort());
    });
  });
}
