import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

const multipart = (name: string, content: string) => {
  const boundary = 'b0undary';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** File and channel rules set through the console's permission routes, checked through the app API. */
describeEachDb('permissions on files and channels', (server) => {
  let f: AppFixture;
  let user: { objectId: string; token: string };

  const upload = (path: string, token?: string) => {
    const { payload, headers } = multipart('a.txt', 'hello');
    return server().call('POST', `/${f.appId}/${f.keys.REST}/files/${path}`, {
      payload,
      headers: { ...headers, ...(token ? { 'user-token': token } : {}) },
    });
  };

  beforeAll(async () => {
    f = await appFixture(server());
    user = await f.user();
    expect((await upload('docs/a.txt')).statusCode).toBe(200);
    expect((await upload('private/a.txt')).statusCode).toBe(200);
  });

  it('a role DENY on a folder covers its files; a user GRANT on the file opens it for that user', async () => {
    const anon = await f.roleId('NotAuthenticatedUser');
    const auth = await f.roleId('AuthenticatedUser');
    for (const role of [anon, auth]) {
      const res = await f.console('PUT', `/security/roles/${role}/files/${encodeURIComponent('/private/')}`, {
        permissions: [{ operation: 'Read', access: 'DENY' }],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await f.api('GET', '/files/private/a.txt')).statusCode).toBe(403);
    expect((await f.api('GET', '/files/private/a.txt', { token: user.token })).statusCode).toBe(403);
    expect((await f.api('GET', '/files/docs/a.txt')).statusCode).toBe(200);

    const grant = await f.console(
      'PUT',
      `/security/users/${user.objectId}/file/${encodeURIComponent('private/a.txt')}`,
      { permissions: [{ operation: 'Read', access: 'GRANT' }] },
    );
    expect(grant.statusCode, grant.body).toBe(200);
    expect((await f.api('GET', '/files/private/a.txt', { token: user.token })).body).toBe('hello');
    expect((await f.api('GET', '/files/private/a.txt')).statusCode).toBe(403);

    const listed = (await f.console('GET', `/security/roles/files/${encodeURIComponent('private')}`)).json();
    expect(listed.data.find((r: { id: string }) => r.id === anon).permissions).toEqual([
      { operation: 'Read', access: 'DENY' },
    ]);
    const users = (await f.console('GET', `/security/files/users/${encodeURIComponent('private/a.txt')}`)).json();
    expect(users.data).toEqual([
      expect.objectContaining({
        id: user.objectId,
        userId: user.objectId,
        permissions: [{ operation: 'Read', access: 'GRANT' }],
      }),
    ]);

    expect((await f.console('DELETE', `/security/roles/${anon}/files/private`)).statusCode).toBe(200);
    expect((await f.api('GET', '/files/private/a.txt')).statusCode).toBe(200);
  });

  it('Write and Delete are decided apart from Read', async () => {
    const anon = await f.roleId('NotAuthenticatedUser');
    await f.console('PUT', `/security/roles/${anon}/files/docs`, {
      permissions: [
        { operation: 'Write', access: 'DENY' },
        { operation: 'Delete', access: 'DENY' },
      ],
    });
    expect((await upload('docs/b.txt')).statusCode).toBe(403);
    expect((await f.api('DELETE', '/files/docs/a.txt')).statusCode).toBe(403);
    expect((await f.api('GET', '/files/docs/a.txt')).statusCode).toBe(200);
    expect((await upload('docs/b.txt', user.token)).statusCode).toBe(200);
  });

  it('a channel DENY on Publish refuses the publish for that role only', async () => {
    const channels = (await f.console('GET', '/messaging/channels')).json();
    const list = Array.isArray(channels) ? channels : channels.data;
    const channel = list.find((c: { name: string }) => c.name === 'default');
    const anon = await f.roleId('NotAuthenticatedUser');
    const res = await f.console('PUT', `/security/messaging/${channel.channelid}/roles/${anon}`, {
      permissions: [{ operation: 'Publish', access: 'DENY' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await f.api('POST', '/messaging/default', { body: { message: 'hi' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(1011);
    expect((await f.api('POST', '/messaging/default', { body: { message: 'hi' }, token: user.token })).statusCode).toBe(
      200,
    );
  });

  it('unknown variants and operations are clean 4xx answers', async () => {
    expect((await f.console('GET', '/security/nothing/here/at/all')).statusCode).toBe(404);
    expect(
      (
        await f.console('PUT', `/security/roles/${await f.roleId('JSUser')}/files/x`, {
          permissions: [{ operation: 'Explode', access: 'GRANT' }],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await f.console('PUT', `/security/roles/${await f.roleId('JSUser')}/files/x`, {
          permissions: [{ operation: 'Read', access: 'MAYBE' }],
        })
      ).statusCode,
    ).toBe(400);
  });
});
