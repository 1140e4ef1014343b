import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { ApiError } from '../../../http/api-error.js';
import type { Interceptor, InterceptorRegistry } from '../../../events/interceptors.js';

type Rec = Record<string, unknown>;

/*
 * Records written in the console's data browser pass the table's event handlers as an app's writes
 * do (decision 0047): handlers added in-process here, real HTTP and real databases.
 */
describeEachDb('console record writes and event handlers', (server) => {
  let f: AppFixture;
  let registry: InterceptorRegistry;
  const removers: Array<() => void> = [];
  const add = (event: string, run: Interceptor['run']) =>
    removers.push(registry.add(f.appId, { id: `${event}-${removers.length}`, provider: 'data', event, target: 'Person', run }));
  const stored = async () =>
    ((await f.console('POST', '/data/Person/find', { pageSize: 100 })).json() as Rec[]).map((r) => r.name).sort();

  beforeAll(async () => {
    f = await appFixture(server());
    registry = server().app.basalt.interceptors;
    await f.table('Person', [{ name: 'name', dataType: 'STRING' }]);
  });
  afterEach(() => {
    for (const r of removers.splice(0)) r();
  });

  it('a before-create handler changes a record the console creates, and the console sees no caller', async () => {
    const callers: unknown[] = [];
    add('beforeCreate', async (call) => {
      callers.push(call.caller);
      const item = call.req.item as Rec;
      return { req: { ...call.req, item: { ...item, name: String(item.name).toUpperCase() } } };
    });
    const res = await f.console('POST', '/data/Person', { name: 'ann' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Rec).name).toBe('ANN');
    expect(callers).toEqual([null]);
    expect(await stored()).toContain('ANN');
  });

  it('a before-update handler that rejects leaves the record as it was', async () => {
    const made = (await f.console('POST', '/data/Person', { name: 'bob' })).json() as { objectId: string };
    add('beforeUpdate', async () => {
      throw new ApiError('CLOUD_CODE_REJECTED', 'Names are frozen');
    });
    const res = await f.console('PUT', `/data/Person/${made.objectId}`, { name: 'robert' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Names are frozen');
    expect(await stored()).toContain('bob');
    expect(await stored()).not.toContain('robert');
  });

  it('an after-create handler changes what the console is answered, not what is stored', async () => {
    add('afterCreate', async (call) => ({ value: { ...(call.res?.result as Rec), tagged: true } }));
    const res = await f.console('POST', '/data/Person', { name: 'cy' });
    expect(res.json()).toMatchObject({ name: 'cy', tagged: true });
    expect(await stored()).toContain('cy');
  });

  it('without handlers the console writes as before', async () => {
    const res = await f.console('POST', '/data/Person', { name: 'dee' });
    expect((res.json() as Rec).name).toBe('dee');
  });
});
