import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

describeEachDb('activity manager: console activity events listed for the audit area', (server) => {
  let f: AppFixture;

  beforeAll(async () => {
    f = await appFixture(server());
  });

  it('lists the events newest first with the developer who sent them, a page at a time', async () => {
    for (const page of ['data', 'files', 'audit']) {
      expect((await f.console('POST', '/user-activity', { type: 'OPEN_AREA', area: page })).statusCode).toBe(200);
      // Events of the same millisecond have no order between them; these three must have one.
      await new Promise((r) => setTimeout(r, 3));
    }

    const all = await f.console('GET', '/user-activity');
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json() as { data: Array<Record<string, unknown>>; totalRows: number };
    expect(body.totalRows).toBe(3);
    expect(body.data.map((e) => (e.event as { area: string }).area)).toEqual(['audit', 'files', 'data']);
    expect(body.data[0]).toMatchObject({ developerId: f.dev.id, developer: f.dev.email, event: { type: 'OPEN_AREA' } });
    expect(typeof body.data[0].created).toBe('number');

    const second = (await f.console('GET', '/user-activity?offset=1&pageSize=1')).json();
    expect(second.totalRows).toBe(3);
    expect(second.data.map((e: { event: { area: string } }) => e.event.area)).toEqual(['files']);
  });

  it('refuses a page size over 200, callers without a session and developers outside the app', async () => {
    const big = await f.console('GET', '/user-activity?pageSize=500');
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/pageSize/);
    expect((await server().call('GET', `/${f.appId}/console/user-activity`)).statusCode).toBe(401);
    const stranger = await registerDeveloper(server());
    const other = await server().call('GET', `/${f.appId}/console/user-activity`, { authKey: stranger.authKey });
    expect([403, 404]).toContain(other.statusCode);
  });
});
