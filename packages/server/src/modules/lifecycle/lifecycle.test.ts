import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { DevOperations } from '@basalt/shared';
import { describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { expectFailure, richApp, settled, signedIn, snapshotOf, type Console } from './lifecycle.test-helpers.js';

/** The apps of the developer, by id. */
const appIds = async (c: Console) => (await c.client.apps.getApps()).map((a) => a.id).sort();
const uploadsDir = (c: Console) => path.join(c.server.config.dataDir, 'lifecycle', 'uploads');
const leftovers = (c: Console) => (fs.existsSync(uploadsDir(c)) ? fs.readdirSync(uploadsDir(c)) : []);

const postZip = (c: Console, url: string, zip: Uint8Array) =>
  c.server.call('POST', url, {
    authKey: c.authKey,
    headers: { 'content-type': 'application/zip' },
    payload: Buffer.from(zip),
  });

describeEachDb('app lifecycle: clone, export, import, reset', (server) => {
  let c: Console;
  let appId: string;
  let original: Awaited<ReturnType<typeof snapshotOf>>;

  beforeAll(async () => {
    c = await signedIn(server());
    ({ appId } = await richApp(c));
    original = await snapshotOf(c, appId);
    expect(original.records.Item).toHaveLength(3);
    expect(original.permissions.length).toBeGreaterThan(0);
  });

  it('clones an app: same tables, records, roles, permissions and files; the clone is its own', async () => {
    const { processId } = await c.client.apps.cloneApp(appId, { appName: 'Cloned' });
    let status = await c.client.apps.getCloningAppStatus(appId, processId);
    const seen = [status.progress];
    while (status.status === 'IN_PROGRESS') {
      await new Promise((r) => setTimeout(r, 100));
      status = await c.client.apps.getCloningAppStatus(appId, processId);
      seen.push(status.progress);
    }
    expect(status).toMatchObject({ status: 'DONE', progress: 100 });
    const cloneId = status.newAppId!;
    expect(cloneId).toBeTruthy();
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await snapshotOf(c, cloneId)).toEqual(original);

    // A write to the clone leaves the original as it was.
    await c.ok(cloneId, 'POST', '/data/Item', { title: 'Only in the clone', code: 'X-1' });
    await c.ok(cloneId, 'DELETE', '/data/tables/Shelf');
    expect(await snapshotOf(c, appId)).toEqual(original);
    const processes = await c.client.lifecycle.listProcesses(appId);
    expect(processes[0]).toMatchObject({ processId, kind: 'clone', status: 'DONE', newAppId: cloneId });
  });

  it('exports as a ZIP and creates a new app from it: everything compares equal', async () => {
    const { processId } = await c.client.apps.generateAppZIP(appId);
    const { process } = await settled(c, appId, processId);
    expect(process).toMatchObject({ kind: 'export', status: 'DONE', progress: 100 });
    const [listed] = await c.client.transfer.getExportedData(appId);
    expect(listed).toMatchObject({ processId, status: 'DONE', downloadUrl: process.downloadUrl });
    expect(listed.parts).toEqual(['schema', 'data', 'files', 'security', 'users', 'code', 'settings']);

    const res = await c.server.call('GET', process.downloadUrl!, { authKey: c.authKey });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"$/);
    const zip = new Uint8Array(res.rawPayload);
    expect(zip.length).toBe(listed.size);

    const created = await c.client.apps.createAppFromZIP(zip, 'FromZip');
    const done = await settled(c, created.appId, created.processId);
    expect(done.process).toMatchObject({ kind: 'import', status: 'DONE', progress: 100 });
    expect(await snapshotOf(c, created.appId)).toEqual(original);
  });

  it('imports into an existing app: refused (409) while it has tables unless replace=true', async () => {
    const { processId } = await c.client.transfer.startExport(appId, { parts: ['schema', 'data'] });
    const { process } = await settled(c, appId, processId);
    const zip = new Uint8Array(
      await (await fetch(`${c.url}${process.downloadUrl}`, { headers: { 'auth-key': c.authKey } })).arrayBuffer(),
    );
    const target = (await c.client.apps.createApp({ appName: 'Target' })).id;
    await c.ok(target, 'POST', '/data/tables', { name: 'Mine' });
    expectFailure(await postZip(c, `/${target}/console/import/app`, zip), 409, 'CONFLICT');
    const started = await c.client.transfer.startImport(target, zip, 'app', { replace: true });
    expect((await settled(c, target, started.processId)).process.status).toBe('DONE');
    const names = (await c.ok(target, 'GET', '/data/tables')).tables.map((t: { name: string }) => t.name).sort();
    expect(names).toEqual(['Item', 'Shelf', 'Users']);
    expect(await c.ok(target, 'POST', '/data/Item/find', { sortBy: 'objectId' })).toEqual(original.records.Item);
  });

  it('refuses unsafe archives and non-exports before writing anything', async () => {
    const manifest = strToU8(
      JSON.stringify({ format: 'basalt-app-archive', version: 1, parts: ['schema'], units: {} }),
    );
    const before = await appIds(c);
    const cases: Array<[Uint8Array, number, string, string]> = [
      [zipSync({ 'manifest.json': manifest, '../evil.txt': strToU8('x') }), 400, 'UNSAFE_ARCHIVE', '../evil.txt'],
      [zipSync({ 'manifest.json': manifest, '/etc/evil': strToU8('x') }), 400, 'UNSAFE_ARCHIVE', '/etc/evil'],
      [
        zipSync({
          'manifest.json': manifest,
          'files/link': [strToU8('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }],
        }),
        400,
        'UNSAFE_ARCHIVE',
        'symbolic link',
      ],
      [
        zipSync({ 'manifest.json': manifest, 'files/bomb.bin': [new Uint8Array(20 * 1024 * 1024), { level: 9 }] }),
        400,
        'UNSAFE_ARCHIVE',
        'ratio',
      ],
      [zipSync({ 'readme.txt': strToU8('just a zip') }), 400, 'NOT_AN_APP_EXPORT', 'manifest.json'],
      [
        zipSync({ 'manifest.json': strToU8(JSON.stringify({ format: 'other' })) }),
        400,
        'NOT_AN_APP_EXPORT',
        'does not describe',
      ],
      [strToU8('not a zip at all'), 400, 'NOT_AN_APP_EXPORT', 'not a ZIP'],
    ];
    for (const [zip, status, code, text] of cases) {
      const res = await postZip(c, '/console/applications/from-zip?appName=Unsafe', zip);
      expectFailure(res, status, code);
      expect(res.json().message).toContain(text);
      const into = await postZip(c, `/${appId}/console/import/app?replace=true`, zip);
      expectFailure(into, status, code);
    }
    expect(await appIds(c)).toEqual(before);
    expect(leftovers(c)).toEqual([]);
    expect(await snapshotOf(c, appId)).toEqual(original);
  });

  it('resets data (schema kept) only with the typed confirmation', async () => {
    const target = (await c.client.apps.createApp({ appName: 'ToReset' })).id;
    const { processId } = await c.client.apps.cloneApp(appId, { appName: 'ResetMe' });
    const { process } = await settled(c, appId, processId);
    const resetId = process.newAppId!;
    void target;
    for (const confirmation of [undefined, 'resetme', 'Wrong']) {
      const res = await c.call(resetId, 'POST', '/appreset', { data: true, files: true, confirmation });
      expectFailure(res, 400, 'CONFIRMATION_MISMATCH');
    }
    expect((await snapshotOf(c, resetId)).records).toEqual(original.records);

    const reset = await c.client.apps.resetApp(resetId, { data: true, confirmation: 'ResetMe' });
    expect((await c.client.lifecycle.getProcess(resetId, reset.processId)).status).toBe('DONE');
    const after = await snapshotOf(c, resetId);
    expect(after.tables).toEqual(original.tables);
    expect(after.records.Item).toEqual([]);
    expect(after.records.Shelf).toEqual([]);
    expect(after.records.Users).toEqual(original.records.Users);
    expect(after.files).toEqual(original.files);

    await c.client.apps.resetApp(resetId, { users: true, files: true, confirmation: 'ResetMe' });
    expect(await c.ok(resetId, 'POST', '/data/Users/find', {})).toEqual([]);
    expect(await c.client.files.fileExists(resetId, 'docs/readme.txt')).toBeFalsy();
    expect(await snapshotOf(c, appId)).toEqual(original);
  });

  it('a teammate denied clone, export, import or reset gets 403 and nothing starts', async () => {
    const mate = await registerDeveloper(server());
    await c.server.call('POST', `/${appId}/console/devteam`, { authKey: c.authKey, body: { email: mate.email } });
    const deny = (operation: number) =>
      c.server.call('PUT', `/${appId}/console/devteam/${mate.id}/permissions`, {
        authKey: c.authKey,
        body: [
          ...[DevOperations.CLONE, DevOperations.EXPORT, DevOperations.APP_RESET, DevOperations.IMPORT]
            .filter((o) => o !== operation)
            .map((o) => ({ operation: o, access: 'GRANT' })),
          { operation, access: 'DENY' },
        ],
      });
    const as = (method: 'POST', url: string, body?: unknown) =>
      c.server.call(method, url, { authKey: mate.authKey, ...(body !== undefined ? { body } : {}) });
    const before = (await c.client.lifecycle.listProcesses(appId)).length;
    await deny(DevOperations.CLONE);
    expectFailure(await as('POST', `/${appId}/console/cloneApp`, { appName: 'Nope' }), 403, 'FORBIDDEN');
    await deny(DevOperations.EXPORT);
    expectFailure(await as('POST', `/${appId}/console/application/transfer`), 403, 'FORBIDDEN');
    expectFailure(await as('POST', `/${appId}/console/export`, {}), 403, 'FORBIDDEN');
    await deny(DevOperations.APP_RESET);
    const appName = (await c.client.apps.getAppInfo(appId)).appName;
    expectFailure(
      await as('POST', `/${appId}/console/appreset`, { data: true, confirmation: appName }),
      403,
      'FORBIDDEN',
    );
    await deny(DevOperations.IMPORT);
    expectFailure(
      await as('POST', `/${appId}/console/import/app`, { url: 'https://example.com/a.zip' }),
      403,
      'FORBIDDEN',
    );
    expect((await c.client.lifecycle.listProcesses(appId)).length).toBe(before);
    expect(await snapshotOf(c, appId)).toEqual(original);
  });
});
