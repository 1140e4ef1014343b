import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.js';
import { errorAnswer } from '../http/error-handler.js';
import {
  createSandbox,
  PRELUDE_DECLARATIONS,
  type BridgeFn,
  type CodeRef,
  type InvokeRequest,
  type LogLine,
  type Target,
} from './index.js';

/**
 * The sandbox with real isolates in a real child process. The bridge here is a fake host side
 * (the cloud-code module implements the real ops); everything else is the production path.
 */
const sandbox = createSandbox();
afterAll(() => sandbox.close());

let deployments = 0;
function bundle(appId: string, code: string): CodeRef {
  return { appId, deploymentId: `d${++deployments}`, code };
}

const noBridge: BridgeFn = (op) => Promise.reject(new ApiError('NOT_FOUND', `no op ${op} here`));

function call(
  code: CodeRef,
  target: Target,
  payload: unknown = [],
  extra: Partial<InvokeRequest> = {},
): ReturnType<typeof sandbox.invoke> {
  return sandbox.invoke({
    code,
    target,
    payload,
    context: { appId: code.appId, userId: null, userRoles: ['NotAuthenticatedUser'], ...(extra.context ?? {}) },
    limits: extra.limits ?? { timeoutMs: 3000, memoryMb: 64 },
    bridge: extra.bridge ?? noBridge,
    ...(extra.onLog ? { onLog: extra.onLog } : {}),
  });
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a failure');
}

const service = (name: string, method: string): Target => ({ kind: 'service', service: name, method });

const GREETER = `
class Greeter {
  hello(name) { return 'Hello, ' + name; }
  whoAmI() { return { path: this.request.path, query: this.request.queryParams, user: this.request.context.userId, cfg: this.config }; }
  nothing() {}
  async later(ms) { await new Promise((r) => setTimeout(r, ms)); return 'waited'; }
}
Backendless.ServerCode.addService(Greeter, [{ name: 'greeting', type: 'string', defaultValue: 'Hi' }]);
`;

describe('sandbox: services', () => {
  it('registers a service class and invokes a method with positional arguments', async () => {
    const code = bundle('app-a', GREETER);
    const r = await call(code, service('Greeter', 'hello'), ['Ann']);
    expect(r.value).toBe('Hello, Ann');
    expect(typeof r.durationMs).toBe('number');
  });

  it('gives the method this.request and this.config from the context; undefined answers null', async () => {
    const code = bundle('app-a', GREETER);
    const r = await call(code, service('Greeter', 'whoAmI'), [], {
      context: {
        userId: 'u1',
        httpPath: '/services/Greeter/whoAmI',
        httpQueryParams: { x: '1' },
        configurationItems: [{ name: 'greeting', value: 'Hey' }],
      },
    });
    expect(r.value).toEqual({
      path: '/services/Greeter/whoAmI',
      query: { x: '1' },
      user: 'u1',
      cfg: { greeting: 'Hey' },
    });
    expect((await call(code, service('Greeter', 'nothing'))).value).toBeNull();
  });

  it('runs setTimeout inside the call', async () => {
    const r = await call(bundle('app-a', GREETER), service('Greeter', 'later'), [20]);
    expect(r.value).toBe('waited');
  });

  it('answers NOT_FOUND for a method the service does not have', async () => {
    const e = await failure(call(bundle('app-a', GREETER), service('Greeter', 'nope')));
    expect(e.code).toBe('NOT_FOUND');
  });
});

