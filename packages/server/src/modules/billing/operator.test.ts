import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildApp } from '../../app.js';
import {
  createTestApp,
  describeEachDb,
  registerDeveloper,
  startTestServer,
  type TestServer,
} from '../../test-helpers.js';
import { readPlansFile } from './catalogue.js';

describeEachDb('a server without a plans file: one unlimited plan, nothing counted', (server) => {
  it('lists self-hosted with every component unlimited, and the app API has no call gate', async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    const plans = await server().call('GET', `/${appId}/console/billing/application/plans`, { authKey: dev.authKey });
    expect(plans.statusCode).toBe(200);
    expect(plans.json().map((p: any) => p.id)).toEqual(['self-hosted']);
    expect(plans.json()[0].components.every((c: any) => c.limit === null)).toBe(true);
    const current = await server().call(
      'GET',
      `/${appId}/console/billing/application/plans/current/current/components`,
      {
        authKey: dev.authKey,
      },
    );
    expect(current.json()).toMatchObject({ planId: 'self-hosted', period: 'monthly', price: 0 });
    // Nothing counts calls: the default catalogue costs the app API nothing.
    expect(server().app.basalt.plans.gate).toBeUndefined();
    const blocked = await server().call('GET', `/${appId}/console/billing/apicalls/blocked`, { authKey: dev.authKey });
    expect(blocked.json()).toMatchObject({ blocked: false, planId: 'self-hosted', limit: null });
    const status = await server().call('GET', '/console/status');
    expect(status.json().features).toEqual({ billing: true, marketplace: true, community: true, gamification: true });
    expect(status.json().areas.billing).toBe('partial');
  });
});

describe('instance operator and feature switches', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      admins: ['boss@example.com'],
      features: { billing: false, marketplace: true, community: false, gamification: true },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('BASALT_ADMINS names the operators by e-mail (the first developer is not one then)', async () => {
    const first = await registerDeveloper(server);
    const boss = await registerDeveloper(server, 'Boss@Example.com');
    const me = async (authKey: string) => (await server.call('GET', '/console/operator', { authKey })).json();
    expect(await me(first.authKey)).toMatchObject({ operator: false, operatorsFrom: 'BASALT_ADMINS', plans: [] });
    expect(await me(boss.authKey)).toMatchObject({ operator: true });
  });

  it('a switched-off area answers 403 FEATURE_DISABLED, built or not, and /console/status says so', async () => {
    const dev = await registerDeveloper(server);
    const appId = await createTestApp(server, dev.authKey);
    for (const url of [
      `/${appId}/console/billing/application/plans`,
      `/${appId}/billing/subscriptions/status`,
      `/${appId}/console/billing/application/tiers`,
      '/console/community/profile',
    ]) {
      const res = await server.call('GET', url, { authKey: dev.authKey });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 'FEATURE_DISABLED']);
    }
    // An area left on still answers as before: the marketplace catalogue, empty on a new instance.
    const market = await server.call('GET', '/console/community/marketplace/products', { authKey: dev.authKey });
    expect(market.statusCode).toBe(200);
    expect((await server.call('GET', '/console/status')).json().features).toMatchObject({
      billing: false,
      community: false,
    });
  });
});

describe('plans file checks', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-planfile-'));
  const file = (name: string, value: unknown) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
    return p;
  };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['not JSON', '{nope', 'the file is not JSON'],
    ['not a list', { id: 'x' }, 'the top level must be a list'],
    ['a bad id', [{ id: 'Has Space', name: 'X' }], '[0].id must be'],
    [
      'an unknown component',
      [{ id: 'a', name: 'A', components: [{ id: 'unicorns', limit: 1 }] }],
      '[0].components[0].id',
    ],
    [
      'a negative limit',
      [{ id: 'a', name: 'A', components: [{ id: 'tables', limit: -1 }] }],
      '[0].components[0].limit',
    ],
    ['a bad price', [{ id: 'a', name: 'A', periods: { monthly: 'free' } }], '[0].periods.monthly'],
    ['a bad line', [{ id: 'a', name: 'A', line: 'shop' }], '[0].line'],
    [
      'a twice-named plan',
      [
        { id: 'a', name: 'A' },
        { id: 'a', name: 'B' },
      ],
      '[1].id',
    ],
  ])('refuses %s, naming the file and the field', (_what, content, field) => {
    const p = file(`plans-${Math.random().toString(16).slice(2)}.json`, content);
    expect(() => readPlansFile(p)).toThrow(p);
    expect(() => readPlansFile(p)).toThrow(field);
  });

  it('stops the server at start on a malformed file', async () => {
    const p = file('broken.json', [{ id: 'a', name: 'A', components: [{ id: 'tables', limit: 'ten' }] }]);
    const config = loadConfig(
      {},
      { dataDir: fs.mkdtempSync(path.join(dir, 'data-')), logLevel: 'silent', plansFile: p },
    );
    await expect(buildApp(config)).rejects.toThrow(`BASALT_PLANS_FILE ${p}: [0].components[0].limit`);
  });

  it('reads the environment: BASALT_PLANS_FILE, BASALT_ADMINS and BASALT_FEATURES', () => {
    const config = loadConfig({
      BASALT_PLANS_FILE: 'plans.json',
      BASALT_ADMINS: 'A@x.org, b@y.org',
      BASALT_FEATURES: 'billing,gamification',
    });
    expect(config.plansFile).toBe(path.resolve('plans.json'));
    expect(config.admins).toEqual(['a@x.org', 'b@y.org']);
    expect(config.features).toEqual({ billing: true, marketplace: false, community: false, gamification: true });
    expect(() => loadConfig({ BASALT_FEATURES: 'billing,shop' })).toThrow("'shop' is not a feature");
    expect(loadConfig({}).features.marketplace).toBe(true);
  });
});
