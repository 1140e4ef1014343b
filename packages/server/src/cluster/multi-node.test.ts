import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { TEST_PG_URL } from '../test-helpers.js';
import {
  dropSchemas,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../realtime/server-process.test-helpers.js';

const REDIS_URL = process.env.BASALT_TEST_REDIS_URL ?? process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
/** How soon a change made through one node must hold on the others (decision 0030); a slower machine may raise it. */
const DEADLINE_MS = Number(process.env.BASALT_MULTI_NODE_DEADLINE_MS ?? 200);
const PASSWORD = 'correct horse battery';

interface Answer {
  status: number;
  body: any;
}

async function call(
  origin: string,
  method: string,
  url: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(origin + url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body };
}

/**
 * Asks `probe` again and again until `holds` is true of its answer; fails when it is still false
 * once `DEADLINE_MS` have passed since `since` (the moment the change was answered). Answers how
 * long it took. No sleeping for a fixed time: the first answer that holds ends the wait.
 */
async function within(
  since: number,
  probe: () => Promise<Answer>,
  holds: (a: Answer) => boolean,
  what: string,
): Promise<number> {
  for (;;) {
    const answer = await probe();
    const elapsed = Date.now() - since;
    if (holds(answer)) return elapsed;
    if (elapsed > DEADLINE_MS)
      throw new Error(
        `${what}: still not so ${elapsed} ms after the change (last answer ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)})`,
      );
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Three real server processes on one PostgreSQL database and one Redis (`REDIS_URL`), as a
 * deployment behind a load balancer runs them: each change is made through one node and checked
 * on another. Every run has its own schema prefix, which also namespaces its Redis channel and
 * keys, so parallel runs do not meet.
 */
describe('several server processes act as one server (PostgreSQL + Redis)', () => {
  const prefix = `mn${crypto.randomBytes(4).toString('hex')}_`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-multinode-'));
  const nodes: ServerProcess[] = [];
  const sockets: Socket[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let c: ServerProcess;
  let authKey: string;
  let appId: string;
  const keys: Record<string, string> = {};

  const consoleCall = (node: ServerProcess, method: string, url: string, body?: unknown) =>
    call(node.origin, method, `/${appId}/console${url}`, { body, headers: { 'auth-key': authKey } });
  const api = (
    node: ServerProcess,
    method: string,
    url: string,
    opts: { body?: unknown; key?: string; token?: string } = {},
  ) =>
    call(node.origin, method, `/${appId}/${opts.key ?? keys.JS}${url}`, {
      body: opts.body,
      headers: opts.token ? { 'user-token': opts.token } : {},
    });

  async function developer(node: ServerProcess, email: string): Promise<string> {
    expect(
      (await call(node.origin, 'POST', '/console/devreg', { body: { email, password: PASSWORD, name: 'Node' } }))
        .status,
    ).toBe(200);
    const res = await fetch(`${node.origin}/console/home/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    return String(res.headers.get('auth-key'));
  }

  beforeAll(async () => {
    const env = {
      DATABASE_URL: TEST_PG_URL,
      BASALT_PG_SCHEMA_PREFIX: prefix,
      REDIS_URL,
      BASALT_DATA_DIR: dataDir,
      BASALT_CONSOLE_DIR: path.join(dataDir, 'no-console'),
      BASALT_LOGIN_MAX_FAILURES: '3',
    };
    // One after the other: the first one creates the schemas and runs the migrations.
    for (let i = 0; i < 3; i++) nodes.push(await startServerProcess(env));
    [a, b, c] = nodes;
    authKey = await developer(a, `multinode${Date.now()}@example.com`);
    const created = await call(a.origin, 'POST', '/console/applications', {
      body: { appName: 'MultiNode' },
      headers: { 'auth-key': authKey },
    });
    expect(created.status).toBe(200);
    appId = created.body.id;
    for (const k of created.body.apiKeys as Array<{ deviceType: string; apiKey: string }>)
      keys[k.deviceType] = k.apiKey;
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all(nodes.map((n) => stopServerProcess(n)));
    await dropSchemas(prefix);
    fs.rmSync(dataDir, { recursive: true, force: true });
    // The run's Redis keys (generations, failure counters) go with it.
    const redis = new Redis(REDIS_URL);
    try {
      const found = await redis.keys(`basalt:${prefix}:*`);
      if (found.length) await redis.del(...found);
    } finally {
      redis.disconnect();
    }
  }, 60_000);

  it('a column added through A is usable through B at once', async () => {
    // B reads (and keeps) the table's schema before the column exists.
    expect((await api(b, 'POST', '/data/Gadget', { body: { name: 'first' } })).status).toBe(200);
    expect((await api(b, 'GET', '/data/Gadget?where=' + encodeURIComponent("name = 'first'"))).body).toHaveLength(1);
    expect((await api(b, 'GET', '/data/Gadget?where=' + encodeURIComponent("colour = 'red'"))).status).toBe(400);

    // A adds the column (dynamic schema) with its first value.
    const added = await api(a, 'POST', '/data/Gadget', { body: { name: 'second', colour: 'red' } });
    expect(added.status).toBe(200);
    const since = Date.now();
    await within(
      since,
      () => api(b, 'GET', '/data/Gadget?where=' + encodeURIComponent("colour = 'red'")),
      (r) => r.status === 200 && r.body.length === 1,
      "B's where on the new column",
    );
    // B writes the column instead of trying to add it again (that answered 409).
    const third = await api(b, 'POST', '/data/Gadget', { body: { name: 'third', colour: 'blue' } });
    expect(third.status).toBe(200);
    expect(third.body.colour).toBe('blue');
    expect((await api(c, 'GET', '/data/Gadget?where=' + encodeURIComponent("colour = 'blue'"))).body).toHaveLength(1);
  }, 60_000);

  it("a service's configuration and a redeploy through A answer on B from the next call", async () => {
    const source = (word: string) => `class Greeter {
  hello(name) { return (this.config.greeting || '${word}') + ', ' + name; }
}
Backendless.ServerCode.addService(Greeter, [{ name: 'greeting', displayName: 'Greeting', type: 'STRING' }]);
`;
    const deployed = await consoleCall(a, 'PUT', '/servercode/default/production/JS', [
      { id: 'services/Greeter.js', content: source('Hello') },
    ]);
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    // B reads (and keeps) the service before the change.
    expect((await api(b, 'POST', '/services/Greeter/hello', { body: 'Ann' })).body).toBe('Hello, Ann');
    const services = (await consoleCall(a, 'GET', '/localservices')).body as Array<{ id: string; name: string }>;
    const id = services.find((s) => s.name === 'Greeter')!.id;
    const set = await consoleCall(a, 'POST', `/localservices/generic/configure/${id}`, { greeting: 'Hi' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await within(
      Date.now(),
      () => api(b, 'POST', '/services/Greeter/hello', { body: 'Ann' }),
      (r) => r.body === 'Hi, Ann',
      "B's call after the configuration change",
    );
    await consoleCall(a, 'POST', `/localservices/generic/configure/${id}`, { greeting: '' });
    expect(
      (
        await consoleCall(a, 'PUT', '/servercode/default/production/JS', [
          { id: 'services/Greeter.js', content: source('Hey') },
        ])
      ).status,
    ).toBe(200);
    await within(
      Date.now(),
      () => api(b, 'POST', '/services/Greeter/hello', { body: 'Ann' }),
      (r) => r.body === 'Hey, Ann',
      "B's call after the redeploy",
    );
  }, 60_000);

  it('a permission DENY saved through A holds on B', async () => {
    expect((await api(a, 'POST', '/data/Secret', { body: { text: 'hidden' } })).status).toBe(200);
    // B remembers the app's roles and rules: JS key calls find the record.
    for (let i = 0; i < 3; i++) expect((await api(b, 'GET', '/data/Secret')).body).toHaveLength(1);
    const roles = await consoleCall(a, 'GET', '/security/roles');
    const jsUser = (roles.body as Array<{ roleId: string; rolename: string }>).find(
      (r) => r.rolename === 'JSUser',
    )!.roleId;
    const deny = await consoleCall(a, 'PUT', `/security/roles/permissions/${jsUser}`, {
      service: 'data',
      operation: 'Find',
      access: 'DENY',
    });
    expect(deny.status).toBe(200);
    const since = Date.now();
    // A find the caller may not make finds nothing (or is refused): the record is no longer seen.
    const hidden = (r: Answer) =>
      r.status === 403 || (r.status === 200 && Array.isArray(r.body) && r.body.length === 0);
    await within(since, () => api(b, 'GET', '/data/Secret'), hidden, "B's find under the DENY");
    expect(hidden(await api(c, 'GET', '/data/Secret'))).toBe(true);
    // And back: the GRANT holds as soon.
    expect(
      (
        await consoleCall(a, 'PUT', `/security/roles/permissions/${jsUser}`, {
          service: 'data',
          operation: 'Find',
          access: null,
        })
      ).status,
    ).toBe(200);
    await within(
      Date.now(),
      () => api(b, 'GET', '/data/Secret'),
      (r) => r.status === 200 && r.body.length === 1,
      "B's find once the DENY is dropped",
    );
  }, 60_000);

  it('a key regenerated through A is refused by B', async () => {
    const settings = await consoleCall(a, 'GET', '/appsettings');
    const rest = (settings.body.apiKeys as Array<{ id: string; deviceType: string; apiKey: string }>).find(
      (k) => k.deviceType === 'REST',
    )!;
    // B remembers the key.
    for (let i = 0; i < 3; i++)
      expect((await api(b, 'GET', '/users/userroles', { key: rest.apiKey })).status).toBe(200);
    const fresh = await consoleCall(a, 'POST', `/apikey/${rest.id}/regenerate`);
    expect(fresh.status).toBe(200);
    const since = Date.now();
    await within(
      since,
      () => api(b, 'GET', '/users/userroles', { key: rest.apiKey }),
      (r) => r.status === 401 && r.body.code === 8002,
      "B's answer to the old key",
    );
    expect((await api(b, 'GET', '/users/userroles', { key: fresh.body.apiKey })).status).toBe(200);
  }, 60_000);

  it('panic mode switched on through A stops the app API of B and C at once', async () => {
    for (const node of [b, c])
      for (let i = 0; i < 3; i++) expect((await api(node, 'GET', '/data/Gadget')).status).toBe(200);
    const on = await consoleCall(a, 'PUT', '/panic/enable', { message: 'maintenance' });
    expect(on.status).toBe(200);
    const since = Date.now();
    for (const node of [b, c])
      await within(
        since,
        () => api(node, 'GET', '/data/Gadget'),
        (r) => r.status === 503,
        'the app API under panic mode',
      );
    expect((await consoleCall(b, 'PUT', '/panic/disable', {})).status).toBe(200);
    const off = Date.now();
    for (const node of [a, c])
      await within(
        off,
        () => api(node, 'GET', '/data/Gadget'),
        (r) => r.status === 200,
        'the app API after panic mode',
      );
  }, 60_000);

  it('a user logged out on A is refused on B', async () => {
    const email = `user${Date.now()}@example.com`;
    expect((await api(a, 'POST', '/users/register', { body: { email, password: PASSWORD } })).status).toBe(200);
    const login = await api(a, 'POST', '/users/login', { body: { login: email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const token = String(login.body['user-token']);
    // B (and C) remember the session from these requests (decision 0042).
    for (const node of [b, b, c])
      expect((await api(node, 'GET', '/users/userroles', { token })).body).toContain('AuthenticatedUser');
    const out = await api(a, 'GET', '/users/logout', { token });
    expect(out.status).toBe(200);
    const since = Date.now();
    await within(
      since,
      () => api(b, 'GET', '/users/userroles', { token }),
      (r) => r.status === 401,
      'the logged-out token on B',
    );
    expect((await api(b, 'GET', `/users/isvalidusertoken/${token}`)).body).toBe(false);
    await within(
      since,
      () => api(c, 'GET', '/users/userroles', { token }),
      (r) => r.status === 401,
      'the logged-out token on C',
    );
  }, 60_000);

  it('"log out all users" through A is refused by B, which remembered the session', async () => {
    const email = `everyone${Date.now()}@example.com`;
    expect((await api(a, 'POST', '/users/register', { body: { email, password: PASSWORD } })).status).toBe(200);
    const login = await api(c, 'POST', '/users/login', { body: { login: email, password: PASSWORD } });
    const token = String(login.body['user-token']);
    for (let i = 0; i < 2; i++) expect((await api(b, 'GET', '/users/userroles', { token })).status).toBe(200);
    expect((await consoleCall(a, 'POST', '/userlogin/logout/all')).status).toBe(200);
    await within(
      Date.now(),
      () => api(b, 'GET', '/users/userroles', { token }),
      (r) => r.status === 401,
      'a token issued before "log out all users" on B',
    );
  }, 60_000);

  it('failed sign-ins count across nodes (developers and app users)', async () => {
    const email = `locked${Date.now()}@example.com`;
    await developer(b, email);
    const attempt = (node: ServerProcess, password: string) =>
      call(node.origin, 'POST', '/console/home/login', { body: { login: email, password } });
    // Three failures spread over three nodes use up the allowance of 3 ...
    expect((await attempt(a, 'wrong 1')).status).toBe(401);
    expect((await attempt(b, 'wrong 2')).status).toBe(401);
    expect((await attempt(c, 'wrong 3')).status).toBe(401);
    // ... so the right password is refused on any node until the window ends.
    expect((await attempt(a, PASSWORD)).status).toBe(429);
    expect((await attempt(b, PASSWORD)).status).toBe(429);

    const user = `lockeduser${Date.now()}@example.com`;
    expect((await api(a, 'POST', '/users/register', { body: { email: user, password: PASSWORD } })).status).toBe(200);
    const login = (node: ServerProcess, password: string) =>
      api(node, 'POST', '/users/login', { body: { login: user, password } });
    expect((await login(a, 'wrong 1')).status).toBe(401);
    expect((await login(b, 'wrong 2')).status).toBe(401);
    expect((await login(c, 'wrong 3')).status).toBe(401);
    expect((await login(b, PASSWORD)).status).toBe(429);
  }, 60_000);

  /** A real-time subscriber on `node` to the records created in `table`; answers what it receives. */
  async function createdOn(node: ServerProcess, table: string): Promise<Array<Record<string, unknown>>> {
    const received: Array<Record<string, unknown>> = [];
    const socket = connect(`${node.origin}/${appId}`, {
      path: `/${appId}`,
      forceNew: true,
      reconnection: false,
      query: { apiKey: keys.JS, clientId: crypto.randomUUID(), userToken: 'null' },
    });
    sockets.push(socket);
    const id = `sub${crypto.randomBytes(4).toString('hex')}`;
    await new Promise<void>((resolve, reject) => {
      socket.on('SUB_READY', (f: { id: string }) => f.id === id && resolve());
      socket.on('SUB_RES', (f: { id: string; data?: Record<string, unknown>; error?: unknown }) => {
        if (f.id !== id) return;
        if (f.error) reject(new Error(JSON.stringify(f.error)));
        else if (f.data) received.push(f.data);
      });
      socket.on('connect_error', reject);
      socket.emit('SUB_ON', { id, name: 'OBJECTS_CHANGES', options: { event: 'created', tableName: table } });
    });
    return received;
  }

  const arrived = async (list: Array<Record<string, unknown>>, count: number) => {
    for (const started = Date.now(); list.length < count && Date.now() - started < 10_000;)
      await new Promise((r) => setTimeout(r, 20));
  };

  it('real time still reaches subscribers on every node', async () => {
    const received = await createdOn(c, 'Gadget');
    expect((await api(a, 'POST', '/data/Gadget', { body: { name: 'via A' } })).status).toBe(200);
    expect((await api(b, 'POST', '/data/Gadget', { body: { name: 'via B' } })).status).toBe(200);
    await arrived(received, 2);
    expect(received.map((r) => r.name).sort()).toEqual(['via A', 'via B']);
  }, 60_000);

  it('a DENY saved through one node holds for the real-time subscribers of another from the next event', async () => {
    expect((await api(a, 'POST', '/data/Memo', { body: { text: 'first' } })).status).toBe(200);
    const received = await createdOn(c, 'Memo');
    expect((await api(a, 'POST', '/data/Memo', { body: { text: 'before' } })).status).toBe(200);
    await arrived(received, 1);
    const roles = await consoleCall(b, 'GET', '/security/roles');
    const jsUser = (roles.body as Array<{ roleId: string; rolename: string }>).find(
      (r) => r.rolename === 'JSUser',
    )!.roleId;
    expect(
      (
        await consoleCall(b, 'PUT', `/security/roles/permissions/${jsUser}`, {
          service: 'data',
          operation: 'Find',
          access: 'DENY',
        })
      ).status,
    ).toBe(200);
    const hidden = (r: Answer) =>
      r.status === 403 || (r.status === 200 && Array.isArray(r.body) && r.body.length === 0);
    await within(Date.now(), () => api(c, 'GET', '/data/Memo'), hidden, "C's find under the DENY");
    expect((await api(a, 'POST', '/data/Memo', { body: { text: 'during' } })).status).toBe(200);
    expect(
      (
        await consoleCall(b, 'PUT', `/security/roles/permissions/${jsUser}`, {
          service: 'data',
          operation: 'Find',
          access: null,
        })
      ).status,
    ).toBe(200);
    await within(
      Date.now(),
      () => api(c, 'GET', '/data/Memo'),
      (r) => r.status === 200 && r.body.length === 3,
      "C's find once the DENY is dropped",
    );
    expect((await api(a, 'POST', '/data/Memo', { body: { text: 'after' } })).status).toBe(200);
    // Events from one node arrive in order: once 'after' is here, 'during' would have been too.
    await arrived(received, 2);
    expect(received.map((r) => r.text)).toEqual(['before', 'after']);
  }, 60_000);
});
