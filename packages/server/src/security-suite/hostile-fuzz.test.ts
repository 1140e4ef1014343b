import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from '../test-helpers.js';
import { Rand, excerpt, fuzzSeed, httpCall, jsonOf, mixSeed, now, type HttpAnswer } from './suite.test-helpers.js';
import { BodyFuzz, WhereFuzz, type BodyTarget, type FuzzWorld } from './fuzz.test-helpers.js';
import {
  built,
  childApp,
  startChildServer,
  type ChildApp,
  type ChildServer,
  type ServerLogLine,
} from './child-server.test-helpers.js';

/**
 * Hostile input over real HTTP: generated where clauses and request bodies against the app API's
 * find, count, create and bulk routes and the console's record routes, 8 at a time. No answer may
 * be a server error (5xx) or take longer than 2 s, and the server must keep answering
 * `GET /console/status` within 100 ms meanwhile (polled every 50 ms from another thread).
 *
 * The seed is fixed for CI. `BASALT_FUZZ_SEED=random` (what `npm run fuzz` does) or a number picks
 * other cases; `BASALT_FUZZ_ONLY=where:12,body:7` runs only those cases of the seed, to replay one.
 * `BASALT_FUZZ_WHERES` / `BASALT_FUZZ_BODIES` change how many cases run; `BASALT_FUZZ_DUMP=<file>`
 * writes every case's route, status and time there (JSON lines) for a closer look.
 * `BASALT_LOOP_TRACE=<file>` has the server note how long each case held its event loop (see
 * `traced` below), `BASALT_CHILD_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=<dir>"` profiles it.
 */

