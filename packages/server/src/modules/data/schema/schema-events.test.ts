import http from 'node:http';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, listenForClients, registerDeveloper, startTestServer, testDbKinds, type TestServer } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { MAX_STREAMS_PER_DEVELOPER } from './schema-events.js';

/** An open event stream: its status, the events read so far, and a way to wait for one. */
interface Opened {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The whole answer for a refusal; for a stream, what has arrived so far. */
  text(): string;
  events(): Array<{ event: string; data: string }>;
  waitFor(event: string, count: number, ms?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens the stream over a real socket as a browser's EventSource would: a GET with the cookie. */
function open(base: string, appId: string, cookie?: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/${appId}/console/data/schema/events`, { headers: { accept: 'text/event-stream', ...(cookie ? { cookie: `dev-auth-key=${cookie}` } : {}) } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      const waiters: Array<() => void> = [];
      res.on('data', (chunk: string) => {
        body += chunk;
        for (const w of waiters.splice(0)) w();
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      const events = () => body.split('\n\n').filter((b) => b.includes('event:')).map((block) => ({
        event: /^event: (.*)$/m.exec(block)?.[1] ?? '',
        data: /^data: (.*)$/m.exec(block)?.[1] ?? '',
      }));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => body,
        events,
        ended,
        close: () => req.destroy(),
        waitFor: (event, count, ms = 5_000) => new Promise((done, fail) => {
          const timer = setTimeout(() => fail(new Error(`no ${count} '${event}' events within ${ms} ms; got: ${body}`)), ms);
          const check = () => {
            if (events().filter((e) => e.event === event).length >= count) {
              clearTimeout(timer);
              done();
            } else waiters.push(check);
          };
          check();
        }),
      });
    });
    req.on('error', reject);
  });
}

describeEachDb('schema event stream', (server) => {
  let f: AppFixture;
  let base: string;
  beforeAll(async () => {
    f = await appFixture(server());
    base = await listenForClients(server());
  });

  it('sends a schema event when an app API save creates a table, and when a column is added', async () => {
    const stream = await open(base, f.appId, f.dev.authKey);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      await stream.waitFor('ready', 1);
      expect(stream.events().filter((e) => e.event === 'schema')).toHaveLength(0);

      // Nothing made in the console: the app's save creates the table (dynamic schema).
      const saved = await f.api('PUT', '/data/PersonLive', { body: { name: 'Ann' } });
      expect(saved.statusCode, saved.body).toBe(200);
      await stream.waitFor('schema', 1);
      expect(JSON.parse(stream.events().find((e) => e.event === 'schema')!.data)).toMatchObject({ appId: f.appId });

      // A later save with a new property adds a column: another event.
      const n = stream.events().filter((e) => e.event === 'schema').length;
      expect((await f.api('PUT', '/data/PersonLive', { body: { name: 'Bob', age: 7 } })).statusCode).toBe(200);
      await stream.waitFor('schema', n + 1);

      // A save that changes no schema sends nothing.
      const m = stream.events().filter((e) => e.event === 'schema').length;
      expect((await f.api('PUT', '/data/PersonLive', { body: { name: 'Cid', age: 8 } })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
      expect(stream.events().filter((e) => e.event === 'schema')).toHaveLength(m);
    } finally {
      stream.close();
    }
  });

  it('sends a schema event for a change a teammate makes in the console', async () => {
    const stream = await open(base, f.appId, f.dev.authKey);
    try {
      await stream.waitFor('ready', 1);
      await f.table('MadeInConsole');
      await stream.waitFor('schema', 1);
      const n = stream.events().filter((e) => e.event === 'schema').length;
      const added = await f.console('POST', '/data/tables/MadeInConsole/columns', { name: 'note', dataType: 'STRING' });
      expect(added.statusCode, added.body).toBe(200);
      await stream.waitFor('schema', n + 1);
    } finally {
      stream.close();
    }
  });

  it('refuses an anonymous request (401) and a developer without the app (404, as for a missing app)', async () => {
    const anonymous = await open(base, f.appId);
    await anonymous.ended;
    expect(anonymous.status).toBe(401);

    const stranger = await registerDeveloper(server());
    const other = await open(base, f.appId, stranger.authKey);
    await other.ended;
    expect(other.status).toBe(404);
    expect(other.text()).not.toContain('event:');
  });

  it('ends the stream when its session is logged out', async () => {
    const own = await appFixture(server());
    // A second session of the fixture's developer, so logging it out leaves the fixture usable.
    const login = await server().call('POST', '/console/home/login', { body: { login: own.dev.email, password: own.dev.password } });
    expect(login.statusCode, login.body).toBe(200);
    const key = login.headers['auth-key'] as string;
    expect(key).toBeTruthy();
    const stream = await open(base, own.appId, key);
    await stream.waitFor('ready', 1);
    expect((await server().call('DELETE', '/console/home/logout', { authKey: key })).statusCode).toBeLessThan(300);
    await stream.ended;
    // The other session still opens streams.
    const still = await open(base, own.appId, own.dev.authKey);
    await still.waitFor('ready', 1);
    still.close();
  });

  it('lets a team member listen, and ends the stream when the owner removes them from the team', async () => {
    const own = await appFixture(server());
    const mate = await registerDeveloper(server());
    const invited = await own.console('POST', '/devteam', { email: mate.email });
    expect(invited.statusCode, invited.body).toBe(200);
    const stream = await open(base, own.appId, mate.authKey);
    expect(stream.status).toBe(200);
    await stream.waitFor('ready', 1);
    const removed = await own.console('DELETE', `/devteam/${mate.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await stream.ended;
    const again = await open(base, own.appId, mate.authKey);
    await again.ended;
    expect(again.status).toBe(404);
  });

  it(`refuses more than ${MAX_STREAMS_PER_DEVELOPER} open streams of one developer (429)`, async () => {
    const dev = await appFixture(server());
    const opened: Opened[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_DEVELOPER; i++) opened.push(await open(base, dev.appId, dev.dev.authKey));
      expect(opened.every((o) => o.status === 200)).toBe(true);
      const extra = await open(base, dev.appId, dev.dev.authKey);
      await extra.ended;
      expect(extra.status).toBe(429);
    } finally {
      opened.forEach((o) => o.close());
    }
  });
});

const REDIS_URL = process.env.BASALT_TEST_REDIS_URL ?? process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** Two servers of one deployment (one PostgreSQL schema prefix, one Redis): a stream on one hears a save made through the other. */
describe.runIf(testDbKinds().includes('postgres'))('schema event stream across server processes (PostgreSQL + Redis)', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const shared = { redisUrl: REDIS_URL, pgSchemaPrefix: `se${crypto.randomBytes(4).toString('hex')}_` };
    a = await startTestServer('postgres', shared);
    b = await startTestServer('postgres', shared);
  });
  afterAll(async () => {
    // `a` drops the deployment's schemas; `b` only closes.
    await b?.app.close();
    await a?.close();
  });

  it('a table created by an app API save on one node is announced on the stream of another', async () => {
    const f = await appFixture(a);
    const base = await listenForClients(b);
    const stream = await open(base, f.appId, f.dev.authKey);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor('ready', 1);
      const saved = await f.api('PUT', '/data/Person', { body: { name: 'Ann' } });
      expect(saved.statusCode, saved.body).toBe(200);
      await stream.waitFor('schema', 1);
    } finally {
      stream.close();
    }
  });
});
