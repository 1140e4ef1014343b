import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config.js';
import { buildApp } from '../../app.js';
import {
  createTestApp,
  listenForClients,
  registerDeveloper,
  startTestServer,
  type TestServer,
} from '../../test-helpers.js';
import { freshMinute, writePlansFile } from './plans.test-helpers.js';

const REDIS_URL = process.env.BASALT_TEST_REDIS_URL ?? process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two servers on one PostgreSQL and one Redis, as a deployment behind a load balancer: the calls of
 * an app on `tiny` (50 a minute) are counted together wherever they land, and a plan switched
 * through one server holds on the other.
 */
describe('plan limits across two servers sharing Redis (PostgreSQL)', () => {
  let a: TestServer;
  let b: FastifyInstance;
  let urlA: string;
  let urlB: string;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-plans-mn-'));
    const plansFile = writePlansFile(dir);
    a = await startTestServer('postgres', { redisUrl: REDIS_URL, plansFile });
    urlA = await listenForClients(a);
    b = await buildApp(
      loadConfig({}, { ...a.config, dataDir: fs.mkdtempSync(path.join(dir, 'b-')), redisUrl: REDIS_URL, plansFile }),
    );
    await b.listen({ port: 0, host: '127.0.0.1' });
    const address = b.server.address();
    urlB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('counts the calls of both servers together: exactly 50 of 60 pass', async () => {
    const dev = await registerDeveloper(a);
    const appId = await createTestApp(a, dev.authKey);
    const keys = await a.app.basalt.dbs.system
      .selectFrom('api_keys')
      .select(['api_key', 'device_type'])
      .where('app_id', '=', appId)
      .execute();
    const rest = keys.find((k) => k.device_type === 'REST')!.api_key;
    expect(
      (await a.call('POST', `/${appId}/console/data/tables`, { authKey: dev.authKey, body: { name: 'Things' } }))
        .statusCode,
    ).toBe(200);
    // Both servers learn the app's plan before the switch, so the switch must reach B's memory.
    for (const url of [urlA, urlB]) expect((await fetch(`${url}/${appId}/${rest}/data/Things`)).status).toBe(200);

    const switched = await fetch(`${urlA}/${appId}/console/billing/application/subscriptions/tiny/monthly`, {
      method: 'PUT',
      headers: { 'auth-key': dev.authKey },
    });
    expect(switched.status).toBe(200);

    await freshMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const url = i % 2 === 0 ? urlA : urlB;
      statuses.push(
        (
          await fetch(`${url}/${appId}/${rest}/data/Things/find`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
      );
    }
    // Two calls before the switch may share this minute; they are not on tiny's count in Redis.
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const blocked = await fetch(`${urlB}/${appId}/console/billing/apicalls/blocked`, {
      headers: { 'auth-key': dev.authKey },
    });
    expect(await blocked.json()).toMatchObject({ blocked: true, component: 'api-calls-per-minute', planId: 'tiny' });
  });
});
