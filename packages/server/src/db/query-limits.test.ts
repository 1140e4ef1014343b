import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';
import type { ReaderPool } from './reader.js';

/** Short enough for a test, long enough that a query stopped on disconnect is seen stopping well before it. */
const LIMIT_MS = 3000;
const PEOPLE = 2000;
const FRIENDS = 5;
const HOPS = 'friends.friends.friends.friends.friends';
/**
 * Five hops through a many-to-many self relation (5^5 paths from each of 2,000 people), within the
 * parse-time limits, slow on both databases (over 20 s each without a limit): SQLite walks every
 * path looking for values nobody has; PostgreSQL, which starts such a search from the selective
 * end, cannot for two comparisons with the record's own age that contradict each other.
 */
const SLOW = `(${HOPS}.name = 'nobody' or ${HOPS}.age < 0) or (${HOPS}.age > age and ${HOPS}.age < age)`;
/** One hop: a relation subquery (a reader's work on SQLite) that ends in milliseconds. */
const QUICK_RELATION = 'friends.age < 0';

interface Answer {
  status: number;
  body: any;
  /** performance.now() when the answer arrived. */
  at: number;
}

/**
 * Query time limits (decision 0017) over real HTTP on both databases: a query past the limit is a
 * 400 naming it; other requests are answered while it runs; a client that goes away stops its
 * query; a reader thread that dies answers 503 and the next query works.
 */
