import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { deploy } from './cloudcode.test-helpers.js';

const CODE = `
class Vault {
  async readSecrets() {
    return Backendless.Data.of('Secret').find();
  }

  async writeLater(tag) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await Backendless.Data.of('Log').save({ tag });
    return 'written';
  }

  async readWhere(where) {
    return Backendless.Data.of('Secret').find({ where });
  }

  whoAmI() {
    return this.request.context.userRoles;
  }

  async callOther(name) {
    return Backendless.CustomServices.invoke('Vault', 'echo', [name]);
  }

  echo(v) {
    return 'echo ' + v;
  }

  showConfig() {
    return this.config;
  }
}
Backendless.ServerCode.addService(Vault, [
  { name: 'region', displayName: 'Region', type: 'CHOICE', options: ['eu', 'us'], defaultValue: 'eu' },
  { name: 'token', displayName: 'Token', type: 'PASSWORD', required: true },
  { name: 'verbose', type: 'BOOL' },
]);

Backendless.ServerCode.customEvent('plusOne', async (req) => req.args.a + 1);
`;

describeEachDb('cloud code bridge and app API', (server) => {
  let f: AppFixture;
  let vaultId: string;

  beforeAll(async () => {
    f = await appFixture(server());
    const secret = await f.table('Secret', [{ name: 'text', dataType: 'STRING' }]);
    await f.table('Log', [{ name: 'tag', dataType: 'STRING' }]);
    expect((await f.api('POST', '/data/Secret', { body: { text: 'hidden' } })).statusCode).toBe(200);
    const deny = await f.console(
      'PUT',
      `/security/data/${secret.tableId}/roles/${await f.roleId('NotAuthenticatedUser')}`,
      {
        permissions: [{ operation: 'Find', access: 'DENY' }],
      },
    );
    expect(deny.statusCode, deny.body).toBe(200);
    await deploy(f, [{ id: 'services/vault.js', content: CODE }]);
    vaultId = (await f.console('GET', '/localservices')).json()[0].id;
  });

  it('reads a table as the caller: denied to NotAuthenticatedUser anonymously, granted with a user token', async () => {
    const anon = await f.api('POST', '/services/Vault/readSecrets', { body: {} });
    const rows = anon.statusCode === 200 ? (anon.json() as Array<{ text: string }>) : [];
    expect(rows.map((r) => r.text)).not.toContain('hidden');
    const user = await f.user();
    const granted = await f.api('POST', '/services/Vault/readSecrets', { body: {}, token: user.token });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().map((r: { text: string }) => r.text)).toEqual(['hidden']);
    const roles = (await f.api('POST', '/services/Vault/whoAmI', { body: {}, token: user.token })).json();
    expect(roles).toContain('AuthenticatedUser');
  });

  it('a hostile where clause from code cannot widen what the caller may read', async () => {
    for (const where of ['1 = 1) OR (1 = 1', "text = 'hidden' OR 1 = 1", "objectId IS NOT NULL) OR (text = 'hidden'"]) {
      const res = await f.api('POST', '/services/Vault/readWhere', { body: where });
      const rows = res.statusCode === 200 ? (res.json() as Array<{ text: string }>) : [];
      expect(
        rows.map((r) => r.text),
        where,
      ).not.toContain('hidden');
      expect(res.statusCode, where).toBeLessThan(500);
    }
    // The same call with a granted user's token does read the row: the clause reaches the table.
    const user = await f.user();
    const granted = await f.api('POST', '/services/Vault/readWhere', {
      body: "text = 'hidden' OR 1 = 1",
      token: user.token,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().map((r: { text: string }) => r.text)).toEqual(['hidden']);
  });

  it('bl-execution-type async answers before the row exists; the row exists soon after', async () => {
    const res = await server().call('POST', `/${f.appId}/${f.keys.REST}/services/Vault/writeLater`, {
      payload: JSON.stringify('async-1'),
      headers: { 'content-type': 'application/json', 'bl-execution-type': 'async' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const count = async () =>
      (await f.api('POST', '/data/Log/find', { body: { where: "tag = 'async-1'" } })).json().length as number;
    expect(await count()).toBe(0);
    let n = 0;
    for (let i = 0; i < 40 && n === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      n = await count();
    }
    expect(n).toBe(1);
  });

  it('calls another service and dispatches a custom event', async () => {
    expect((await f.api('POST', '/services/Vault/callOther', { body: 'x' })).json()).toBe('echo x');
    const ev = await f.api('POST', '/servercode/events/plusOne', { body: { a: 1 } });
    expect(ev.statusCode, ev.body).toBe(200);
    expect(ev.json()).toEqual({ result: 2 });
    const missing = await f.api('POST', '/servercode/events/nope', { body: {} });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain("'nope'");
  });

  it('stores configuration: types checked, the password sealed and masked, the code sees the values', async () => {
    const items = (await f.console('GET', `/localservices/generic/configure/${vaultId}`)).json();
    expect(items.map((i: { name: string; value: unknown }) => [i.name, i.value])).toEqual([
      ['region', 'eu'],
      ['token', null],
      ['verbose', null],
    ]);
    const bad = await f.console('POST', `/localservices/generic/configure/${vaultId}`, { region: 'mars', token: 't' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields[0].field).toBe('region');
    expect((await f.console('POST', `/localservices/generic/configure/${vaultId}`, { region: 'us' })).statusCode).toBe(
      400,
    );
    const set = await f.console('POST', `/localservices/generic/configure/${vaultId}`, [
      { name: 'region', value: 'us' },
      { name: 'token', value: 's3cr3t' },
      { name: 'verbose', value: 'true' },
    ]);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().find((i: { name: string }) => i.name === 'token').value).toBe('********');
    const stored = await server()
      .app.basalt.dbs.system.selectFrom('cc_service_config' as never)
      .select('values_json' as never)
      .executeTakeFirst();
    expect(JSON.stringify(stored)).not.toContain('s3cr3t');
    expect((await f.api('POST', '/services/Vault/showConfig', { body: {} })).json()).toMatchObject({
      region: 'us',
      token: 's3cr3t',
      verbose: true,
    });
    // The mask sent back keeps the secret.
    await f.console('POST', `/localservices/generic/configure/${vaultId}`, { token: '********', region: 'eu' });
    expect((await f.api('POST', '/services/Vault/showConfig', { body: {} })).json()).toMatchObject({ token: 's3cr3t' });
    const test = await f.console('POST', `/localservices/generic/configure/test/${vaultId}`, { region: 'mars' });
    expect(test.json()).toMatchObject({ valid: false });
    expect(
      (await f.console('POST', `/localservices/generic/configure/test/${vaultId}`, { region: 'us' })).json(),
    ).toEqual({
      valid: true,
    });
  });

  it('deletes a service by an array body; it then answers 404', async () => {
    const res = await server().call('DELETE', `/${f.appId}/console/localservices/generic`, {
      authKey: f.dev.authKey,
      body: [vaultId],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await f.api('POST', '/services/Vault/echo', { body: 'x' })).statusCode).toBe(404);
  });
});
