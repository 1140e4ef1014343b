import crypto from 'node:crypto';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { ApiError } from '../../../http/api-error.js';
import type { Interceptor, InterceptorRegistry } from '../../../events/interceptors.js';

type Rec = Record<string, any>;

/*
 * What handlers may do on the operations that fire events since decision 0055 (upserts, deep
 * save, grouping, describe, file reads, messaging, guest login, the data browser's bulk writes):
 * change the arguments, refuse (nothing written), answer instead, change the result. Handlers are
 * added in-process; the event census (event-census.test.ts) proves deployed code is reached.
 */
describeEachDb('event handlers on upserts, deep save, grouping, files, messaging and console bulk writes', (server) => {
  let f: AppFixture;
  let registry: InterceptorRegistry;
  const removers: Array<() => void> = [];
  const on = (provider: string, event: string, run: Interceptor['run'], target = '*') =>
    removers.push(registry.add(f.appId, { id: `${event}-${removers.length}`, provider, event, target, run }));
  const ok = async (p: Promise<{ statusCode: number; body: string; json(): any }>) => {
    const res = await p;
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const names = async () =>
    ((await ok(f.api('GET', '/data/Person?pageSize=100'))) as Rec[]).map((r) => r.name as string).sort();
  const refuse = (message: string) => async () => {
    throw new ApiError('CLOUD_CODE_REJECTED', message);
  };

  beforeAll(async () => {
    f = await appFixture(server());
    registry = server().app.basalt.interceptors;
    await f.table('Person', [{ name: 'name', dataType: 'STRING' }]);
  });
  afterEach(() => {
    for (const r of removers.splice(0)) r();
  });

  it('an upsert runs between the upsert events, not the create ones, and its handler may change the item', async () => {
    const created: unknown[] = [];
    on('data', 'beforeCreate', async (c) => void created.push(c.req.item), 'Person');
    on(
      'data',
      'beforeUpsert',
      async (c) => ({
        req: { item: { ...(c.req.item as Rec), name: String((c.req.item as Rec).name).toUpperCase() } },
      }),
      'Person',
    );
    const made = await ok(f.api('PUT', '/data/Person/upsert', { body: { name: 'ann' } }));
    expect(made.name).toBe('ANN');
    expect(created).toEqual([]);
    expect(await names()).toContain('ANN');
  });

  it('a bulk upsert refused by its before-handler writes nothing; its after-handler may change the answer', async () => {
    on('data', 'beforeUpsertBulk', refuse('No bulk upserts'), 'Person');
    const refused = await f.api('PUT', '/data/bulkupsert/Person', { body: [{ name: 'bulk1' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('No bulk upserts');
    expect(await names()).not.toContain('bulk1');
    for (const r of removers.splice(0)) r();

    on('data', 'afterUpsertBulk', async (c) => ({ value: { stored: (c.res?.result as Rec[]).length } }), 'Person');
    expect(await ok(f.api('PUT', '/data/bulkupsert/Person', { body: [{ name: 'bulk2' }, { name: 'bulk3' }] }))).toEqual(
      { stored: 2 },
    );
    expect(await names()).toEqual(expect.arrayContaining(['bulk2', 'bulk3']));
  });

  it("a deep save runs between the root's create events (or update events when it names an objectId)", async () => {
    on('data', 'beforeCreate', refuse('Deep saves are closed'), 'Person');
    const refused = await f.api('PUT', '/data/Person/deep-save', { body: { name: 'deep' } });
    expect(refused.statusCode).toBe(400);
    expect(await names()).not.toContain('deep');
    for (const r of removers.splice(0)) r();

    const made = await ok(f.api('PUT', '/data/Person/deep-save', { body: { name: 'deep' } }));
    const seen: Rec[] = [];
    on('data', 'beforeUpdate', async (c) => void seen.push(c.req.item as Rec), 'Person');
    on('data', 'afterUpdate', async (c) => ({ value: { ...(c.res?.result as Rec), via: 'update' } }), 'Person');
    const updated = await ok(
      f.api('PUT', '/data/Person/deep-save', { body: { objectId: made.objectId, name: 'deeper' } }),
    );
    expect(updated).toMatchObject({ name: 'deeper', via: 'update' });
    expect(seen).toEqual([{ objectId: made.objectId, name: 'deeper' }]);
  });

  it('a grouping and its count: the before-handler may change the query, the after-handler the result', async () => {
    on('data', 'beforeCountInGroup', async () => ({ req: { query: { groupBy: ['name'], where: "name = 'ANN'" } } }));
    expect(await ok(f.api('POST', '/data/data-grouping/Person/count', { body: { groupBy: ['name'] } }))).toBe(1);
    on('data', 'afterGroup', async () => ({ value: { grouped: 'by a handler' } }), 'Person');
    expect(await ok(f.api('POST', '/data/data-grouping/Person', { body: { groupBy: ['name'] } }))).toEqual({
      grouped: 'by a handler',
    });
  });

  it("a table's describe may be answered by a handler", async () => {
    on('data', 'beforeDescribe', async (c) => ({ value: [{ name: 'only', table: c.req.itemName }] }), 'Person');
    expect(await ok(f.api('GET', '/data/Person/properties'))).toEqual([{ name: 'only', table: 'Person' }]);
  });

  it('file reads: a listing answered by a handler, a download refused, an existence check on another path', async () => {
    const put = await server().app.inject({
      method: 'PUT',
      url: `/${f.appId}/${f.keys.REST}/files/binary/docs/a.txt?overwrite=true`,
      payload: Buffer.from('hello').toString('base64'),
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.statusCode, put.body).toBe(200);
    on('file', 'beforeListing', async (c) => ({ value: [{ name: 'from handler', path: c.req.path }] }));
    expect(await ok(f.api('GET', '/files/docs/'))).toEqual([{ name: 'from handler', path: 'docs' }]);

    on('file', 'beforeDownload', refuse('Downloads are closed'));
    const refused = await f.api('GET', '/files/docs/a.txt');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Downloads are closed');

    expect(await ok(f.api('GET', '/files/docs/nothing.txt?action=exists'))).toBe(false);
    on('file', 'beforeExists', async () => ({ req: { path: 'docs/a.txt' } }));
    expect(await ok(f.api('GET', '/files/docs/nothing.txt?action=exists'))).toBe(true);
  });

  it('sendEmail: a before-handler changes the subject of the mail sent', async () => {
    const subject = `Report ${crypto.randomUUID()}`;
    on('messaging', 'beforeSendEmail', async (c) => ({ req: { ...c.req, subject: `[checked] ${c.req.subject}` } }));
    await ok(
      f.api('POST', '/messaging/email', {
        key: f.keys.BL,
        body: { subject, bodyparts: { textmessage: 'body' }, to: ['a@example.com'] },
      }),
    );
    const mailer = server().app.basalt.mailer;
    expect(mailer.recent.some((m) => m.subject === `[checked] ${subject}`)).toBe(true);
    expect(mailer.recent.some((m) => m.subject === subject)).toBe(false);
  });

  it('a device registration refused by a handler stores no device', async () => {
    on('messaging', 'beforeDeviceRegistration', refuse('Registrations are closed'));
    const body = { deviceToken: 't', deviceId: 'phone-x', os: 'ANDROID', osVersion: '14', channels: ['default'] };
    const refused = await f.api('POST', '/messaging/registrations', { body });
    expect(refused.statusCode).toBe(400);
    for (const r of removers.splice(0)) r();
    expect((await f.api('GET', '/messaging/registrations/phone-x')).statusCode).toBe(404);
  });

  it('a guest login may be answered by a handler', async () => {
    on('user', 'beforeLoginAsGuest', async () => ({ value: { guest: 'declined' } }));
    expect(await ok(f.api('POST', '/users/register/guest'))).toEqual({ guest: 'declined' });
  });

  it("the data browser's bulk writes run between the bulk events with no app user", async () => {
    const callers: unknown[] = [];
    on(
      'data',
      'beforeCreateBulk',
      async (c) => {
        callers.push(c.caller);
        return { req: { items: (c.req.items as Rec[]).map((i) => ({ ...i, name: `${i.name}!` })) } };
      },
      'Person',
    );
    await ok(f.console('POST', '/data/bulk/Person', [{ name: 'b1' }, { name: 'b2' }]));
    expect(callers).toEqual([null]);
    expect(await names()).toEqual(expect.arrayContaining(['b1!', 'b2!']));

    const rows = (await ok(f.api('GET', `/data/Person?where=${encodeURIComponent("name = 'b1!'")}`))) as Rec[];
    const wheres: unknown[] = [];
    on('data', 'beforeRemoveBulk', async (c) => {
      wheres.push(c.req.whereClause);
      throw new ApiError('CLOUD_CODE_REJECTED', 'Keep them');
    });
    const refused = await f.console('DELETE', '/data/tables/Person/records', [rows[0].objectId]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(wheres).toEqual([`objectId in ('${rows[0].objectId}')`]);
    expect(await names()).toContain('b1!');
  });
});