describe('sandbox: the bridge', () => {
  it('round-trips ops through the host BridgeFn, Backendless and basalt alike', async () => {
    const seen: { op: string; args: unknown }[] = [];
    const bridge: BridgeFn = async (op, args) => {
      seen.push({ op, args });
      if (op === 'data.save') return { ...(args as { item: object }).item, objectId: 'id1' };
      if (op === 'data.find') return [{ objectId: 'id1', name: 'ann' }];
      if (op === 'counters.incrementAndGet') return 7;
      throw new ApiError('FORBIDDEN', 'not for you');
    };
    const code = bundle(
      'app-b',
      `class Store {
        async run() {
          const saved = await Backendless.Data.of('Person').save({ name: 'ann' });
          const q = Backendless.DataQueryBuilder.create().setWhereClause("name = 'ann'").setPageSize(5).setSortBy(['name']);
          const found = await basalt.data.of('Person').find(q);
          const n = await Backendless.Counters.of('visits').incrementAndGet();
          let denied;
          try { await basalt.files.readText('/secret.txt'); } catch (e) { denied = [e.code, e.status, e.message]; }
          let blDenied;
          try { await Backendless.Files.exists('/x'); } catch (e) { blDenied = e.code; }
          let unknown;
          try { await basalt.call('nope.op', {}); } catch (e) { unknown = e.message; }
          return { saved, found, n, denied, blDenied, unknown };
        }
      }
      Backendless.ServerCode.addService(Store);`,
    );
    const r = await call(code, service('Store', 'run'), [], { bridge });
    expect(r.value).toEqual({
      saved: { name: 'ann', objectId: 'id1' },
      found: [{ objectId: 'id1', name: 'ann' }],
      n: 7,
      denied: ['FORBIDDEN', 403, 'not for you'],
      blDenied: 1011,
      unknown: 'Unknown operation nope.op',
    });
    expect(seen.slice(0, 3)).toEqual([
      { op: 'data.save', args: { table: 'Person', item: { name: 'ann' } } },
      { op: 'data.find', args: { table: 'Person', query: { where: "name = 'ann'", pageSize: 5, sortBy: ['name'] } } },
      { op: 'counters.incrementAndGet', args: { name: 'visits' } },
    ]);
  });

  it('sends each reference SDK call as its op with the arguments of ops.ts', async () => {
    const seen: unknown[] = [];
    const bridge: BridgeFn = async (op, args) => {
      seen.push([op, args]);
      return op === 'counters.addAndGet' ? 10 : null;
    };
    const code = bundle(
      'app-b',
      `Backendless.ServerCode.addService(class Many { async run() {
         const P = Backendless.Data.of('Person');
         await P.findById({ objectId: 'p1' });
         await P.findFirst();
         await P.getObjectCount("age > 1");
         await P.remove('p2');
         await P.bulkDelete(['a', "b'c"]);
         await P.bulkUpdate("age > 1", { flag: true });
         await P.addRelation({ objectId: 'p1' }, 'friends', [{ objectId: 'p3' }]);
         await P.loadRelations('p1', Backendless.LoadRelationsQueryBuilder.create().setRelationName('friends').setPageSize(5));
         await Backendless.UserService.getCurrentUser();
         await Backendless.Files.saveFile('/docs', 'a.txt', 'hello', true);
         await Backendless.Messaging.publish('news', 'hi', { headers: { h: '1' } });
         await Backendless.Messaging.sendEmail('Subj', { textmessage: 'body' }, ['a@x.test']);
         await Backendless.Cache.put('k', { v: 1 }, 60);
         const before = await Backendless.Counters.of('c').getAndAdd(3);
         await Backendless.CustomServices.invoke('Other', 'run', ['x']);
         await Backendless.Events.dispatch('ping', { n: 1 });
         return before;
       } });`,
    );
    expect((await call(code, service('Many', 'run'), [], { bridge })).value).toBe(7);
    expect(seen).toEqual([
      ['data.findById', { table: 'Person', id: 'p1', query: {} }],
      ['data.findFirst', { table: 'Person', query: {} }],
      ['data.count', { table: 'Person', where: 'age > 1' }],
      ['data.remove', { table: 'Person', id: 'p2' }],
      ['data.bulkDelete', { table: 'Person', where: "objectId in ('a','b''c')" }],
      ['data.bulkUpdate', { table: 'Person', where: 'age > 1', changes: { flag: true } }],
      ['data.addRelation', { table: 'Person', parentId: 'p1', relation: 'friends', children: ['p3'] }],
      ['data.loadRelations', { table: 'Person', parentId: 'p1', relation: 'friends', query: { pageSize: 5 } }],
      ['users.currentUser', {}],
      ['files.saveText', { path: '/docs/a.txt', content: 'hello', overwrite: true }],
      ['messaging.publish', { channel: 'news', message: 'hi', headers: { h: '1' } }],
      ['messaging.sendEmail', { subject: 'Subj', body: { textmessage: 'body' }, to: ['a@x.test'] }],
      ['cache.put', { key: 'k', value: { v: 1 }, ttl: 60 }],
      ['counters.addAndGet', { name: 'c', value: 3 }],
      ['services.invoke', { service: 'Other', method: 'run', args: ['x'] }],
      ['events.dispatch', { name: 'ping', args: { n: 1 } }],
    ]);
  });

  it('a host error the code does not catch answers with its own code', async () => {
    const code = bundle(
      'app-b',
      `Backendless.ServerCode.addService(class Reader { read() { return Backendless.Data.of('Secret').find(); } });`,
    );
    const e = await failure(
      call(code, service('Reader', 'read'), [], { bridge: () => Promise.reject(ApiError.forbidden('denied')) }),
    );
    expect(e.code).toBe('FORBIDDEN');
    expect(e.status).toBe(403);
  });

  it('sends console and Logging lines to onLog', async () => {
    const lines: LogLine[] = [];
    const code = bundle(
      'app-b',
      `Backendless.ServerCode.addService(class Talker { talk() {
         console.log('hello', { a: 1 }); console.warn('careful');
         Backendless.Logging.getLogger('orders').error('bad order');
         return 1;
       } });`,
    );
    await call(code, service('Talker', 'talk'), [], { onLog: (l) => lines.push(l) });
    expect(lines.map((l) => [l.level, l.logger, l.message])).toEqual([
      ['INFO', 'SERVER_CODE', 'hello {"a":1}'],
      ['WARN', 'SERVER_CODE', 'careful'],
      ['ERROR', 'orders', 'bad order'],
    ]);
  });
});

