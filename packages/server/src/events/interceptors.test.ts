import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb, listenForClients } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';
import { ApiError } from '../http/api-error.js';
import type { InterceptCall, InterceptResult, Interceptor, InterceptorRegistry } from './interceptors.js';

type Rec = Record<string, unknown>;
type Run = Interceptor['run'];

/*
 * The registry's semantics with handlers added in-process (the host side of cloud code's event
 * handlers): real HTTP requests through the app API, real databases.
 */
describeEachDb('interceptors', (server) => {
  let f: AppFixture;
  let registry: InterceptorRegistry;
  let removers: Array<() => void> = [];
  let seq = 0;
  const add = (provider: string, event: string, target: string, run: Run, extra: Partial<Interceptor> = {}) => {
    const id = extra.id ?? `h${++seq}`;
    removers.push(registry.add(f.appId, { id, provider, event, target, run, ...extra }));
    return id;
  };
  const ok = async (res: { statusCode: number; body: string; json(): any }) => {
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const count = async (table: string, where?: string) =>
    (await ok(await f.api('POST', `/data/${table}/count`, { body: where ? { where } : {} }))) as number;

  beforeAll(async () => {
    f = await appFixture(server());
    registry = server().app.basalt.interceptors;
    await f.table('Person', [
      { name: 'name', dataType: 'STRING' },
      { name: 'trail', dataType: 'STRING' },
    ]);
    await f.table('Order', [{ name: 'name', dataType: 'STRING' }]);
  });
  afterEach(() => {
    for (const r of removers) r();
    removers = [];
  });

  it('answers has() per app, event and target, with * covering every target', () => {
    expect(registry.active(f.appId)).toBe(false);
    expect(registry.has(f.appId, 'data', 'beforeCreate', 'Person')).toBe(false);
    add('data', 'beforeCreate', 'Person', async () => undefined);
    expect(registry.active(f.appId)).toBe(true);
    expect(registry.has(f.appId, 'data', 'beforeCreate', 'Person')).toBe(true);
    expect(registry.has(f.appId, 'data', 'beforeCreate', 'Order')).toBe(false);
    expect(registry.has(f.appId, 'data', 'afterCreate', 'Person')).toBe(false);
    expect(registry.has('another-app', 'data', 'beforeCreate', 'Person')).toBe(false);
    add('data', 'beforeCreate', '*', async () => undefined);
    expect(registry.has(f.appId, 'data', 'beforeCreate', 'Order')).toBe(true);
    for (const r of removers.splice(0)) r();
    expect(registry.active(f.appId)).toBe(false);
  });

  it('a before-handler changes the arguments: a create through REST and through the fast lane stores ANN', async () => {
    const seen: InterceptCall[] = [];
    add('data', 'beforeCreate', 'Person', async (call) => {
      seen.push(call);
      const item = call.req.item as Rec;
      return { req: { ...call.req, item: { ...item, name: String(item.name).toUpperCase() } } };
    });
    const made = await ok(await f.api('POST', '/data/Person', { body: { name: 'ann' } }));
    expect(made.name).toBe('ANN');
    expect(seen[0]).toMatchObject({ appId: f.appId, provider: 'data', event: 'beforeCreate', target: 'Person' });
    expect((seen[0].caller as { appId: string }).appId).toBe(f.appId);

    // The fast lane (a real socket) runs the same work.
    const origin = await listenForClients(server());
    const res = await fetch(`${origin}/${f.appId}/${f.keys.REST}/data/Person`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bob' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Rec).name).toBe('BOB');
    expect(await count('Person', "name in ('ANN', 'BOB')")).toBe(2);
    expect(await count('Person', "name in ('ann', 'bob')")).toBe(0);
  });

  it("the data browser's record create and update run the table's handlers without a caller", async () => {
    const callers: Array<Rec | null> = [];
    const upper: Run = async (call) => {
      callers.push(call.caller as Rec | null);
      const item = call.req.item as Rec;
      return { req: { item: { ...item, name: String(item.name).toUpperCase() } } };
    };
    add('data', 'beforeCreate', 'Person', upper);
    add('data', 'beforeUpdate', 'Person', upper);
    const made = await ok(await f.console('POST', '/data/Person', { name: 'console' }));
    expect(made.name).toBe('CONSOLE');
    const changed = await ok(await f.console('PUT', `/data/Person/${made.objectId}`, { name: 'again' }));
    expect(changed).toMatchObject({ objectId: made.objectId, name: 'AGAIN' });
    // No app user: the handlers run as server code only.
    expect(callers).toEqual([null, null]);
  });

  it('a before-handler that rejects answers its error and nothing is written', async () => {
    add('data', 'beforeCreate', 'Person', async () => {
      throw new ApiError('VALIDATION', 'Names are closed today');
    });
    const before = await count('Person');
    const res = await f.api('POST', '/data/Person', { body: { name: 'refused' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Names are closed today' });
    const bulk = await f.api('POST', '/data/bulk/Person', { body: [{ name: 'refused' }] });
    expect(bulk.statusCode).toBe(200); // bulk creates have events of their own
    expect(await count('Person')).toBe(before + 1);
    removers.push(
      registry.add(f.appId, {
        id: 'bulk-no',
        provider: 'data',
        event: 'beforeCreateBulk',
        target: 'Person',
        run: async () => {
          throw new ApiError('VALIDATION', 'No bulk today');
        },
      }),
    );
    const refused = await f.api('POST', '/data/bulk/Person', { body: [{ name: 'refused' }] });
    expect(refused.statusCode).toBe(400);
    expect(await count('Person')).toBe(before + 1);
  });

  it('a premature result answers instead of the operation, and the after-handlers still run', async () => {
    const reads: string[] = [];
    add('data', 'beforeFind', 'Person', async () => ({ value: [{ name: 'from the handler' }] }));
    add('data', 'afterFind', 'Person', async (call) => {
      reads.push('after');
      const rows = call.res!.result as Rec[];
      return { value: rows.map((r) => ({ ...r, seen: true })) };
    });
    const found = await ok(await f.api('POST', '/data/Person/find', { body: {} }));
    expect(found).toEqual([{ name: 'from the handler', seen: true }]);
    expect(reads).toEqual(['after']);
  });

  it('an after-handler replaces the result; removing it gives the stored rows again', async () => {
    await ok(await f.api('POST', '/data/Order', { body: { name: 'first' } }));
    const off = registry.add(f.appId, {
      id: 'tag',
      provider: 'data',
      event: 'afterFind',
      target: 'Order',
      run: async (call) => ({ res: { result: (call.res!.result as Rec[]).map((r) => ({ ...r, tag: 'x' })) } }),
    });
    const tagged = await ok(await f.api('GET', '/data/Order'));
    expect(tagged.every((r: Rec) => r.tag === 'x')).toBe(true);
    off();
    const plain = await ok(await f.api('GET', '/data/Order'));
    expect(plain.some((r: Rec) => 'tag' in r)).toBe(false);
  });

  it('runs a chain in its stored order: target handlers, then * handlers in the * chain order', async () => {
    const append =
      (letter: string): Run =>
      async (call) => {
        const item = call.req.item as Rec;
        return { req: { ...call.req, item: { ...item, trail: `${item.trail ?? ''}${letter}` } } };
      };
    const a = add('data', 'beforeCreate', '*', append('A'));
    const b = add('data', 'beforeCreate', '*', append('B'));
    const own = add('data', 'beforeCreate', 'Person', append('P'));
    const trail = async () => (await ok(await f.api('POST', '/data/Person', { body: { name: 'chain' } }))).trail;
    expect(await trail()).toBe('PAB');
    registry.setChain(f.appId, { provider: 'data', event: 'beforeCreate', target: '*', order: [b, a] });
    expect(await trail()).toBe('PBA');
    // Order has no handler of its own: the * chain alone.
    expect((await ok(await f.api('POST', '/data/Order', { body: { name: 'o' } }))).name).toBe('o');
    // A chain stored for the target orders all of them, * handlers included.
    registry.setChain(f.appId, { provider: 'data', event: 'beforeCreate', target: 'Person', order: [a, own, b] });
    expect(await trail()).toBe('APB');
    registry.setChain(f.appId, { provider: 'data', event: 'beforeCreate', target: 'Person', order: [] });
    registry.setChain(f.appId, { provider: 'data', event: 'beforeCreate', target: '*', order: [] });
  });

  it('hands each data operation its runner arguments', async () => {
    const calls: Array<{ event: string; req: Rec; res?: InterceptResult }> = [];
    const spy: Run = async (call) => {
      calls.push({ event: call.event, req: call.req, ...(call.res ? { res: call.res } : {}) });
    };
    for (const e of ['Update', 'Remove', 'Count', 'FindById', 'UpdateBulk', 'RemoveBulk']) {
      add('data', `before${e}`, 'Person', spy);
      add('data', `after${e}`, 'Person', spy);
    }
    const made = await ok(await f.api('POST', '/data/Person', { body: { name: 'args' } }));
    await ok(await f.api('PUT', `/data/Person/${made.objectId}`, { body: { name: 'args2' } }));
    await ok(await f.api('GET', `/data/Person/${made.objectId}`));
    await ok(await f.api('GET', `/data/Person/count?where=${encodeURIComponent("name = 'args2'")}`));
    await ok(
      await f.api('PUT', `/data/bulk/Person?where=${encodeURIComponent("name = 'args2'")}`, { body: { trail: 't' } }),
    );
    await ok(await f.api('POST', '/data/bulk/Person/delete', { body: { where: "name = 'args2'" } }));
    expect(calls.map((c) => c.event)).toEqual([
      'beforeUpdate',
      'afterUpdate',
      'beforeFindById',
      'afterFindById',
      'beforeCount',
      'afterCount',
      'beforeUpdateBulk',
      'afterUpdateBulk',
      'beforeRemoveBulk',
      'afterRemoveBulk',
    ]);
    expect(calls[0].req).toEqual({ item: { name: 'args2', objectId: made.objectId } });
    expect(calls[1].res?.result).toMatchObject({ objectId: made.objectId, name: 'args2' });
    expect(calls[2].req).toMatchObject({ itemId: made.objectId });
    expect(calls[5].res?.result).toBe(1);
    expect(calls[6].req).toEqual({ tableName: 'Person', whereClause: "name = 'args2'", changes: { trail: 't' } });
    expect(calls[7].res?.result).toBe(1);
    expect(calls[9].res?.result).toBe(1);

    // A before-handler may change which record is removed.
    const keep = await ok(await f.api('POST', '/data/Person', { body: { name: 'keep' } }));
    const gone = await ok(await f.api('POST', '/data/Person', { body: { name: 'gone' } }));
    add('data', 'beforeRemove', 'Person', async () => ({ req: { itemId: gone.objectId } }));
    await ok(await f.api('DELETE', `/data/Person/${keep.objectId}`));
    expect(await count('Person', "name = 'keep'")).toBe(1);
    expect(await count('Person', "name = 'gone'")).toBe(0);
  });

  it('a unit of work runs its transaction events outside the transaction and no per-operation events inside', async () => {
    const events: string[] = [];
    add('data', 'beforeCreate', 'Person', async (call) => {
      events.push(call.event);
    });
    add('data', 'beforeTransaction', '*', async (call) => {
      events.push(call.event);
      const unit = call.req.unitOfWork as { operations: Array<{ payload: Rec }> };
      unit.operations[0].payload.name = 'FROM HANDLER';
      return { req: { unitOfWork: unit } };
    });
    add('data', 'afterTransaction', '*', async (call) => {
      events.push(call.event);
    });
    const res = await ok(
      await f.api('POST', '/transaction/unit-of-work', {
        body: {
          operations: [{ operationType: 'CREATE', table: 'Person', opResultId: 'p1', payload: { name: 'in unit' } }],
        },
      }),
    );
    expect(res.success).toBe(true);
    expect(events).toEqual(['beforeTransaction', 'afterTransaction']);
    expect(await count('Person', "name = 'FROM HANDLER'")).toBe(1);
  });

  it('user events: register, login, update, logout and restore password', async () => {
    const events: string[] = [];
    const spy: Run = async (call) => {
      events.push(call.event);
    };
    add('user', 'beforeRegister', '*', async (call) => {
      events.push(call.event);
      return { req: { user: { ...(call.req.user as Rec), name: 'Set by handler' } } };
    });
    add('user', 'afterLogin', '*', async (call) => {
      events.push(call.event);
      return { value: { ...(call.res!.result as Rec), greeting: 'hi' } };
    });
    for (const e of ['afterRegister', 'beforeLogin', 'beforeUpdate', 'afterUpdate', 'beforeLogout', 'afterLogout']) {
      add('user', e, '*', spy);
    }
    add('user', 'beforeRestorePassword', '*', async (call) => {
      events.push(call.event);
      return { value: null };
    });
    await f.table('Users', []).catch(() => undefined);
    await ok(await f.console('POST', '/data/tables/Users/columns', { name: 'name', dataType: 'STRING' })).catch(
      () => undefined,
    );
    const reg = await ok(
      await f.api('POST', '/users/register', { body: { email: 'hooks@example.com', password: 'secret pass 1' } }),
    );
    expect(reg.name).toBe('Set by handler');
    const login = await ok(
      await f.api('POST', '/users/login', { body: { login: 'hooks@example.com', password: 'secret pass 1' } }),
    );
    expect(login.greeting).toBe('hi');
    await ok(await f.api('PUT', `/users/${login.objectId}`, { body: { name: 'changed' }, token: login['user-token'] }));
    const out = await f.api('GET', '/users/logout', { token: login['user-token'] });
    expect(out.statusCode).toBe(200);
    await f.api('GET', '/users/restorepassword/hooks%40example.com');
    expect(events).toEqual([
      'beforeRegister',
      'afterRegister',
      'beforeLogin',
      'afterLogin',
      'beforeUpdate',
      'afterUpdate',
      'beforeLogout',
      'afterLogout',
      'beforeRestorePassword',
    ]);
  });

  it('messaging publish: a before-handler changes the message on its channel', async () => {
    const seen: Rec[] = [];
    add('messaging', 'beforePublish', 'news', async (call) => {
      seen.push(call.req);
      return { req: { ...call.req, message: 'changed' } };
    });
    add('messaging', 'afterPublish', '*', async (call) => ({
      value: { ...(call.res!.result as Rec), touched: true },
    }));
    const res = await ok(await f.api('POST', '/messaging/news', { body: { message: 'hello', headers: { a: '1' } } }));
    expect(res.touched).toBe(true);
    expect(seen[0]).toMatchObject({ message: 'hello', publishOptions: { headers: { a: '1' } } });
    const other = await ok(await f.api('POST', '/messaging/default', { body: { message: 'plain' } }));
    expect(other.touched).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('cache and counter events: a before-handler changes the key or the amount, an after-handler the answer', async () => {
    add('cache', 'beforePut', '*', async (call) => ({ req: { ...call.req, key: `k-${String(call.req.key)}` } }));
    add('cache', 'afterGet', '*', async (call) => ({ value: { wrapped: call.res!.result } }));
    add('counters', 'beforeAddAndGet', '*', async (call) => ({ req: { ...call.req, value: 10 } }));
    add('counters', 'afterGet', '*', async (call) => ({ value: Number(call.res!.result) + 1000 }));
    expect((await f.api('PUT', '/cache/greeting', { body: { text: 'hi' } })).statusCode).toBe(200);
    expect(await ok(await f.api('GET', '/cache/k-greeting'))).toEqual({ wrapped: { text: 'hi' } });
    // The key the caller gave was never stored: the handler wraps nothing.
    expect((await ok(await f.api('GET', '/cache/greeting'))).wrapped ?? null).toBeNull();
    expect(await ok(await f.api('PUT', '/counters/hits/incrementby/get?value=1'))).toBe(10);
    expect(await ok(await f.api('GET', '/counters/hits'))).toBe(1010);
  });

  it('file events: a before-handler may refuse a delete', async () => {
    const put = await server().call('PUT', `/${f.appId}/${f.keys.REST}/files/binary/hooks/a.txt`, {
      payload: Buffer.from('hello').toString('base64'),
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.statusCode).toBe(200);
    add('file', 'beforeDeleteFileOrDirectory', '*', async (call) => {
      throw new ApiError('FORBIDDEN', `Keep ${String(call.req.fileURL)}`);
    });
    const del = await f.api('DELETE', '/files/hooks/a.txt');
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('Keep hooks/a.txt');
    for (const r of removers.splice(0)) r();
    expect((await f.api('DELETE', '/files/hooks/a.txt')).statusCode).toBe(200);
  });

  it('async handlers are not waited for and cannot change the operation', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let ran = false;
    add(
      'data',
      'beforeCreate',
      'Order',
      async (call) => {
        await gate;
        ran = true;
        return { req: { item: { ...(call.req.item as Rec), name: 'async' } } };
      },
      { async: true },
    );
    const made = await ok(await f.api('POST', '/data/Order', { body: { name: 'sync' } }));
    expect(made.name).toBe('sync');
    expect(ran).toBe(false);
    release();
    await registry.settled();
    expect(ran).toBe(true);
  });
});