const SEED = fuzzSeed(90_210_777);
const count = (name: string, fallback: number) => {
  const v = process.env[name];
  return v ? Number(v) : fallback;
};
const WHERE_CASES = count('BASALT_FUZZ_WHERES', 10_000);
const BODY_CASES = count('BASALT_FUZZ_BODIES', 2_000);
const ONLY = (process.env.BASALT_FUZZ_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const CONCURRENCY = 8;
/**
 * The bounds of the issue: no answer over 2 s, `/console/status` within 100 ms. They are what a
 * quiet machine must show (`npm run fuzz`, the nightly run). `npm test` sets wider bounds through
 * BASALT_FUZZ_SLOW_MS and BASALT_FUZZ_STATUS_MS, because CI machines are shared and slower: there
 * the suite still fails on any stall of the kind it was written against (seconds), never on
 * scheduling noise.
 */
const SLOW_MS = count('BASALT_FUZZ_SLOW_MS', 2_000);
const STATUS_MS = count('BASALT_FUZZ_STATUS_MS', 100);
const STATUS_EVERY_MS = 50;
/**
 * `BASALT_LOOP_TRACE=<file>`: the server notes how long each case holds its event loop (the case is
 * named in an `x-trace-case` header); `node scripts/loop-trace-report.mjs <file>` lists the worst.
 */
const traced = (id: string): { headers?: Record<string, string> } =>
  process.env.BASALT_LOOP_TRACE ? { headers: { 'x-trace-case': id } } : {};
/** The client stops waiting for an answer after this long (the case then fails as slow). */
const GIVE_UP_MS = Math.max(5_000, SLOW_MS + 1_000);
/**
 * Each run (its server's start included) stops sending new cases after this long, so a server that
 * slows down fails instead of holding CI: both runs together stay under 3 minutes per database.
 */
/** Time budgets of the two runs; a slow shared machine (CI) may widen them so every case is sent. */
const WHERE_BUDGET_MS = count('BASALT_FUZZ_WHERE_BUDGET_MS', 85_000);
const BODY_BUDGET_MS = count('BASALT_FUZZ_BODY_BUDGET_MS', 45_000);
/** This many answers in a row not given within GIVE_UP_MS: the server is stuck and is replaced. */
const STALLED_AFTER = CONCURRENCY;
/** After this many stalls a run stops. */
const MAX_STALLS = 4;
/** A stuck server gets this long to answer again before it is replaced. */
const RECOVER_MS = 15_000;

/** A status poller in a thread of its own, so it measures the server and not this test's event loop. */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => { stop = true; });
const samples = [];
const at = () => performance.timeOrigin + performance.now();
(async () => {
  // One untimed request first: the thread's first fetch pays for setting up its HTTP client.
  try { await (await fetch(workerData.url)).arrayBuffer(); } catch {}
  // At least one timed poll, however short the run.
  while (!stop || !samples.length) {
    const started = at();
    let status = 0;
    let error = '';
    try {
      const res = await fetch(workerData.url, { signal: AbortSignal.timeout(workerData.giveUp) });
      await res.arrayBuffer();
      status = res.status;
    } catch (err) {
      error = String((err && err.message) || err);
    }
    const ms = at() - started;
    samples.push({ started, ms, status, error });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, workerData.every - ms)));
  }
  parentPort.postMessage(samples);
})();
`;

interface Sample {
  started: number;
  ms: number;
  status: number;
  error: string;
}

function startPoller(url: string): () => Promise<Sample[]> {
  const worker = new Worker(POLLER, { eval: true, workerData: { url, every: STATUS_EVERY_MS, giveUp: SLOW_MS } });
  const done = new Promise<Sample[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return async () => {
    worker.postMessage('stop');
    const samples = await done;
    await worker.terminate();
    return samples;
  };
}

interface Case {
  id: string;
  kind: string;
  route: string;
  input: string;
  /** over the body limit: the server may answer 413 or close the connection while it is sent */
  oversize?: boolean;
  send(): Promise<HttpAnswer>;
}

interface Outcome {
  c: Case;
  res: HttpAnswer;
  /** which server of the run answered (a new one takes over when one gets stuck) */
  epoch: number;
}

for (const kind of testDbKinds())
  describe(`hostile input over HTTP: no 5xx, no slow answer, status stays responsive [${kind}]`, () => {
    let server: ChildServer | undefined;
    let f: ChildApp;
    /** error lines of every server of the suite, in order */
    const errorLog: ServerLogLine[] = [];
    let base: string;
    let token: string;
    const world: FuzzWorld = { personIds: [], cityIds: [], userIds: [] };
    let scratchIds: string[] = [];

    /** Scratch: Person's columns and relations, for bulk updates and deletes that may empty it. */
    async function refillScratch(): Promise<void> {
      // Short time limits: a stuck server must not hold the run here.
      const opts = { authKey: f.authKey, timeoutMs: 5000 };
      const n = jsonOf(await httpCall(base, 'POST', consolePath('/data/Scratch/count'), { ...opts, body: {} }));
      if (typeof n !== 'number' || n >= 40) return;
      const r = new Rand(mixSeed(SEED, 7));
      const rows = Array.from({ length: 60 }, (_, i) => ({
        name: `s${i}`,
        age: r.int(0, 90),
        score: r.float() * 100,
        active: r.chance(0.5),
        born: Date.UTC(1990, 0, 1 + i),
        bio: 'scratch',
      }));
      const made = jsonOf(await httpCall(base, 'POST', consolePath('/data/bulk/Scratch'), { ...opts, body: rows }));
      if (Array.isArray(made)) scratchIds = made;
    }

    // The server runs from dist: brought up to date once, outside the runs' time budgets.
    beforeAll(() => built(), 300_000);

    afterAll(async () => {
      // The last server: nothing else waits, so its schemas are dropped before the suite ends.
      await server?.stop(45_000);
    }, 60_000);

    /**
     * A new server and app for each run, so a server left stuck by one run does not fail the next.
     * The data: City, Person (friends and city relations, chains and cycles) and Scratch (Person's
     * columns, for bulk writes that may empty it).
     */
    async function fresh(): Promise<void> {
      await server?.stop();
      server = await startChildServer(kind, {}, (line) => errorLog.push(line));
      base = server.base;
      f = await childApp(server);
      world.personIds = [];
      world.cityIds = [];
      world.userIds = [];
      const user = await f.user();
      token = user.token;
      world.userIds.push(user.objectId);
      const r = new Rand(mixSeed(SEED, 1));

      await f.table('City', [
        { name: 'name', dataType: 'STRING' },
        { name: 'population', dataType: 'INT' },
      ]);
      const personColumns = [
        { name: 'name', dataType: 'STRING' },
        { name: 'age', dataType: 'INT' },
        { name: 'score', dataType: 'DOUBLE' },
        { name: 'active', dataType: 'BOOLEAN' },
        { name: 'born', dataType: 'DATETIME' },
        { name: 'bio', dataType: 'TEXT' },
      ];
      const person = await f.table('Person', personColumns);
      await f.table('Scratch', personColumns);
      for (const t of ['Person', 'Scratch']) {
        await f.ok('POST', `/data/tables/${t}/columns/relation`, {
          name: 'friends',
          toTableName: 'Person',
          relationshipType: 'ONE_TO_MANY',
        });
        await f.ok('POST', `/data/tables/${t}/columns/relation`, {
          name: 'city',
          toTableName: 'City',
          relationshipType: 'ONE_TO_ONE',
        });
      }
      world.cityIds = await f.ok(
        'POST',
        '/data/bulk/City',
        Array.from({ length: 12 }, (_, i) => ({ name: `city${i}`, population: i * 1000 })),
      );
      const people = Array.from({ length: 150 }, (_, i) => ({
        name: r.pick(['ann', 'bob', "O'Brien", 'ümlaut', '名前', 'x) OR (1 = 1']) + i,
        age: r.chance(0.1) ? null : r.int(0, 90),
        score: r.float() * 100,
        active: r.chance(0.5),
        born: Date.UTC(1950 + r.int(0, 60), r.int(0, 11), r.int(1, 28)),
        bio: 'bio '.repeat(r.int(0, 20)),
        ownerId: i < 30 ? user.objectId : null,
      }));
      world.personIds = await f.ok('POST', '/data/bulk/Person', people);
      // Friends and cities: chains and cycles for long relation paths to walk.
      const links = world.personIds.map((id, i) => ({
        objectId: id,
        friends: [world.personIds[(i + 1) % world.personIds.length], ...r.some(world.personIds, r.int(0, 2))],
        ...(r.chance(0.8) ? { city: r.pick(world.cityIds) } : {}),
      }));
      await f.ok('PUT', '/data/bulkupsert/Person', links);
      await refillScratch();

      // The user's queries carry a permission scope (owner, ACL both ways, a hidden column); anonymous ones do not.
      const authenticated = await f.roleId('AuthenticatedUser');
      await f.ok('PUT', `/security/data/${person.tableId}/roles/${authenticated}`, {
        permissions: [{ operation: 'Find', access: 'DENY' }],
      });
      await f.ok('PUT', `/security/data/ownerpolicy/${person.tableId}`, { operation: 'Find', access: 'GRANT' });
      for (const id of world.personIds.slice(40, 45))
        await f.ok('PUT', `/security/data/Person/objectAcl/${id}/users/${user.objectId}`, {
          operation: 'Find',
          access: 'GRANT',
        });
      for (const id of world.personIds.slice(0, 2))
        await f.ok('PUT', `/security/data/Person/objectAcl/${id}/roles/${authenticated}`, {
          operation: 'Find',
          access: 'DENY',
        });
      await f.ok('PUT', `/security/data/${person.tableId}/columns/permissions/Find/${authenticated}`, {
        column: 'bio',
        access: 'DENY',
      });
    }

    const appPath = (key: 'REST' | 'JS', path: string) => `/${f.appId}/${f.keys[key]}${path}`;
    const consolePath = (path: string) => `/${f.appId}/console${path}`;

    /** The request of a where case: a route, a caller and the where in the body or the query string. */
    function whereCase(i: number): Case {
      const r = new Rand(mixSeed(SEED, i));
      const { kind, text } = new WhereFuzz(r, world).next();
      const who = r.pick(['anonymous REST', 'anonymous JS', 'user'] as const);
      const key = who === 'anonymous JS' ? 'JS' : 'REST';
      const auth = who === 'user' ? { token } : {};
      let query: string | undefined;
      try {
        query = encodeURIComponent(text);
      } catch {
        query = undefined;
      }
      // Long texts go in bodies: a query string beyond 16 KB is refused by HTTP itself (431).
      const inQuery = query !== undefined && query.length < 12_000;
      const routes: Array<[string, () => Promise<HttpAnswer>]> = [
        [
          'app POST /data/Person/find',
          () =>
            httpCall(base, 'POST', appPath(key, '/data/Person/find'), {
              ...auth,
              body: { where: text, pageSize: r.pick([1, 10, 100]) },
              timeoutMs: GIVE_UP_MS,
              ...traced(`where:${i}`),
            }),
        ],
        [
          'app POST /data/Person/count',
          () =>
            httpCall(base, 'POST', appPath(key, '/data/Person/count'), {
              ...auth,
              body: { where: text },
              timeoutMs: GIVE_UP_MS,
              ...traced(`where:${i}`),
            }),
        ],
        [
          'app POST /data/bulk/Scratch/delete',
          () =>
            httpCall(base, 'POST', appPath(key, '/data/bulk/Scratch/delete'), {
              ...auth,
              body: { where: text },
              timeoutMs: GIVE_UP_MS,
              ...traced(`where:${i}`),
            }),
        ],
        [
          'console POST /data/Person/find',
          () =>
            httpCall(base, 'POST', consolePath('/data/Person/find'), {
              authKey: f.authKey,
              body: { where: text, pageSize: 20 },
              timeoutMs: GIVE_UP_MS,
              ...traced(`where:${i}`),
            }),
        ],
        [
          'console POST /data/Person/count',
          () =>
            httpCall(base, 'POST', consolePath('/data/Person/count'), {
              authKey: f.authKey,
              body: { where: text },
              timeoutMs: GIVE_UP_MS,
              ...traced(`where:${i}`),
            }),
        ],
        ...(inQuery
          ? ([
              [
                'app GET /data/Person?where=',
                () =>
                  httpCall(base, 'GET', appPath(key, `/data/Person?where=${query}`), {
                    ...auth,
                    timeoutMs: GIVE_UP_MS,
                    ...traced(`where:${i}`),
                  }),
              ],
              [
                'app GET /data/Person/count?where=',
                () =>
                  httpCall(base, 'GET', appPath(key, `/data/Person/count?where=${query}`), {
                    ...auth,
                    timeoutMs: GIVE_UP_MS,
                    ...traced(`where:${i}`),
                  }),
              ],
              [
                'app PUT /data/bulk/Scratch?where=',
                () =>
                  httpCall(base, 'PUT', appPath(key, `/data/bulk/Scratch?where=${query}`), {
                    ...auth,
                    body: { score: 1 },
                    timeoutMs: GIVE_UP_MS,
                    ...traced(`where:${i}`),
                  }),
              ],
              [
                'app PUT /data/Scratch/{id}/friends?whereClause=',
                () =>
                  httpCall(
                    base,
                    'PUT',
                    appPath(key, `/data/Scratch/${scratchIds[0] ?? 'none'}/friends?whereClause=${query}`),
                    { ...auth, timeoutMs: GIVE_UP_MS, ...traced(`where:${i}`) },
                  ),
              ],
            ] as Array<[string, () => Promise<HttpAnswer>]>)
          : []),
      ];
      const [route, send] = r.pick(routes);
      return { id: `where:${i}`, kind, route: `${route} as ${who}`, input: text, send };
    }

    const BODY_ROUTES: Record<BodyTarget, { method: string; path: () => string; console?: boolean }> = {
      'app find': { method: 'POST', path: () => '/data/Person/find' },
      'app count': { method: 'POST', path: () => '/data/Person/count' },
      'app create': { method: 'POST', path: () => '/data/Scratch' },
      'app save': { method: 'PUT', path: () => '/data/Scratch' },
      'app bulk create': { method: 'POST', path: () => '/data/bulk/Scratch' },
      'app bulk update': {
        method: 'PUT',
        path: () => `/data/bulk/Scratch?where=${encodeURIComponent("name = 'nobody'")}`,
      },
      'app bulk delete': { method: 'POST', path: () => '/data/bulk/Scratch/delete' },
      'console find': { method: 'POST', path: () => '/data/Person/find', console: true },
      'console count': { method: 'POST', path: () => '/data/Person/count', console: true },
      'console create': { method: 'POST', path: () => '/data/Scratch', console: true },
      'console bulk create': { method: 'POST', path: () => '/data/bulk/Scratch', console: true },
    };

    function bodyCase(i: number): Case {
      const r = new Rand(mixSeed(SEED ^ 0x5bd1e995, i));
      const body = new BodyFuzz(r, world, server!.bodyLimit).next();
      const route = BODY_ROUTES[body.target];
      const who = route.console ? 'developer' : r.pick(['anonymous REST', 'user'] as const);
      const url = route.console ? consolePath(route.path()) : appPath('REST', route.path());
      return {
        id: `body:${i}`,
        kind: body.kind,
        route: `${route.console ? 'console' : 'app'} ${route.method} ${route.path()} as ${who}`,
        input: typeof body.raw === 'string' ? body.raw : body.raw.toString('latin1'),
        oversize: body.oversize,
        send: () =>
          httpCall(base, route.method, url, {
            raw: body.raw,
            ...(route.console ? { authKey: f.authKey } : who === 'user' ? { token } : {}),
            headers: { ...body.headers, ...traced(`body:${i}`).headers },
            timeoutMs: GIVE_UP_MS,
          }),
      };
    }

    /** The server stopped answering: when, and the cases it left unanswered that were sent first. */
    interface Stall {
      /** when it was noticed, and when the server answered again (or was replaced) */
      at: number;
      until: number;
      suspects: Outcome[];
      /** how long the server took to answer again by itself */
      recoveredAfterMs?: number;
      /** it did not answer again in time and a new server took over */
      replaced?: boolean;
    }

    interface Run {
      outcomes: Outcome[];
      /** cases not sent: the time budget ran out, or the server got stuck too often */
      unsent: number;
      stalls: Stall[];
      samples: Sample[];
    }

    const timedOut = (res: HttpAnswer) => res.status === 0 && /no answer within/.test(res.error ?? '');

    /**
     * Sends the cases 8 at a time until they are done or the budget is spent, polling the status
     * meanwhile. When the server stops answering (8 answers in a row not given in time) the stall is
     * noted with its suspects, and a new server takes over, so one blocking input does not hide the
     * rest; after MAX_STALLS the run stops.
     */
    async function run(ids: number[], make: (i: number) => Case, started: number, budgetMs: number): Promise<Run> {
      const outcomes: Outcome[] = [];
      const stalls: Stall[] = [];
      const samples: Sample[] = [];
      let stopPoller = startPoller(`${base}/console/status`);
      let next = 0;
      let unsent = 0;
      let epoch = 0;
      let silentInARow = 0;
      let restarting: Promise<void> | undefined;
      let ended = false;
      const noteStall = (): Stall => {
        const suspects = outcomes
          .filter((o) => o.epoch === epoch && timedOut(o.res))
          .sort((a, b) => a.res.started - b.res.started)
          .slice(0, 5);
        const stall: Stall = { at: now(), until: now(), suspects };
        stalls.push(stall);
        epoch++;
        return stall;
      };
      /** How long until the status and a small find answer in time again; undefined after RECOVER_MS. */
      const recovery = async (): Promise<number | undefined> => {
        const from = now();
        while (now() - from < RECOVER_MS) {
          const [status, find] = await Promise.all([
            httpCall(base, 'GET', '/console/status', { timeoutMs: SLOW_MS }),
            httpCall(base, 'POST', appPath('REST', '/data/City/find'), { body: {}, timeoutMs: SLOW_MS }),
          ]);
          if (status.status === 200 && find.status === 200) return now() - from;
          await new Promise((r) => setTimeout(r, 500));
        }
        return undefined;
      };
      const restart = async () => {
        const stall = noteStall();
        stall.recoveredAfterMs = await recovery();
        if (stall.recoveredAfterMs === undefined) {
          stall.replaced = true;
          samples.push(...(await stopPoller()));
          await fresh();
          stopPoller = startPoller(`${base}/console/status`);
        }
        stall.until = now();
        silentInARow = 0;
      };
      const lane = async () => {
        for (;;) {
          if (restarting) await restarting;
          const k = next++;
          if (k >= ids.length) return;
          if (ended || stalls.length >= MAX_STALLS || now() - started > budgetMs) {
            unsent++;
            continue;
          }
          if (k > 0 && k % 500 === 0) await refillScratch();
          const sentIn = epoch;
          const c = make(ids[k]);
          const res = await c.send();
          outcomes.push({ c, res, epoch: sentIn });
          if (sentIn !== epoch) continue;
          silentInARow = timedOut(res) ? silentInARow + 1 : 0;
          if (silentInARow >= STALLED_AFTER && !restarting) {
            if (now() - started > budgetMs - 30_000) {
              // No time left to wait for the server or replace it: the stall is noted and the run ends.
              noteStall();
              ended = true;
              continue;
            }
            restarting = restart().finally(() => (restarting = undefined));
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, lane));
      if (restarting) await restarting;
      samples.push(...(await stopPoller()));
      return { outcomes, unsent, stalls, samples };
    }

    /** Every failure of a run, grouped by cause, with the seed and cases to replay them. */
    function report(
      title: string,
      total: number,
      { outcomes, unsent, stalls, samples }: Run,
      budgetMs: number,
      logFrom: number,
    ): { problems: number; text: string } {
      const lines: string[] = [];
      const stalledEpochs = new Set(stalls.map((_, i) => i));
      for (const [i, st] of stalls.entries()) {
        const then =
          st.recoveredAfterMs !== undefined
            ? `answered again ${Math.round(st.recoveredAfterMs / 1000)} s later`
            : st.replaced
              ? 'was replaced'
              : 'the run ended';
        lines.push(
          `  STUCK #${i + 1}: the server stopped answering (${STALLED_AFTER} answers in a row not given within ${GIVE_UP_MS / 1000} s) and ${then}; the first cases it left unanswered (the cause is among them or was sent just before): ${st.suspects.map((o) => `${o.c.id} ${o.c.kind} [${o.c.route}] ${excerpt(o.c.input, 120)}`).join(' ;; ')}`,
        );
      }
      // Cases a stuck server left unanswered are told by the stall above, not one by one.
      const bad = outcomes.filter(({ c, res, epoch }) => {
        if (stalledEpochs.has(epoch) && res.status === 0) return false;
        if (c.oversize && (res.status === 413 || (res.status === 0 && !timedOut(res)))) return false;
        return res.status === 0 || res.status >= 500 || res.ms > SLOW_MS;
      });
      const groups = new Map<string, Outcome[]>();
      for (const o of bad) {
        const why =
          o.res.status === 0
            ? (o.res.error ?? 'no answer')
            : o.res.status >= 500
              ? `${o.res.status} ${excerpt(o.res.text, 90)}`
              : `slower than ${SLOW_MS} ms (${o.res.status})`;
        const key = `${o.c.kind} | ${o.c.route.replace(/ as .*/, '')} | ${why.replace(/\d+ ms/, 'N ms')}`;
        groups.set(key, [...(groups.get(key) ?? []), o]);
      }
      for (const [key, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
        const worst = Math.max(...list.map((o) => o.res.ms));
        lines.push(
          `  ${list.length}× ${key} (slowest ${Math.round(worst)} ms); e.g. ${list
            .slice(0, 3)
            .map((o) => `${o.c.id} [${o.c.route}] ${excerpt(o.c.input, 100)}`)
            .join(' ;; ')}`,
        );
      }
      if (unsent)
        lines.push(
          `  ${unsent} of ${total} cases not sent: ${stalls.length >= MAX_STALLS ? `the server got stuck ${stalls.length} times` : `the run took longer than its ${budgetMs / 1000} s budget`}`,
        );
      // Polls while a server was stuck are told by the stall.
      const stuckWindows = stalls.map((st) => ({ from: st.suspects[0]?.res.started ?? st.at, to: st.until }));
      const counted = samples.filter((smp) => !stuckWindows.some((w) => smp.started >= w.from && smp.started <= w.to));
      const polls = counted.filter((smp) => smp.status !== 200 || smp.ms > STATUS_MS);
      const worst = counted.reduce((m, smp) => Math.max(m, smp.ms), 0);
      if (polls.length) {
        lines.push(
          `  GET /console/status: ${polls.length} of ${counted.length} polls slower than ${STATUS_MS} ms or failed (worst ${Math.round(worst)} ms); the slowest, with the cases in flight then:`,
        );
        for (const smp of [...polls].sort((a, b) => b.ms - a.ms).slice(0, 6)) {
          const during = outcomes
            .filter((o) => o.res.started < smp.started + smp.ms && o.res.ended > smp.started)
            .sort((a, b) => b.res.ms - a.res.ms);
          lines.push(
            `    ${Math.round(smp.ms)} ms ${smp.status || smp.error}: ${during
              .slice(0, 4)
              .map(
                (o) =>
                  `${o.c.id} ${o.c.kind} [${o.c.route.replace(/ as .*/, '')}] ${Math.round(o.res.ms)} ms ${excerpt(o.c.input, 60)}`,
              )
              .join(' ;; ')}`,
          );
        }
      }
      const logged = new Map<string, number>();
      for (const e of errorLog.slice(logFrom)) {
        const key = excerpt(e.error ?? e.msg, 160);
        logged.set(key, (logged.get(key) ?? 0) + 1);
      }
      if (logged.size) {
        lines.push('  the server logged these errors meanwhile:');
        for (const [key, n] of [...logged].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`    ${n}× ${key}`);
      }
      if (process.env.BASALT_FUZZ_DUMP) {
        const rows = outcomes.map(({ c, res }) =>
          JSON.stringify({
            id: c.id,
            kind: c.kind,
            route: c.route,
            status: res.status,
            ms: Math.round(res.ms),
            error: res.error,
            input: excerpt(c.input, 200),
            answer: excerpt(res.text, 200),
          }),
        );
        fs.appendFileSync(process.env.BASALT_FUZZ_DUMP, `${rows.join('\n')}\n`);
      }
      const problems = bad.length + unsent + polls.length + stalls.length;
      const header = `${title}: ${outcomes.length} of ${total} cases sent, ${problems} problem(s); status worst ${Math.round(worst)} ms over ${counted.length} polls; seed ${SEED} (replay: BASALT_FUZZ_SEED=${SEED} BASALT_TEST_DB=${kind} [BASALT_FUZZ_ONLY=<case ids>] npx vitest run packages/server/src/security-suite/hostile-fuzz.test.ts)`;
      return { problems, text: [header, ...lines].join('\n') };
    }

    const selected = (prefix: string, total: number) => {
      if (!ONLY.length) return Array.from({ length: total }, (_, i) => i);
      return ONLY.filter((s) => s.startsWith(`${prefix}:`)).map((s) => Number(s.slice(prefix.length + 1)));
    };

    it(
      `${WHERE_CASES} generated hostile where clauses on find, count, bulk and console routes`,
      async () => {
        const started = now();
        await fresh();
        const ids = selected('where', WHERE_CASES);
        const logFrom = errorLog.length;
        const outcome = await run(ids, whereCase, started, WHERE_BUDGET_MS);
        const { problems, text } = report('where fuzz', ids.length, outcome, WHERE_BUDGET_MS, logFrom);
        expect(outcome.samples.length, 'the status poller ran').toBeGreaterThan(0);
        expect(problems, text).toBe(0);
      },
      WHERE_BUDGET_MS + 95_000,
    );

    it(
      `${BODY_CASES} hostile JSON bodies on find, count, create and bulk routes of the app API and the console`,
      async () => {
        const started = now();
        await fresh();
        const ids = selected('body', BODY_CASES);
        const logFrom = errorLog.length;
        const outcome = await run(ids, bodyCase, started, BODY_BUDGET_MS);
        const { problems, text } = report('body fuzz', ids.length, outcome, BODY_BUDGET_MS, logFrom);
        expect(outcome.samples.length, 'the status poller ran').toBeGreaterThan(0);
        expect(problems, text).toBe(0);
      },
      BODY_BUDGET_MS + 85_000,
    );

    it('the app still answers normally after the fuzz (its data and rules intact)', async () => {
      // Work the clients gave up on may still be running: the server gets 30 s to finish it.
      for (let i = 0; i < 30; i++) {
        if ((await httpCall(base, 'GET', '/console/status', { timeoutMs: 1000 })).status === 200) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      const res = await httpCall(base, 'POST', appPath('REST', '/data/Person/count'), { body: {}, timeoutMs: 10_000 });
      expect(res.status, res.error ?? res.text).toBe(200);
      expect(jsonOf(res)).toBe(150);
      const mine = await httpCall(base, 'POST', appPath('REST', '/data/Person/count'), {
        body: {},
        token,
        timeoutMs: 10_000,
      });
      expect(jsonOf(mine)).toBe(28 + 5);
    }, 60_000);
  });
