import { beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { logOf, type Entry } from './audit.test-helpers.js';

type Sdk = typeof Backendless;

/**
 * HIPAA compliance end to end: switched in the console, reads made through the app API (plain HTTP
 * and the published `backendless` SDK over a real socket) land in the audit log list.
 */
describeEachDb('HIPAA: app API reads in the audit log', (server) => {
  let f: AppFixture;
  let origin: string;
  const reads = (ready: (e: Entry[]) => boolean = () => true) =>
    logOf(server(), f.dev, f.appId, '?action=appapi.read&pageSize=100', ready);
  const rows = (log: { data: Entry[] }) => log.data.map((e) => [e.actor, e.target, e.summary]);

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Patient', [{ name: 'name', dataType: 'STRING' }]);
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    const address = server().app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  it('records nothing while compliance is off, then every find, get, count and Users read with its reader', async () => {
    const ann = await f.user('ann@example.com');
    const created = await f.api('POST', '/data/Patient', { body: { name: 'P One' }, token: ann.token });
    const pid = created.json().objectId;
    await f.api('POST', '/data/Patient', { body: { name: 'P Two' } });
    expect((await f.api('POST', '/data/Patient/find', { body: {} })).json()).toHaveLength(2);
    await f.api('GET', `/data/Patient/${pid}`);
    await new Promise((r) => setTimeout(r, 200));
    expect((await reads()).totalRows).toBe(0);

    expect((await f.console('PUT', '/compliance/hipaa/enable')).statusCode).toBe(200);
    expect(
      (await f.api('POST', '/data/Patient/find', { body: { where: "name = 'P One'" }, token: ann.token })).json(),
    ).toHaveLength(1);
    expect((await f.api('GET', '/data/Patient?pageSize=10')).json()).toHaveLength(2);
    expect((await f.api('GET', `/data/Patient/${pid}`, { token: ann.token })).statusCode).toBe(200);
    expect((await f.api('GET', '/data/Patient/count')).json()).toBe(2);
    expect((await f.api('GET', `/data/Users/${ann.objectId}`, { token: ann.token })).statusCode).toBe(200);
    // A login answers the user's own record: a read of Users too.
    expect(
      (await f.api('POST', '/users/login', { body: { login: 'ann@example.com', password: 'secret pass 1' } }))
        .statusCode,
    ).toBe(200);

    const log = await reads((d) => d.length >= 6);
    expect(rows(log).sort()).toEqual(
      [
        [`user:${ann.objectId}`, 'Patient', 'Read 1 record of Patient'],
        ['anonymous', 'Patient', 'Read 2 records of Patient'],
        [`user:${ann.objectId}`, `Patient/${pid}`, `Read 1 record of Patient/${pid}`],
        ['anonymous', 'Patient', 'Read 2 records of Patient'],
        [`user:${ann.objectId}`, `Users/${ann.objectId}`, `Read 1 record of Users/${ann.objectId}`],
        [`user:${ann.objectId}`, `Users/${ann.objectId}`, `Read 1 record of Users/${ann.objectId}`],
      ].sort(),
    );
    expect(log.data.every((e) => e.developerId === null)).toBe(true);

    // Writes are not reads; with compliance off again, reads stop being recorded.
    await f.api('PUT', `/data/Patient/${pid}`, { body: { name: 'P One bis' }, token: ann.token });
    expect((await f.console('PUT', '/compliance/hipaa/disable')).statusCode).toBe(200);
    await f.api('POST', '/data/Patient/find', { body: {} });
    await f.api('GET', '/data/Patient/count');
    await new Promise((r) => setTimeout(r, 200));
    expect((await reads()).totalRows).toBe(6);
  });

  it('records the reads of the published backendless SDK', async () => {
    expect((await f.console('PUT', '/compliance/hipaa/enable')).statusCode).toBe(200);
    const before = (await reads()).totalRows;
    const app = Backendless.initApp({
      serverURL: origin,
      appId: f.appId,
      apiKey: f.keys.JS,
      standalone: true,
    } as never) as unknown as Sdk;
    await app.UserService.register({ email: 'sdk-reader@example.com', password: 'reader pass' } as never);
    const user = (await app.UserService.login('sdk-reader@example.com', 'reader pass', false)) as unknown as {
      objectId: string;
    };
    const found = (await app.Data.of('Patient').find({ where: "name LIKE 'P%'" } as never)) as Array<{
      objectId: string;
    }>;
    expect(found.length).toBeGreaterThanOrEqual(2);
    await app.Data.of('Patient').findById(found[0].objectId);
    expect(await app.Data.of('Patient').getObjectCount()).toBe(found.length);

    const log = await reads((d) => d.length >= before + 4);
    const mine = log.data
      .filter((e) => e.actor === `user:${user.objectId}`)
      .map((e) => e.target)
      .sort();
    expect(mine).toEqual(['Patient', 'Patient', `Patient/${found[0].objectId}`, `Users/${user.objectId}`].sort());
    await f.console('PUT', '/compliance/hipaa/disable');
  });
});
