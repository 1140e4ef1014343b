import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { CC_EVENTS, FIRED_ELSEWHERE, NOT_FIRED, type CcEvent } from '@basalt/shared';
import { describeEachDb } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { multipart } from '../../files/files.test-helpers.js';

type Res = { statusCode: number; body: string; json(): any };
type Rec = Record<string, any>;

/** The `Backendless.ServerCode` family a provider's handlers are registered with. */
const FAMILY: Record<string, string> = {
  data: 'Persistence',
  user: 'User',
  file: 'File',
  messaging: 'Messaging',
  cache: 'Cache',
  counters: 'AtomicOperation',
};

/** Every event the census must see fire: the catalogue less what it lists as not fired. */
const FIRED = CC_EVENTS.filter((e) => !(e.id in NOT_FIRED) && !(e.id in FIRED_ELSEWHERE));

/**
 * One deployment holding a handler for every fired event. Each does nothing unless the test has
 * armed its event id (a cache entry read through the bridge, which fires no handler), and then
 * refuses the operation with its id in the message: a before-handler's refusal reaches the caller
 * instead of the operation, an after-handler's replaces the result, so either shows it ran.
 */
function censusCode(): string {
  const lines = [
    `const fire = (id) => async () => {
      if ((await Backendless.Cache.get('census-armed')) === id)
        throw new Backendless.ServerCode.Error(4900, 'census:' + id, 409);
    };`,
  ];
  for (const e of FIRED) {
    if (e.provider === 'timer')
      lines.push(`Backendless.ServerCode.addTimer({
        name: 'census', startDate: Date.now() + 365 * 86400000, frequency: { schedule: 'once' }, execute: fire(${e.id}),
      });`);
    else if (e.provider === 'custom') lines.push(`Backendless.ServerCode.customEvent('census', fire(${e.id}));`);
    else
      lines.push(`Backendless.ServerCode.${FAMILY[e.provider]}.${e.name}(${e.targeted ? "'*', " : ''}fire(${e.id}));`);
  }
  return lines.join('\n');
}

/** `beforeCreate` → `Create`; the lone `beforeDownload` → `Download`; execute events by provider. */
const opOf = (e: CcEvent) => (e.phase === 'execute' ? e.provider : e.name.replace(/^(before|after)/, ''));

/*
 * The event census: every event of the shared catalogue either fires on its app API operation,
 * proven here through a real deploy and real requests (or, for the few that need more than this app,
 * by the test `FIRED_ELSEWHERE` names), or is listed in `NOT_FIRED` with a reason.
 */