describe('sandbox: declarations', () => {
  it('declares every function basalt offers', async () => {
    const code = bundle(
      'app-l',
      `Backendless.ServerCode.addService(class Walk { walk() {
         const out = [];
         const visit = (o, path) => { for (const k of Object.keys(o)) {
           const v = o[k];
           if (typeof v === 'function') out.push(path + k);
           else if (v && typeof v === 'object' && k !== 'context') visit(v, path + k + '.');
         } };
         visit(basalt, '');
         visit(basalt.data.of('T'), 'data.of().');
         visit(basalt.counters.of('c'), 'counters.of().');
         return out;
       } });`,
    );
    const paths = (await call(code, service('Walk', 'walk'))).value as string[];
    expect(paths.length).toBeGreaterThan(40);
    const missing = paths.filter((p) => !new RegExp(`\\b${p.split('.').pop()}\\b`).test(PRELUDE_DECLARATIONS));
    expect(missing).toEqual([]);
  });
});

describe('sandbox: per-call caps', () => {
  it('keeps at most 1,000 log lines of a call, then says the rest were dropped', async () => {
    const lines: LogLine[] = [];
    const code = bundle(
      'app-j',
      `Backendless.ServerCode.addService(class Chatty { talk() { for (let i = 0; i < 1500; i++) console.log('line ' + i); return 'done'; } });`,
    );
    expect((await call(code, service('Chatty', 'talk'), [], { onLog: (l) => lines.push(l) })).value).toBe('done');
    expect(lines).toHaveLength(1001);
    expect(lines[999].message).toBe('line 999');
    expect(lines[1000]).toMatchObject({ level: 'WARN', message: expect.stringMatching(/dropped/) });
  });

  it('refuses bridge calls past 1,000 in one call, inside the code', async () => {
    let calls = 0;
    const code = bundle(
      'app-j',
      `Backendless.ServerCode.addService(class Busy { async run() {
         let n = 0;
         try { for (;;) { await basalt.cache.get('k'); n++; } } catch (e) { return [n, e.message]; }
       } });`,
    );
    const r = await call(code, service('Busy', 'run'), [], {
      bridge: async () => {
        calls++;
        return 1;
      },
    });
    expect(r.value).toEqual([1000, 'More than 1000 calls in one invocation']);
    expect(calls).toBe(1000);
  });

  it('sends outbound HTTP through the bridge (Backendless.Request and basalt.http.fetch)', async () => {
    const seen: unknown[] = [];
    const bridge: BridgeFn = async (op, args) => {
      seen.push([op, args]);
      return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"ip":"1.2.3.4"}' };
    };
    const code = bundle(
      'app-j',
      `Backendless.ServerCode.addService(class Web { async get() {
         const a = await Backendless.Request.get('https://example.test/ip').set('x-k', 'v');
         const b = await basalt.http.fetch('https://example.test/ip', { method: 'POST', body: 'hi' });
         return [a, b.status];
       } });`,
    );
    expect((await call(code, service('Web', 'get'), [], { bridge })).value).toEqual([{ ip: '1.2.3.4' }, 200]);
    expect(seen).toEqual([
      ['http.fetch', { url: 'https://example.test/ip', method: 'GET', headers: { 'x-k': 'v' } }],
      ['http.fetch', { url: 'https://example.test/ip', method: 'POST', body: 'hi' }],
    ]);
  });
});

