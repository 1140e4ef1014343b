import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { dataFixture, expectError, type DataFixture } from '../data.test-helpers.js';

function multipartBody(filename: string, content: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----basaltcelltest';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDb('data file cells', (server) => {
  let f: DataFixture;
  let id: string;
  beforeAll(async () => {
    f = await dataFixture(server());
    await f.createTable('Doc', [{ name: 'title', dataType: 'STRING' }, { name: 'attachment', dataType: 'FILE_REF' }]);
    id = (await f.ok('POST', '/Doc', { title: 'one' })).objectId;
  });

  const put = (column: string, body: { payload: Buffer | string; headers: Record<string, string> }) =>
    server().call('PUT', `/${f.appId}/console/data/Doc/file/${column}/${id}`, { authKey: f.authKey, payload: body.payload, headers: body.headers });

  it('stores an uploaded file in the app files and keeps its path in the cell', async () => {
    const res = await put('attachment', multipartBody('../../report.txt', 'hello cell'));
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json();
    expect(record.attachment).toBe(`data/Doc/${id}/attachment/report.txt`);
    const root = path.join(server().config.dataDir, 'apps', f.appId.replace(/-/g, '').toLowerCase(), 'files');
    expect(fs.readFileSync(path.join(root, record.attachment), 'utf8')).toBe('hello cell');

    const del = await f.call('DELETE', `/Doc/file/attachment/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().attachment).toBeNull();
    expect(fs.existsSync(path.join(root, record.attachment))).toBe(false);
  });

  it('sets a file path given as text, and refuses non-file columns', async () => {
    const res = await put('attachment', { payload: 'shared/logo.png', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attachment).toBe('shared/logo.png');
    expectError(await put('title', { payload: 'x', headers: { 'content-type': 'text/plain' } }), 400, "'title'");
    expectError(await f.call('DELETE', '/Doc/file/attachment/NOT-THERE'), 404, "'NOT-THERE'");
    // A hand-typed path that climbs out is stored as text but never taken as a file to delete.
    const sneaky = `data/Doc/${id}/attachment/../../../../system.db`;
    expect((await put('attachment', { payload: sneaky, headers: { 'content-type': 'text/plain' } })).statusCode).toBe(200);
    const cleared = await f.call('DELETE', `/Doc/file/attachment/${id}`);
    expect(cleared.statusCode).toBe(200);
    expect(fs.existsSync(path.join(server().config.dataDir, 'system.db'))).toBe(server().kind === 'sqlite');
  });
});