describeEachDb(
  'query time limits',
  (server) => {
    let f: AppFixture;
    let origin: string;
    let schema: string | null;
    const readers = () => (server().app.basalt.dbs as unknown as { readers: ReaderPool }).readers;

    beforeAll(async () => {
      f = await appFixture(server());
      await f.table('Person', [
        { name: 'name', dataType: 'STRING' },
        { name: 'age', dataType: 'INT' },
      ]);
      const rel = await f.console('POST', '/data/tables/Person/columns/relation', {
        name: 'friends',
        dataType: 'DATA_REF',
        toTableName: 'Person',
        relationshipType: 'ONE_TO_MANY',
      });
      expect(rel.statusCode, rel.body).toBe(200);
      const ids: string[] = [];
      const people = Array.from({ length: PEOPLE }, (_, i) => ({ name: `p${i}`, age: i % 90 }));
      for (let i = 0; i < PEOPLE; i += 1000) {
        const res = await f.console('POST', '/data/bulk/Person', people.slice(i, i + 1000));
        expect(res.statusCode, res.body).toBe(200);
        ids.push(...res.json());
      }
      const links = ids.map((objectId, i) => ({
        objectId,
        friends: [...new Set(Array.from({ length: FRIENDS }, (_, j) => ids[(i * 7 + j * 13 + 1) % PEOPLE]))],
      }));
      for (let i = 0; i < PEOPLE; i += 1000) {
        const res = await f.console('PUT', '/data/bulkupsert/Person', links.slice(i, i + 1000));
        expect(res.statusCode, res.body).toBe(200);
      }
      schema = server().app.basalt.dbs.appSchema(f.appId);
      await server().app.listen({ port: 0, host: '127.0.0.1' });
      const address = server().app.server.address();
      origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    }, 120_000);

    /** The API key, roles and panic state in memory (remembered for moments), so an app API find takes the fast lane. */
    const prime = async () => expect((await f.api('GET', '/data/Person/count')).statusCode).toBe(200);
    const lane = () => server().app.basalt.fastLane!;

    async function send(url: string, init: RequestInit = {}): Promise<Answer> {
      const res = await fetch(url, init);
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null, at: performance.now() };
    }
    const post = (body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
    /** A find through the console API (Fastify's pipeline). */
    const consoleFind = (where: string, signal?: AbortSignal) =>
      send(`${origin}/${f.appId}/console/data/Person/find`, post({ where }, { 'auth-key': f.dev.authKey }, signal));
    /** A find through the app API (its fast lane). */
    const apiFind = (where: string, signal?: AbortSignal) =>
      send(`${origin}/${f.appId}/${f.keys.REST}/data/Person/find`, post({ where }, {}, signal));

    /** Server processes running a statement of this app's store now (PostgreSQL). */
    async function activeOnPostgres(): Promise<Array<{ pid: number }>> {
      const rows = await sql<{
        pid: number;
      }>`select pid from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and query like ${`%"${schema}"%`}`.execute(
        server().app.basalt.dbs.system,
      );
      return rows.rows;
    }
    /** True while a slow query of this app runs: on a reader thread (SQLite) or in PostgreSQL. */
    const queryRuns = async () =>
      server().kind === 'sqlite' ? readers().running > 0 : (await activeOnPostgres()).length > 0;
    async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
      const end = performance.now() + ms;
      while (performance.now() < end) {
        if (await check()) return true;
        await new Promise((r) => setTimeout(r, 20));
      }
      return check();
    }

    it('a query past the limit is answered 400 naming the limit, on the console and the app API, for finds, counts and bulk deletes', async () => {
      const viaConsole = await consoleFind(SLOW);
      expect(viaConsole.status).toBe(400);
      expect(viaConsole.body.message).toBe(
        'The query ran longer than 3 s (the query time limit); narrow the where clause',
      );
      expect(await until(async () => !(await queryRuns()), 1000)).toBe(true);

      await prime();
      const before = lane().taken;
      const viaApi = await apiFind(SLOW);
      expect(lane().taken).toBe(before + 1);
      expect(viaApi.status).toBe(400);
      expect(viaApi.body.message).toContain('the query time limit');

      const count = await send(`${origin}/${f.appId}/${f.keys.REST}/data/Person/count`, post({ where: SLOW }));
      expect(count.status).toBe(400);
      const bulkDelete = await send(
        `${origin}/${f.appId}/${f.keys.REST}/data/bulk/Person/delete`,
        post({ where: SLOW }),
      );
      expect(bulkDelete.status).toBe(400);
      expect(bulkDelete.body.message).toContain('the query time limit');
      expect((await f.console('POST', '/data/Person/count', {})).json()).toBe(PEOPLE);
    });

    it('other requests are answered while a slow query runs', async () => {
      const slow = consoleFind(SLOW);
      expect(await until(queryRuns, 2000)).toBe(true);
      const status = await send(`${origin}/console/status`);
      const find = await apiFind("name = 'p1'");
      const relation = await consoleFind(`name = 'p2' and ${QUICK_RELATION}`);
      const answered = await slow;
      expect(status.status).toBe(200);
      expect(find.status).toBe(200);
      expect(find.body.map((r: { name: string }) => r.name)).toEqual(['p1']);
      expect(relation.status).toBe(200);
      expect(answered.status).toBe(400);
      expect(status.at).toBeLessThan(answered.at);
      expect(find.at).toBeLessThan(answered.at);
      if (server().kind === 'sqlite') {
        // The quick relation query had a reader of its own: the other one was busy.
        expect(relation.at).toBeLessThan(answered.at);
      }
    });

    for (const via of ['console', 'app API'] as const) {
      it(`a client that goes away stops its query (${via})`, async () => {
        const client = new AbortController();
        await prime();
        const before = lane().taken;
        const gone = (via === 'console' ? consoleFind : apiFind)(SLOW, client.signal).catch((err: Error) => err);
        expect(await until(queryRuns, 2000)).toBe(true);
        expect(lane().taken).toBe(before + (via === 'app API' ? 1 : 0));
        const started = performance.now();
        client.abort();
        expect(await gone).toBeInstanceOf(Error);
        // Stopped well before the limit would have stopped it.
        expect(await until(async () => !(await queryRuns()), 1000)).toBe(true);
        expect(performance.now() - started).toBeLessThan(LIMIT_MS / 2);
        if (server().kind === 'sqlite') {
          // The reader is free: the next slow query starts at once instead of waiting in the queue.
          const next = new AbortController();
          const following = consoleFind(SLOW, next.signal).catch((err: Error) => err);
          expect(await until(() => readers().running === 1, 500)).toBe(true);
          expect(readers().queued).toBe(0);
          next.abort();
          await following;
          expect(await until(() => readers().running === 0, 1000)).toBe(true);
        }
      });
    }

    it('a query whose reader dies is answered 503, and the next query works', async () => {
      const slow = consoleFind(SLOW);
      expect(await until(queryRuns, 2000)).toBe(true);
      if (server().kind === 'sqlite') {
        // As a crash of the thread would end it.
        await Promise.all(readers().threads.map((t) => t.terminate()));
      } else {
        // The server process running it ends (an administrator's kill, a failover).
        for (const { pid } of await activeOnPostgres())
          await sql`select pg_terminate_backend(${pid})`.execute(server().app.basalt.dbs.system);
      }
      const answered = await slow;
      expect(answered.status).toBe(503);
      expect(answered.body.message).toContain('send it again');
      const next = await consoleFind(`name = 'p3' and ${QUICK_RELATION}`);
      expect(next.status).toBe(200);
      expect(next.body).toEqual([]);
      expect((await consoleFind(`name = 'p3'`)).body.map((r: { name: string }) => r.name)).toEqual(['p3']);
    });
  },
  { queryTimeoutMs: LIMIT_MS, queryReaders: 2 },
);