describe('sandbox: bundles', () => {
  it('asks the server again for a bundle the process no longer holds', async () => {
    const first = bundle('app-k', `Backendless.ServerCode.addService(class V { v() { return 'first'; } });`);
    expect((await call(first, service('V', 'v'))).value).toBe('first');
    // Push it out of the process's caches: newer deployments of this app and of many others.
    for (let i = 0; i < 70; i++) {
      const other = bundle(
        i < 6 ? 'app-k' : `app-k${i}`,
        `Backendless.ServerCode.addService(class V { v() { return ${i}; } });`,
      );
      expect((await call(other, service('V', 'v'))).value).toBe(i);
    }
    expect((await call(first, service('V', 'v'))).value).toBe('first');
  });
});

describe('sandbox: errors', () => {
  it("maps ServerCode.Error to the developer's code, message and status on the wire", async () => {
    const code = bundle(
      'app-c',
      `Backendless.ServerCode.addService(class Guard {
         no() { throw new Backendless.ServerCode.Error(4001, 'no', 409); }
         plain() { throw new Backendless.ServerCode.Error(4002, 'plain'); }
         digits() { throw new Backendless.ServerCode.Error('4003', 'digits', 422); }
         boom() { null.x; }
       });`,
    );
    const e = await failure(call(code, service('Guard', 'no')));
    expect(e.code).toBe('CLOUD_CODE_REJECTED');
    expect(e.status).toBe(409);
    expect(errorAnswer(e)).toMatchObject({ status: 409, body: { code: 4001, message: 'no' } });
    const plain = await failure(call(code, service('Guard', 'plain')));
    expect(errorAnswer(plain)).toMatchObject({ status: 400, body: { code: 4002, message: 'plain' } });
    const digits = await failure(call(code, service('Guard', 'digits')));
    expect(errorAnswer(digits)).toMatchObject({ status: 422, body: { code: 4003, message: 'digits' } });
    const boom = await failure(call(code, service('Guard', 'boom')));
    expect(boom.code).toBe('CLOUD_CODE_ERROR');
    expect(boom.status).toBe(400);
    expect(boom.message).toMatch(/TypeError/);
  });

  it('has no process, require, fetch or other Node globals', async () => {
    const code = bundle(
      'app-c',
      `Backendless.ServerCode.addService(class Probe { probe() {
         return typeof process + typeof require + typeof fetch + '|' + typeof Buffer + typeof module +
           typeof Function('return this')().process;
       } });`,
    );
    expect((await call(code, service('Probe', 'probe'))).value).toBe(
      'undefinedundefinedundefined|undefinedundefinedundefined',
    );
  });
});

