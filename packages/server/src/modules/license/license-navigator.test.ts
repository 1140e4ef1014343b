import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { createTestApp, describeEachDb, listenForClients, registerDeveloper } from '../../test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

/*
 * The console-wide small modules through the published reference client and ours: the licence and
 * cluster of an open self-hosted server, the navigator's options and recent places, and the status
 * and app warnings the console reads on every screen.
 */
describeEachDb('license, navigator, status and warning', (server) => {
  let reference: any;
  let ours: ReturnType<typeof createBasaltClient>;
  let appId: string;

  beforeAll(async () => {
    const dev = await registerDeveloper(server());
    appId = await createTestApp(server(), dev.authKey);
    const url = await listenForClients(server());
    reference = createReferenceClient(url, dev.authKey);
    ours = createBasaltClient(url, dev.authKey);
  });

  it('license: the open edition with no limits, the version and this node of the cluster', async () => {
    const info = await reference.license.get();
    expect(info).toMatchObject({
      edition: 'open',
      licensed: false,
      licenseRequired: false,
      version: '0.1.0',
      database: server().kind,
      limits: { apps: null, developers: null, nodes: null },
      cluster: { shared: false },
    });
    const self = info.cluster.nodes.filter((n: { self: boolean }) => n.self);
    expect(self).toHaveLength(1);
    expect(self[0]).toMatchObject({ pid: process.pid, version: '0.1.0' });
    expect(self[0].lastSeen).toBeGreaterThanOrEqual(self[0].started);
    expect((await ours.license.get()).cluster.nodes.map((n) => n.id)).toContain(self[0].id);
  });

  it('license: an upload or a cluster replacement is a 400 saying no licence is needed', async () => {
    await expect(reference.license.upload('LICENSE-TEXT')).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('needs no licence'),
    });
    await expect(ours.license.replaceCluster({ clusterId: 'x' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('none to replace'),
    });
  });

  it('navigator: areas with availability, places logged come back newest first, bad paths refused', async () => {
    const options = await reference.navigator.loadNavigatorOptions();
    const byId = Object.fromEntries(options.areas.map((a: { id: string }) => [a.id, a]));
    expect(byId['cache-control']).toMatchObject({ available: true, parent: 'security', segment: 'cache-control' });
    expect(byId['sql-service'].available).toBe(true);
    expect(byId['data-connectors'].available).toBe(true);
    expect(options.recent).toEqual([]);

    expect(await reference.navigator.log({ path: `/apps/${appId}/data`, title: 'Data', appId })).toEqual({
      success: true,
    });
    await ours.navigator.log({ path: '/apps' });
    await ours.navigator.log({ path: `/apps/${appId}/data`, title: 'Data again', appId });
    const { recent } = await ours.navigator.loadNavigatorOptions();
    expect(recent.map((r) => [r.path, r.title, r.appId])).toEqual([
      [`/apps/${appId}/data`, 'Data again', appId],
      ['/apps', '/apps', null],
    ]);
    for (const path of ['https://evil.example/', '//evil.example', 'apps'])
      await expect(ours.navigator.log({ path })).rejects.toMatchObject({ status: 400 });
  });

  it('status and warning answer through both clients', async () => {
    const status = await reference.system.loadStatus(true);
    expect(status.areas).toMatchObject({ 'cache-control': 'available', blueprints: 'available', license: 'available' });
    expect((await ours.system.loadStatus(true)).areas.navigator).toBe('available');
    const warnings = await reference.warning(appId);
    expect(warnings).toEqual({ warnings: expect.any(Array), details: expect.any(Array) });
    expect(await ours.warning(appId)).toEqual(warnings);
  });
});
