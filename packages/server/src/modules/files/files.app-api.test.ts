import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { filesRoot, multipart, rawRequest } from './files.test-helpers.js';

describeEachDb('files: app API', (server) => {
  let appId: string;
  let apiKey: string;
  let root: string;
  const at = (rest: string, key = apiKey) => `/${appId}/${key}/files${rest}`;

  beforeAll(async () => {
    const { authKey } = await registerDeveloper(server());
    const created = await server().call('POST', '/console/applications', {
      authKey,
      body: { appName: `Files${Date.now()}` },
    });
    appId = created.json().id;
    apiKey = created.json().apiKeys.find((k: { deviceType: string }) => k.deviceType === 'JS').apiKey;
    root = filesRoot(server(), appId);
  });

  it('uploads with the right key and downloads the content back', async () => {
    const up = await server().call('POST', at('/photos/cat%20one.txt'), multipart('file', 'local.txt', 'meow'));
    expect(up.statusCode).toBe(200);
    expect(up.json().fileURL).toMatch(new RegExp(`/${appId}/${apiKey}/files/photos/cat%20one\\.txt$`));
    expect(fs.readFileSync(path.join(root, 'photos', 'cat one.txt'), 'utf8')).toBe('meow');

    const down = await server().call('GET', at('/photos/cat%20one.txt'));
    expect(down.statusCode).toBe(200);
    expect(down.body).toBe('meow');
    expect(down.headers['content-type']).toBe('text/plain; charset=utf-8');

    expect((await server().call('POST', at('/photos/cat%20one.txt'), multipart('file', 'x', 'again'))).statusCode).toBe(
      409,
    );
    expect(
      (await server().call('POST', at('/photos/cat%20one.txt?overwrite=true'), multipart('file', 'x', 'purr')))
        .statusCode,
    ).toBe(200);
    expect((await server().call('GET', at('/photos/cat%20one.txt'))).body).toBe('purr');
  });

  it('refuses a wrong key with 401 and stores nothing', async () => {
    const up = await server().call('POST', at('/intruder.txt', 'not-a-key'), multipart('file', 'x', 'evil'));
    expect(up.statusCode).toBe(401);
    expect(up.json()).toMatchObject({ code: 8002 });
    expect(fs.existsSync(path.join(root, 'intruder.txt'))).toBe(false);
    expect((await server().call('GET', at('/photos/cat%20one.txt', 'not-a-key'))).statusCode).toBe(401);
    expect((await server().call('DELETE', at('/photos/cat%20one.txt', 'not-a-key'))).statusCode).toBe(401);
    expect((await server().call('GET', at('/photos', 'not-a-key'))).statusCode).toBe(401);
    expect(fs.existsSync(path.join(root, 'photos', 'cat one.txt'))).toBe(true);
  });

  it('lists a folder, counts and answers exists', async () => {
    await server().call('POST', at('/photos/dog.txt'), multipart('file', 'x', 'woof'));
    const list = await server().call('GET', at('/photos'));
    expect(list.statusCode).toBe(200);
    const names = list.json().map((e: { name: string }) => e.name);
    expect(names).toEqual(['cat one.txt', 'dog.txt']);
    expect(list.json()[0]).toMatchObject({ size: 4, type: 'FILE' });
    expect(typeof list.json()[0].createdOn).toBe('number');
    expect(list.json()[0].url).toContain(`/${appId}/${apiKey}/files/photos/cat%20one.txt`);
    expect(
      (await server().call('GET', at('/photos?pattern=d*&pagesize=10&offset=0')))
        .json()
        .map((e: { name: string }) => e.name),
    ).toEqual(['dog.txt']);
    expect(
      (await server().call('GET', at('/photos?action=count&pattern=*&sub=false&countDirectories=false'))).json(),
    ).toBe(2);
    expect((await server().call('GET', at('/photos/dog.txt?action=exists'))).json()).toBe(true);
    expect((await server().call('GET', at('/photos/cow.txt?action=exists'))).json()).toBe(false);
    expect((await server().call('GET', at('/photos/cow.txt'))).statusCode).toBe(404);
  });

  it('creates folders, saves base64, renames, moves and copies', async () => {
    expect((await server().call('POST', at('/made/here/'))).statusCode).toBe(200);
    expect(fs.statSync(path.join(root, 'made', 'here')).isDirectory()).toBe(true);
    const saved = await server().call('PUT', at('/binary/made/b64.txt'), {
      payload: Buffer.from('hi there').toString('base64'),
      headers: { 'content-type': 'text/plain' },
    });
    expect(saved.statusCode).toBe(200);
    expect(fs.readFileSync(path.join(root, 'made', 'b64.txt'), 'utf8')).toBe('hi there');
    const renamed = await server().call('PUT', at('/rename'), {
      body: { oldPathName: '/made/b64.txt', newName: 'renamed.txt' },
    });
    expect(renamed.body).toMatch(/made\/renamed\.txt$/);
    const moved = await server().call('PUT', at('/move'), {
      body: { sourcePath: '/made/renamed.txt', targetPath: '/made/here' },
    });
    expect(moved.body).toMatch(/made\/here\/renamed\.txt$/);
    const copied = await server().call('PUT', at('/copy'), {
      body: { sourcePath: '/made/here/renamed.txt', targetPath: '/made/copy.txt' },
    });
    expect(copied.statusCode).toBe(200);
    expect(fs.readFileSync(path.join(root, 'made', 'copy.txt'), 'utf8')).toBe('hi there');
    expect(
      (
        await server().call('PUT', at('/move'), {
          body: { sourcePath: '/made/copy.txt', targetPath: '/../../escape.txt' },
        })
      ).statusCode,
    ).toBe(403);
    // `append` is a route word, not a folder: the part is added to made/copy.txt.
    expect((await server().call('POST', at('/append/made/copy.txt'), multipart('file', 'x', ' more'))).statusCode).toBe(
      200,
    );
    expect(fs.readFileSync(path.join(root, 'made', 'copy.txt'), 'utf8')).toBe('hi there more');
    expect(fs.existsSync(path.join(root, 'append'))).toBe(false);
  });

  it('deletes files and folders, a missing one is an error', async () => {
    expect((await server().call('DELETE', at('/photos/dog.txt'))).statusCode).toBe(200);
    expect(fs.existsSync(path.join(root, 'photos', 'dog.txt'))).toBe(false);
    expect((await server().call('DELETE', at('//photos'))).statusCode).toBe(200);
    expect(fs.existsSync(path.join(root, 'photos'))).toBe(false);
    expect((await server().call('DELETE', at('/photos'))).statusCode).toBe(404);
  });

  it('refuses traversal through the app API too', async () => {
    const sentinel = path.join(server().config.dataDir, 'app-api-sentinel.txt');
    fs.writeFileSync(sentinel, 'untouched');
    for (const p of [
      '../../../app-api-sentinel.txt',
      '%2e%2e/%2e%2e/%2e%2e/app-api-sentinel.txt',
      '..%2f..%2f..%2fapp-api-sentinel.txt',
      '%252e%252e/x',
    ]) {
      const read = await rawRequest(server(), 'GET', at(`/${p}`));
      expect([400, 403]).toContain(read.status);
      expect(read.body).not.toContain('untouched');
      const up = multipart('file', 'x', 'evil');
      expect([400, 403]).toContain((await rawRequest(server(), 'POST', at(`/${p}`), up.headers, up.payload)).status);
      expect([400, 403]).toContain((await rawRequest(server(), 'DELETE', at(`/${p}`))).status);
    }
    expect(fs.readFileSync(sentinel, 'utf8')).toBe('untouched');
  });

  it('serves active content from the app API sandboxed', async () => {
    await server().call('POST', at('/site/index.html'), multipart('file', 'x', '<script>1</script>'));
    const page = await server().call('GET', at('/site/index.html'));
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe('sandbox');
  });
});