describe('sandbox: limits', () => {
  const LIMIT = 1000;
  const HOG = `Backendless.ServerCode.addService(class Hog {
    spin() { while (true) {} }
    async spinLater() { await basalt.call('data.count', { table: 'T' }); while (true) {} }
    hang() { return new Promise(() => {}); }
    eat() { const a = []; while (true) a.push(new Array(100000).fill('x' + a.length)); }
    deep() { const f = (n) => f(n + 1) + 1; return f(0); }
    ok() { return 'ok'; }
  });`;
  const limits = { timeoutMs: LIMIT, memoryMb: 32 };
  const count: BridgeFn = async () => 1;

  it('ends an endless loop with CLOUD_CODE_TIMEOUT within the limit + 2 s; the next call works', async () => {
    const code = bundle('app-d', HOG);
    const started = Date.now();
    const e = await failure(call(code, service('Hog', 'spin'), [], { limits }));
    expect(Date.now() - started).toBeLessThan(LIMIT + 2000);
    expect(e.code).toBe('CLOUD_CODE_TIMEOUT');
    expect(e.message).toBe('Task execution is aborted due to timeout');
    expect((await call(code, service('Hog', 'ok'), [], { limits })).value).toBe('ok');
  });

  it('ends a loop that starts after a bridge call, and a promise that never settles', async () => {
    const code = bundle('app-d', HOG);
    for (const method of ['spinLater', 'hang']) {
      const started = Date.now();
      const e = await failure(call(code, service('Hog', method), [], { limits, bridge: count }));
      expect(Date.now() - started).toBeLessThan(LIMIT + 2000);
      expect(e.code).toBe('CLOUD_CODE_TIMEOUT');
    }
    expect((await call(code, service('Hog', 'ok'), [], { limits })).value).toBe('ok');
  });

  it('ends unbounded allocation with CLOUD_CODE_MEMORY; the next call works', async () => {
    const code = bundle('app-d', HOG);
    // Time enough that a busy machine reaches the memory limit before the time limit.
    const roomy = { timeoutMs: 5000, memoryMb: 32 };
    const started = Date.now();
    const e = await failure(call(code, service('Hog', 'eat'), [], { limits: roomy }));
    expect(Date.now() - started).toBeLessThan(roomy.timeoutMs + 2000);
    expect(e.code).toBe('CLOUD_CODE_MEMORY');
    expect((await call(code, service('Hog', 'ok'), [], { limits })).value).toBe('ok');
  });

  it('a burst of endless loops of one app: each ends within the limit + 2 s, other apps answer meanwhile, the app answers after', async () => {
    const code = bundle('app-d2', HOG);
    const other = bundle('app-d3', HOG);
    expect((await call(code, service('Hog', 'ok'), [], { limits })).value).toBe('ok');
    const started = Date.now();
    const spins = [1, 2, 3, 4].map(() => failure(call(code, service('Hog', 'spin'), [], { limits })));
    expect((await call(other, service('Hog', 'ok'), [], { limits })).value).toBe('ok');
    for (const e of await Promise.all(spins)) expect(e.code).toBe('CLOUD_CODE_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(LIMIT + 2000);
    expect((await call(code, service('Hog', 'ok'), [], { limits })).value).toBe('ok');
  });

  it('answers a deep recursion as an error of the code', async () => {
    const code = bundle('app-d', HOG);
    const e = await failure(call(code, service('Hog', 'deep'), [], { limits }));
    expect(e.code).toBe('CLOUD_CODE_ERROR');
    expect(e.message).toMatch(/call stack/i);
    expect((await call(code, service('Hog', 'ok'), [], { limits })).value).toBe('ok');
  });
});

describe('sandbox: isolation between apps', () => {
  it('two apps do not see each other globals, even running at once', async () => {
    const writer = bundle(
      'app-e1',
      `globalThis.shared = 'from ' + basalt.context.appId; Object.prototype.leak = 'e1';
       Backendless.ServerCode.addService(class Peek { async peek() { await new Promise((r) => setTimeout(r, 50)); return globalThis.shared; } });`,
    );
    const reader = bundle(
      'app-e2',
      `Backendless.ServerCode.addService(class Peek { peek() { return [typeof globalThis.shared, typeof ({}).leak]; } });`,
    );
    const [a, b] = await Promise.all([
      call(writer, service('Peek', 'peek'), [], { context: { appId: 'app-e1' } }),
      call(reader, service('Peek', 'peek'), [], { context: { appId: 'app-e2' } }),
    ]);
    expect(a.value).toBe('from app-e1');
    expect(b.value).toEqual(['undefined', 'undefined']);
  });
});

describe('sandbox: analyse', () => {
  it('finds services with their methods and parameters, handlers and timers', async () => {
    const code = bundle(
      'app-f',
      `class Orders {
         getItems(page, size = 10) { return []; }
         addItem({ name }, ...rest) {}
         static helper() {}
       }
       Backendless.ServerCode.addService(Orders);
       Backendless.ServerCode.Persistence.beforeCreate('Person', (req) => {});
       Backendless.ServerCode.Persistence.afterFind((req, res) => {}, true);
       Backendless.ServerCode.User.beforeLogin(() => {});
       Backendless.ServerCode.customEvent('ping', (req) => 'pong');
       Backendless.ServerCode.addTimer({ name: 'tick', startDate: 1700000000000, frequency: { schedule: 'custom', repeat: { every: 60 } }, execute() {} });`,
    );
    const reg = await sandbox.analyse(code);
    expect(reg.services).toEqual([
      {
        name: 'Orders',
        methods: [
          { name: 'getItems', params: ['page', 'size'] },
          { name: 'addItem', params: ['arg0', 'rest'] },
        ],
      },
    ]);
    expect(reg.handlers).toEqual([
      { provider: 'data', event: 'beforeCreate', target: 'Person', async: false },
      { provider: 'data', event: 'afterFind', target: '*', async: true },
      { provider: 'user', event: 'beforeLogin', target: '*', async: false },
      { provider: 'custom', event: 'execute', target: 'ping', async: false },
    ]);
    expect(reg.timers).toEqual([
      { name: 'tick', startDate: 1700000000000, frequency: { schedule: 'custom', repeat: { every: 60 } } },
    ]);
  });

  it('answers CLOUD_CODE_DEPLOY_ERROR naming the error of a bundle that throws or does not compile', async () => {
    const thrown = await failure(sandbox.analyse(bundle('app-f', `throw new Error('broken on purpose');`)));
    expect(thrown.code).toBe('CLOUD_CODE_DEPLOY_ERROR');
    expect(thrown.message).toMatch(/broken on purpose/);
    const syntax = await failure(sandbox.analyse(bundle('app-f', `\nclass {`)));
    expect(syntax.code).toBe('CLOUD_CODE_DEPLOY_ERROR');
    expect(syntax.message).toMatch(/SyntaxError/);
    const endless = await failure(sandbox.analyse(bundle('app-f', `while (true) {}`)));
    expect(endless.code).toBe('CLOUD_CODE_DEPLOY_ERROR');
    expect(endless.message).toMatch(/did not finish loading within 2000 ms/);
  });
});

describe('sandbox: handlers, timers and custom events', () => {
  const HANDLERS = `
    Backendless.ServerCode.Persistence.beforeCreate('Person', (req) => { req.item.name = req.item.name.toUpperCase(); });
    Backendless.ServerCode.Persistence.afterFind('Person', (req, res) => { res.result = res.result.map((r) => ({ ...r, tag: 'x' })); });
    Backendless.ServerCode.Persistence.beforeRemove((req) => ({ premature: req.itemId }));
    Backendless.ServerCode.customEvent('ping', (req) => ({ pong: req.args.n + 1 }));
    Backendless.ServerCode.addTimer({ name: 'tick', frequency: { schedule: 'custom', repeat: { every: 60 } }, execute(req) { return 'ticked ' + typeof req.context; } });
  `;
  const handler = (provider: string, event: string, target: string): Target => ({
    kind: 'handler',
    provider,
    event,
    target,
  });

  it('a before-handler changes req.item; an after-handler changes res.result; a returned value is the value', async () => {
    const code = bundle('app-g', HANDLERS);
    const before = await call(code, handler('data', 'beforeCreate', 'Person'), { req: { item: { name: 'ann' } } });
    expect(before.value).toBeUndefined();
    expect((before.req as { item: unknown }).item).toEqual({ name: 'ANN' });
    const after = await call(code, handler('data', 'afterFind', 'Person'), {
      req: { query: {} },
      res: { result: [{ name: 'a' }] },
    });
    expect((after.res as { result: unknown }).result).toEqual([{ name: 'a', tag: 'x' }]);
    const premature = await call(code, handler('data', 'beforeRemove', '*'), { req: { itemId: 'i1' } });
    expect(premature.value).toEqual({ premature: 'i1' });
  });

  it('runs a custom event and a timer', async () => {
    const code = bundle('app-g', HANDLERS);
    expect((await call(code, { kind: 'event', name: 'ping' }, { args: { n: 1 } })).value).toEqual({ pong: 2 });
    expect((await call(code, { kind: 'timer', name: 'tick' }, {})).value).toBe('ticked object');
  });
});

describe('sandbox: a crash of the process', () => {
  it('fails the call in flight with CLOUD_CODE_SANDBOX_CRASHED (503) and restarts for the next one', async () => {
    const code = bundle(
      'app-h',
      `Backendless.ServerCode.addService(class Waiter {
         wait() { return basalt.call('data.count', { table: 'T' }); }
         ok() { return 'ok'; }
       });`,
    );
    expect((await call(code, service('Waiter', 'ok'))).value).toBe('ok');
    let pid = 0;
    // The bridge call proves the code is running in the process; killing it then is a crash mid-call.
    const bridge: BridgeFn = async () => {
      pid = sandboxPid();
      process.kill(pid, 'SIGKILL');
      return new Promise(() => {});
    };
    const e = await failure(
      call(code, service('Waiter', 'wait'), [], { bridge, limits: { timeoutMs: 5000, memoryMb: 64 } }),
    );
    expect(e.code).toBe('CLOUD_CODE_SANDBOX_CRASHED');
    expect(e.status).toBe(503);
    expect((await call(code, service('Waiter', 'ok'))).value).toBe('ok');
    expect(sandboxPid()).not.toBe(pid);
  });
});

describe('sandbox: a stuck process', () => {
  it('a call the process does not answer ends at the limit + 1.5 s; the process is killed and restarted', async () => {
    const code = bundle('app-i', `Backendless.ServerCode.addService(class Slow { ok() { return 'ok'; } });`);
    expect((await call(code, service('Slow', 'ok'))).value).toBe('ok');
    const pid = sandboxPid();
    // A stopped process answers nothing, as one whose event loop is stuck.
    process.kill(pid, 'SIGSTOP');
    const started = Date.now();
    const e = await failure(call(code, service('Slow', 'ok'), [], { limits: { timeoutMs: 500, memoryMb: 64 } }));
    expect(e.code).toBe('CLOUD_CODE_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(500 + 2000);
    await expect.poll(() => sandbox.processIds().includes(pid), { timeout: 10_000 }).toBe(false);
    expect((await call(code, service('Slow', 'ok'))).value).toBe('ok');
    expect(sandboxPid()).not.toBe(pid);
  });
});

function sandboxPid(): number {
  const [pid] = sandbox.processIds();
  if (!pid) throw new Error('no sandbox process');
  return pid;
}
