import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, registerDeveloper, type TestDeveloper } from '../../test-helpers.js';
import { multipart } from '../files/files.test-helpers.js';
import { logOf } from './audit.test-helpers.js';
import { humanise } from './audit.describe.js';

describeEachDb('audit log: entries tell what happened, by name', (server) => {
  let dev: TestDeveloper;
  let appId: string;
  let apiKey: string;
  const consoleFiles = (
    method: 'POST' | 'DELETE',
    url: string,
    opts: { body?: unknown; payload?: string | Buffer; headers?: Record<string, string> } = {},
  ) => server().call(method, `/${appId}/console/files${url}`, { authKey: dev.authKey, ...opts });
  const text = (payload: string) => ({ payload, headers: { 'content-type': 'text/plain' } });
  const api = (
    method: 'POST' | 'PUT' | 'DELETE',
    rest: string,
    opts: { body?: unknown; payload?: string | Buffer; headers?: Record<string, string> } = {},
  ) => server().call(method, `/${appId}/${apiKey}/files${rest}`, opts);

  beforeAll(async () => {
    dev = await registerDeveloper(server());
    const created = await server().call('POST', '/console/applications', {
      authKey: dev.authKey,
      body: { appName: `Story${Date.now()}` },
    });
    appId = created.json().id;
    apiKey = created.json().apiKeys.find((k: { deviceType: string }) => k.deviceType === 'REST').apiKey;
  });

  it('records every file operation of the console with the file names', async () => {
    expect((await consoleFiles('POST', '/createdir/docs/drafts/')).statusCode).toBe(200);
    expect(
      (await consoleFiles('POST', '/upload/docs/plan%20a.txt/', multipart('file', 'plan a.txt', 'v1'))).statusCode,
    ).toBe(200);
    expect((await consoleFiles('POST', '/edit/docs/plan%20a.txt/', { body: { file: 'v2' } })).statusCode).toBe(200);
    expect((await consoleFiles('POST', '/rename/docs/plan%20a.txt/', text('plan b.txt'))).statusCode).toBe(200);
    expect((await consoleFiles('POST', '/copy/docs/plan%20b.txt/', text('docs/drafts/'))).statusCode).toBe(200);
    expect((await consoleFiles('POST', '/move/docs/drafts/plan%20b.txt/', text('docs/final.txt'))).statusCode).toBe(
      200,
    );
    expect((await consoleFiles('DELETE', '/docs/final.txt/')).statusCode).toBe(200);

    const expected = [
      'Created folder /docs/drafts',
      'Uploaded file /docs/plan a.txt',
      'Edited file /docs/plan a.txt',
      'Renamed /docs/plan a.txt to plan b.txt',
      'Copied /docs/plan b.txt to /docs/drafts/',
      'Moved /docs/drafts/plan b.txt to /docs/final.txt',
      'Deleted /docs/final.txt',
    ];
    const log = await logOf(
      server(),
      dev,
      appId,
      '',
      (e) => e.filter((x) => x.action.startsWith('files.')).length >= expected.length,
    );
    const files = log.data.filter((e) => e.action.startsWith('files.'));
    expect(files.map((e) => e.summary).reverse()).toEqual(expected);
    expect(files.every((e) => e.actor === dev.email)).toBe(true);
    expect(files.find((e) => e.action === 'files.deleteFile')?.target).toBe('/docs/final.txt');
  });

  it('records file operations of the app API with the caller', async () => {
    expect((await api('POST', '/api/in.txt', multipart('file', 'in.txt', 'hello'))).statusCode).toBe(200);
    expect((await api('POST', '/api/sub/')).statusCode).toBe(200);
    expect(
      (
        await api('PUT', '/binary/api/raw.bin', {
          payload: Buffer.from('abc').toString('base64'),
          headers: { 'content-type': 'text/plain' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await api('PUT', '/rename', { body: { oldPathName: '/api/in.txt', newName: 'out.txt' } })).statusCode).toBe(
      200,
    );
    expect(
      (await api('PUT', '/copy', { body: { sourcePath: '/api/out.txt', targetPath: '/api/sub/' } })).statusCode,
    ).toBe(200);
    expect(
      (await api('PUT', '/move', { body: { sourcePath: '/api/raw.bin', targetPath: '/api/sub/raw2.bin' } })).statusCode,
    ).toBe(200);
    expect((await api('DELETE', '/api/out.txt')).statusCode).toBe(200);
    expect(
      (await api('PUT', '/append/api/log.txt', { payload: 'line', headers: { 'content-type': 'text/plain' } }))
        .statusCode,
    ).toBe(200);

    const expected = [
      'Uploaded file /api/in.txt',
      'Created folder /api/sub',
      'Uploaded file /api/raw.bin',
      'Renamed /api/in.txt to out.txt',
      'Copied /api/out.txt to /api/sub/out.txt',
      'Moved /api/raw.bin to /api/sub/raw2.bin',
      'Deleted /api/out.txt',
      'Appended to file /api/log.txt',
    ];
    const log = await logOf(
      server(),
      dev,
      appId,
      '',
      (e) => e.filter((x) => x.action.startsWith('file.')).length >= expected.length,
    );
    const files = log.data.filter((e) => e.action.startsWith('file.'));
    expect(files.map((e) => e.summary).reverse()).toEqual(expected);
    expect(files.every((e) => e.actor === 'anonymous (REST key)' && e.developerId === null)).toBe(true);
    expect(files.map((e) => e.action)).toContain('file.rename');
  });

  it('names generic console changes in words, not route names', async () => {
    const made = await server().call('POST', `/${appId}/console/counters/hits`, { authKey: dev.authKey, body: {} });
    expect(made.statusCode).toBeLessThan(300);
    const log = await logOf(server(), dev, appId, '', (e) => e.some((x) => x.action === 'counters.create'));
    const entry = log.data.find((e) => e.action === 'counters.create');
    expect(entry?.summary).toBe('Create counter hits');
    expect(entry?.summary).not.toMatch(/counters\.|=/);
    expect(humanise('tables.deleteColumn')).toBe('Delete column');
    expect(humanise('settings.regenerateAPIKey')).toBe('Regenerate API key');
  });
});
