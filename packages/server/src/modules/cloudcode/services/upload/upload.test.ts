import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import Backendless from 'backendless';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { describeEachDb, listenForClients } from '../../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../../appapi/appapi.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;
type Sdk = typeof Backendless & { APIServices: { invoke(s: string, m: string, a?: unknown): Promise<unknown> } };

const classFile = (name: string, body: string) =>
  `class ${name} {\n${body}\n}\nBackendless.ServerCode.addService(${name});\n`;
const COUNTER = classFile('Counter', '  /** @param {number} n */\n  twice(n) { return n * 2; }');
const GREETER = classFile('Greeter', "  hello(name) { return 'Hello, ' + name; }");

/** A multipart body with the given parts (files as `[field, fileName, content]`, fields as `[name, value]`). */
function multipart(files: Array<[string, string, string | Uint8Array]>, fields: Array<[string, string]> = []) {
  const boundary = 'uploadboundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of fields)
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [field, fileName, content] of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.from(content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
}

describeEachDb('generic upload of API services', (server) => {
  let f: AppFixture;
  let url: string;
  const upload = (files: Array<[string, string, string | Uint8Array]>, fields: Array<[string, string]> = []) =>
    server().call('POST', `/${f.appId}/console/localservices/generic`, {
      authKey: f.dev.authKey,
      ...multipart(files, fields),
    });

  beforeAll(async () => {
    f = await appFixture(server());
    url = await listenForClients(server());
  });

  it('uploads a .js file through our SDK: it is a draft of the model, deployed, and answers', async () => {
    const bl = createBasaltClient(url, f.dev.authKey).bl;
    const services = await bl.createService(f.appId, { file: new File([GREETER], 'greeter.js'), model: 'default' });
    expect(services.map((s) => s.name)).toEqual(['Greeter']);
    expect(services[0]).toMatchObject({ model: 'default', type: 'JS' });
    const drafts = await bl.getDraftFiles(f.appId, 'JS', 'default');
    expect(drafts.map((d) => d.id)).toContain('services/greeter.js');
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Ann' })).json()).toBe('Hello, Ann');
  });

  it('uploads several files and a .zip of them (paths kept under services/); the backendless SDK invokes them', async () => {
    const zip = zipSync({
      'lib/counter.js': strToU8(COUNTER),
      'lib/readme.txt': strToU8('skipped'),
      '__MACOSX/lib/._counter.js': strToU8('junk'),
    });
    const res = await upload([
      ['files', 'bundle.zip', zip],
      ['files', 'greeter.js', GREETER],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .map((s: { name: string }) => s.name)
        .sort(),
    ).toEqual(['Counter', 'Greeter']);
    const drafts = (await f.console('GET', '/servercode/default/draft/JS')).json().map((d: { id: string }) => d.id);
    expect(drafts).toEqual(expect.arrayContaining(['services/lib/counter.js', 'services/greeter.js']));
    expect(drafts).not.toContain('services/lib/readme.txt');

    const sdk = Backendless.initApp({
      serverURL: url,
      appId: f.appId,
      apiKey: f.keys.JS,
      standalone: true,
    } as never) as unknown as Sdk;
    expect(await sdk.APIServices.invoke('Counter', 'twice', { n: 21 })).toBe(42);
    const wrong = await f.api('POST', '/services/Counter/twice', { body: { n: 'x' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain("'n'");
  });

  it('a syntax error is a 400 naming file and line and production still answers', async () => {
    const res = await upload([['files', 'broken.js', 'class Broken {\n  let = ;\n}\n']]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/services\/broken\.js:2:\d+/);
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Bo' })).json()).toBe('Hello, Bo');
    // The broken file stays in the draft (as any deploy's files do); remove it for the next cases.
    await f.console('PUT', '/servercode/default/draft/JS', [{ id: 'services/broken.js', deleted: true }]);
  });

  it('bad input: no files, other file types, unreadable archives 400; too large 413; unknown model 404; samples 501', async () => {
    const none = await upload([], [['model', 'default']]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain("'files'");
    const txt = await upload([['files', 'notes.txt', 'hello']]);
    expect(txt.statusCode).toBe(400);
    expect(txt.json().message).toContain('notes.txt');
    const junk = await upload([['files', 'bad.zip', 'this is not a zip archive']]);
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toContain("'bad.zip' cannot be read");
    const traversal = zipSync({ '../evil.js': strToU8('x') });
    const escaped = await upload([['files', 'evil.zip', traversal]]);
    expect(escaped.statusCode).toBe(400);
    const big = await upload([['files', 'big.js', `// ${'x'.repeat(1024 * 1024 + 10)}`]]);
    expect(big.statusCode).toBe(413);
    const huge = await upload([['files', 'huge.js', Buffer.alloc(5 * 1024 * 1024 + 100, 0x20)]]);
    expect(huge.statusCode).toBe(413);
    const bomb = zipSync({ 'a.js': new Uint8Array(6 * 1024 * 1024).fill(0x20) }, { level: 9 });
    const inflated = await upload([['files', 'bomb.zip', bomb]]);
    expect(inflated.statusCode).toBe(413);
    const model = await upload([['files', 'greeter.js', GREETER]], [['model', 'nowhere']]);
    expect(model.statusCode).toBe(404);
    expect(model.json().message).toContain("'nowhere'");

    const bl = createReferenceClient(url, f.dev.authKey).bl;
    await expect(bl.createService(f.appId, { createFromSample: true, sampleName: 'x' })).rejects.toMatchObject({
      status: 501,
    });
    // Still one Greeter answering.
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Cy' })).json()).toBe('Hello, Cy');
  });
});