describeEachDb('cloud-code event census', (server) => {
  let f: AppFixture;
  let user: { objectId: string; token: string; email: string };
  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    opts: { body?: unknown; token?: string; key?: string } = {},
  ) => f.api(method, path, opts);
  const raw = (method: string, path: string, payload: string | Buffer, headers: Record<string, string>) =>
    server().app.inject({ method: method as 'PUT', url: `/${f.appId}/${f.keys.REST}${path}`, payload, headers });
  const ok = async (p: Promise<Res> | Res) => {
    const res = await p;
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  /** For answers that are not JSON (a saved file's URL). */
  const ok200 = async (p: Promise<Res> | Res) => {
    const res = await p;
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    return res;
  };
  const cache = () => server().app.basalt.cache;
  const arm = (id: number | null) => cache().put(f.appId, 'census-armed', id ?? 0);
  const census = async () => ok(api('POST', '/data/Census', { body: { name: `c${crypto.randomUUID()}` } }));
  const kid = async () => ok(api('POST', '/data/Kid', { body: { name: 'k' } }));
  const publishId = async (body: Rec = { message: 'm' }) =>
    (await ok(api('POST', '/messaging/default', { body }))).messageId;
  const file = async (name: string) =>
    (
      await ok200(
        raw('PUT', `/files/binary/census/${name}?overwrite=true`, Buffer.from('census').toString('base64'), {
          'content-type': 'text/plain',
        }),
      )
    ).body;

  /**
   * Per operation: the request that sets its events off. `prepare` runs unarmed (records, files and
   * users the request needs); the request runs armed.
   */
  const OPS: Record<string, Record<string, { prepare?: () => Promise<Rec>; run: (p: Rec) => Promise<Res> }>> = {
    data: {
      Create: { run: () => api('POST', '/data/Census', { body: { name: 'x' } }) },
      FindById: { prepare: async () => census(), run: (p) => api('GET', `/data/Census/${p.objectId}`) },
      LoadRelations: { prepare: async () => census(), run: (p) => api('GET', `/data/Census/${p.objectId}/kids`) },
      Remove: { prepare: async () => census(), run: (p) => api('DELETE', `/data/Census/${p.objectId}`) },
      Update: {
        prepare: async () => census(),
        run: (p) => api('PUT', `/data/Census/${p.objectId}`, { body: { name: 'u' } }),
      },
      Describe: { run: () => api('GET', '/data/Census/properties') },
      Find: { run: () => api('GET', '/data/Census') },
      UpdateBulk: {
        run: () =>
          api('PUT', `/data/bulk/Census?where=${encodeURIComponent("name = 'none'")}`, { body: { name: 'b' } }),
      },
      RemoveBulk: { run: () => api('POST', '/data/bulk/Census/delete', { body: { where: "name = 'none'" } }) },
      AddRelation: {
        prepare: async () => ({ parent: (await census()).objectId, child: (await kid()).objectId }),
        run: (p) => api('PUT', `/data/Census/${p.parent}/kids`, { body: [p.child] }),
      },
      SetRelation: {
        prepare: async () => ({ parent: (await census()).objectId, child: (await kid()).objectId }),
        run: (p) => api('POST', `/data/Census/${p.parent}/kids`, { body: [p.child] }),
      },
      DeleteRelation: {
        prepare: async () => ({ parent: (await census()).objectId, child: (await kid()).objectId }),
        run: (p) => api('DELETE', `/data/Census/${p.parent}/kids`, { body: [p.child] }),
      },
      Count: { run: () => api('GET', '/data/Census/count') },
      CreateBulk: { run: () => api('POST', '/data/bulk/Census', { body: [{ name: 'b1' }, { name: 'b2' }] }) },
      Transaction: {
        run: () =>
          api('POST', '/transaction/unit-of-work', {
            body: {
              operations: [{ operationType: 'CREATE', table: 'Census', opResultId: 'c1', payload: { name: 't' } }],
            },
          }),
      },
      Group: { run: () => api('POST', '/data/data-grouping/Census', { body: { groupBy: ['name'] } }) },
      CountInGroup: { run: () => api('POST', '/data/data-grouping/Census/count', { body: { groupBy: ['name'] } }) },
      Upsert: { run: () => api('PUT', '/data/Census/upsert', { body: { name: 'up' } }) },
      UpsertBulk: { run: () => api('PUT', '/data/bulkupsert/Census', { body: [{ name: 'ub' }] }) },
    },
    user: {
      Login: { run: () => api('POST', '/users/login', { body: { login: user.email, password: 'secret pass 1' } }) },
      Register: {
        run: () =>
          api('POST', '/users/register', {
            body: { email: `r${crypto.randomUUID()}@example.com`, password: 'secret pass 1' },
          }),
      },
      Update: { run: () => api('PUT', `/users/${user.objectId}`, { body: { name: 'n' }, token: user.token }) },
      Describe: { run: () => api('GET', '/users/userclassprops') },
      RestorePassword: { run: () => api('GET', `/users/restorepassword/${encodeURIComponent(user.email)}`) },
      Logout: { prepare: async () => f.user(), run: (p) => api('GET', '/users/logout', { token: p.token }) },
      // The confirmation page answers HTML: the handler's refusal shows as its status.
      EmailConfirmed: {
        run: () => server().call('GET', `/app-users/${f.appId}/confirm-email?token=${'a'.repeat(64)}`),
      },
      LoginAsGuest: { run: () => api('POST', '/users/register/guest') },
    },
    messaging: {
      Publish: { run: () => api('POST', '/messaging/default', { body: { message: 'p' } }) },
      Cancel: {
        prepare: async () => ({ id: await publishId({ message: 'later', publishAt: Date.now() + 3_600_000 }) }),
        run: (p) => api('DELETE', `/messaging/${p.id}`),
      },
      DeviceRegistration: {
        run: () =>
          api('POST', '/messaging/registrations', {
            body: {
              deviceToken: 't',
              deviceId: `d${crypto.randomUUID()}`,
              os: 'ANDROID',
              osVersion: '14',
              channels: ['default'],
            },
          }),
      },
      SendEmail: {
        run: () =>
          api('POST', '/messaging/email', {
            key: f.keys.BL,
            body: { subject: 'census', bodyparts: { textmessage: 't' }, to: ['census@example.com'] },
          }),
      },
      GetMessageStatus: {
        prepare: async () => ({ id: await publishId() }),
        run: (p) => api('GET', `/messaging/${p.id}`),
      },
      SendEmailFromTemplate: {
        run: () =>
          api('POST', '/emailtemplate/send', {
            key: f.keys.BL,
            body: { 'template-name': 'census', addresses: ['census@example.com'], uniqueEmails: true },
          }),
      },
      PushWithTemplate: {
        run: () => api('POST', '/messaging/push/census', { key: f.keys.BL, body: { templateValues: {} } }),
      },
    },
    file: {
      Upload: {
        run: () => {
          const { payload, headers } = multipart('file', 'up.txt', 'hello');
          return raw('POST', '/files/census/up.txt?overwrite=true', payload, headers);
        },
      },
      DeleteFileOrDirectory: {
        prepare: async () => ({ url: await file('del.txt') }),
        run: () => api('DELETE', '/files/census/del.txt'),
      },
      SaveFileFromByteArray: {
        run: () =>
          raw('PUT', '/files/binary/census/bytes.txt?overwrite=true', Buffer.from('b').toString('base64'), {
            'content-type': 'text/plain',
          }),
      },
      CopyFileOrDirectory: {
        prepare: async () => ({ url: await file('src.txt') }),
        run: () =>
          api('PUT', '/files/copy', {
            body: { sourcePath: '/census/src.txt', targetPath: `/census/copy-${crypto.randomUUID()}.txt` },
          }),
      },
      MoveFileOrDirectory: {
        prepare: async () => ({ url: await file('mv.txt') }),
        run: () =>
          api('PUT', '/files/move', {
            body: { sourcePath: '/census/mv.txt', targetPath: `/census/moved-${crypto.randomUUID()}.txt` },
          }),
      },
      Count: { run: () => api('GET', '/files/census?action=count') },
      Listing: { run: () => api('GET', '/files/census/') },
      Exists: { run: () => api('GET', '/files/census/src.txt?action=exists') },
      Download: {
        prepare: async () => ({ url: await file('get.txt') }),
        run: () => api('GET', '/files/census/get.txt'),
      },
    },
    cache: {
      Put: { run: () => api('PUT', '/cache/census-key', { body: { v: 1 } }) },
      Get: { run: () => api('GET', '/cache/census-key') },
      Contains: { run: () => api('GET', '/cache/census-key/check') },
      ExpireIn: { run: () => api('PUT', '/cache/census-key/expireIn?timeout=60') },
      ExpireAt: { run: () => api('PUT', `/cache/census-key/expireAt?timestamp=${Date.now() + 60_000}`) },
      Delete: { run: () => api('DELETE', '/cache/census-key') },
    },
    counters: {
      Reset: { run: () => api('PUT', '/counters/census/reset') },
      GetAndIncrement: { run: () => api('PUT', '/counters/census/get/increment') },
      IncrementAndGet: { run: () => api('PUT', '/counters/census/increment/get') },
      GetAndDecrement: { run: () => api('PUT', '/counters/census/get/decrement') },
      DecrementAndGet: { run: () => api('PUT', '/counters/census/decrement/get') },
      AddAndGet: { run: () => api('PUT', '/counters/census/incrementby/get?value=2') },
      GetAndAdd: { run: () => api('PUT', '/counters/census/get/incrementby?value=2') },
      Get: { run: () => api('GET', '/counters/census') },
      CompareAndSet: { run: () => api('PUT', '/counters/census/get/compareandset?expected=0&updatedvalue=1') },
      List: { run: () => api('GET', '/counters/cen*/list') },
    },
    timer: { timer: { run: () => f.console('POST', '/servercode/production/timers/census/run') } },
    custom: { custom: { run: () => api('POST', '/servercode/events/census', { body: {} }) } },
  };

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Census', [{ name: 'name', dataType: 'STRING' }]);
    await f.table('Kid', [{ name: 'name', dataType: 'STRING' }]);
    await ok(
      f.console('POST', '/data/tables/Census/columns/relation', {
        name: 'kids',
        toTableName: 'Kid',
        relationshipType: 'ONE_TO_MANY',
      }),
    );
    await ok(f.console('POST', '/messaging/push/templates', { name: 'census', channelName: 'default', message: 'hi' }));
    await ok(f.console('POST', '/emailtemplate', { name: 'census', subject: 'census', body: 'hi' }));
    await file('src.txt');
    user = await f.user();
    // The registration sandbox has 2 s for a deploy's analysis; on a machine busy with other
    // work the first isolate may miss it, which is not what this census is about.
    for (let attempt = 1; ; attempt++) {
      const res = await f.console('PUT', '/servercode/default/production/JS', [
        { id: 'handlers/census.js', content: censusCode() },
      ]);
      if (res.statusCode === 200) break;
      if (attempt === 3 || !res.body.includes('CLOUD_CODE_TIMEOUT')) throw new Error(`deploy: ${res.body}`);
    }
  });

  it('every event of the catalogue is fired or listed as not fired with a reason, never both', () => {
    for (const [id, reason] of Object.entries(NOT_FIRED)) {
      expect(
        CC_EVENTS.some((e) => e.id === Number(id)),
        `NOT_FIRED names unknown event ${id}`,
      ).toBe(true);
      expect(reason.length, `event ${id} needs a reason`).toBeGreaterThan(20);
    }
    for (const [id, proof] of Object.entries(FIRED_ELSEWHERE)) {
      expect(
        CC_EVENTS.some((e) => e.id === Number(id)),
        `FIRED_ELSEWHERE names unknown event ${id}`,
      ).toBe(true);
      expect(id in NOT_FIRED, `event ${id} is both fired elsewhere and not fired`).toBe(false);
      expect(proof, `event ${id} names the test that proves it`).toMatch(/\.test\.ts/);
    }
    const missing = FIRED.filter((e) => !OPS[e.provider]?.[opOf(e)]).map((e) => `${e.id} ${e.provider}.${e.name}`);
    expect(missing, 'events neither proven to fire nor listed in NOT_FIRED').toEqual([]);
    // Deprecated (geo) events cannot be registered at all: they must be in the list.
    expect(CC_EVENTS.filter((e) => e.deprecated && !(e.id in NOT_FIRED))).toEqual([]);
  });

  it('the deployment registered a handler for every fired event', async () => {
    const listed = (await ok(f.console('GET', '/servercode?mode=PRODUCTION'))) as Rec[];
    expect(listed.filter((h) => h.category === 'TIMER').map((h) => h.timername)).toEqual(['census']);
    expect(listed.length).toBe(FIRED.length);
  });

  it('each fired event runs its handler on its operation', async () => {
    const silent: string[] = [];
    for (const e of FIRED) {
      const op = OPS[e.provider][opOf(e)];
      await arm(null);
      const prepared = op.prepare ? await op.prepare() : {};
      await arm(e.id);
      let res: Res;
      try {
        res = await op.run(prepared);
      } finally {
        await arm(null);
      }
      const answer = e.provider === 'timer' ? (res.json() as Rec).error : res.body;
      const seen =
        e.provider === 'timer'
          ? String(answer).includes(`census:${e.id}`)
          : res.statusCode === 409 && (opOf(e) === 'EmailConfirmed' || answer.includes(`census:${e.id}`));
      if (!seen) silent.push(`${e.id} ${e.provider}.${e.name}: ${res.statusCode} ${String(answer).slice(0, 200)}`);
    }
    expect(silent).toEqual([]);
  });
});
