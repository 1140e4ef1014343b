import { expect, it } from 'vitest';
import { allRoutes, Areas, sidebarAreas, type RouteDef } from '@basalt/shared';
import { createTestApp, describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { registeredRouteNames } from '../../http/route.js';
import { notAvailableRouteNames } from './not-available.routes.js';

/** A concrete path of a route: the app's id for `:appId`, a stand-in for every other parameter. */
function pathOf(route: RouteDef, appId: string): string {
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) =>
    name === 'appId' ? appId : `x-${name}`,
  );
}

const titleOf = (id: string | undefined) => Areas.find((a) => a.id === id)?.title;

describeEachDb('routes of areas not built yet', (server) => {
  it('names a known area on every route that carries one', () => {
    const unknown = allRoutes()
      .filter((r) => r.area !== undefined && !titleOf(r.area))
      .map((r) => `${r.name}: ${r.area}`);
    expect(unknown).toEqual([]);
    // Parents are sidebar areas; ids and console segments are unique.
    for (const area of Areas) if (area.parent) expect(sidebarAreas().map((a) => a.id)).toContain(area.parent);
    expect(new Set(Areas.map((a) => a.id)).size).toBe(Areas.length);
    expect(new Set(Areas.map((a) => a.segment)).size).toBe(Areas.length);
  });

  it('has stand-ins only for areas /console/status does not call available, and only where no module answers', async () => {
    const status = (await server().call('GET', '/console/status')).json() as { areas: Record<string, string> };
    const standIns = allRoutes().filter((r) => notAvailableRouteNames.has(r.name));
    // The stand-ins shrink as areas are built; there are still well over fifty.
    expect(standIns.length).toBeGreaterThan(50);
    expect(standIns.filter((r) => status.areas[r.area!] === 'available').map((r) => `${r.name} (${r.area})`)).toEqual(
      [],
    );
    expect(standIns.filter((r) => registeredRouteNames.has(r.name)).map((r) => r.name)).toEqual([]);
    // Every area is in the status, the new ones too.
    for (const area of Areas) expect(status.areas[area.id], area.id).toBeDefined();
    // Charts, visualizations, quick apps and the preview token are built; of Dashboards only the
    // marketplace install and upgrade of dashlet components are not (decision 0093).
    for (const id of ['charts', 'visualizations', 'quick-apps', 'console-preview'])
      expect(status.areas[id], id).toBe('available');
    expect(status.areas.dashboards).toBe('partial');
    // Forms and PDF templates are built (decision 0087).
    for (const id of ['forms', 'pdf']) expect(status.areas[id], id).toBe('available');
    // Webhooks are built; of Integrations only the stored configurations (the flows' connections are not).
    expect(status.areas.webhooks).toBe('available');
    expect(status.areas.integrations).toBe('partial');
  });

  it("answers 501 naming the area on every stand-in, 401 without a key and 404 for an app that is not the caller's", async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    const stranger = await registerDeveloper(server());
    const wrong: string[] = [];
    for (const route of allRoutes().filter((r) => notAvailableRouteNames.has(r.name))) {
      const url = pathOf(route, appId);
      const res = await server().call(route.method, url, {
        authKey: dev.authKey,
        ...(route.method === 'GET' ? {} : { body: { name: 'x' } }),
      });
      const body = res.json();
      if (
        res.statusCode !== 501 ||
        body.code !== 'NOT_AVAILABLE_YET' ||
        body.message !== `${titleOf(route.area)} is not available yet`
      ) {
        wrong.push(`${route.name} ${route.method} ${url}: ${res.statusCode} ${res.body}`);
      }
      if (route.auth !== 'developer') continue;
      const anonymous = await server().call(route.method, url);
      if (anonymous.statusCode !== 401) wrong.push(`${route.name} without a key: ${anonymous.statusCode}`);
      if (route.path.includes(':appId')) {
        const other = await server().call(route.method, url, { authKey: stranger.authKey });
        if (other.statusCode !== 404) wrong.push(`${route.name} for another developer: ${other.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers an upload to a stand-in with 501 before reading it', async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    const boundary = 'censusboundary';
    const res = await server().call(
      'POST',
      `/${appId}/console/data-to-visualize/dashboards/d1/dashlet-components/install`,
      {
        authKey: dev.authKey,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      },
    );
    expect(res.statusCode).toBe(501);
    expect(res.json()).toEqual({ code: 'NOT_AVAILABLE_YET', message: 'Dashboards is not available yet' });
  });

  it('names the part that is missing, not the built area around it', async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    const message = async (method: 'GET' | 'POST', url: string) =>
      (await server().call(method, url, { authKey: dev.authKey })).json().message;
    // Analytics of messages is `GET …/messaging` (built: a list of rows); messaging's own routes still answer.
    const analytics = await server().call('GET', `/${appId}/console/messaging?period=MONTH`, { authKey: dev.authKey });
    expect([analytics.statusCode, analytics.json()]).toEqual([200, []]);
    expect(
      (await server().call('GET', `/${appId}/console/messaging/channels`, { authKey: dev.authKey })).statusCode,
    ).toBe(200);
    expect(await message('GET', `/${appId}/console/data-to-visualize`)).toBe('Dashboards is not available yet');
    // A path of dashboards nobody declared is still dashboards, not Data.
    expect(await message('GET', `/${appId}/console/data-to-visualize/something/else/x`)).toBe(
      'Dashboards is not available yet',
    );
    // Email is built; installing a template from the marketplace is the marketplace's.
    expect(await message('POST', `/${appId}/console/email-templates/install/p1`)).toBe(
      'Marketplace is not available yet',
    );
    // Plans and limits are built (decision 0082); payment profiles too (0089); tiers are still Billing's 501.
    expect(
      (await server().call('GET', `/${appId}/billing/subscriptions/status`, { authKey: dev.authKey })).statusCode,
    ).toBe(200);
    expect(await message('GET', `/${appId}/console/billing/application/tiers`)).toBe('Billing is not available yet');
    expect(await message('GET', `/${appId}/console/billing/application/tiers/max`)).toBe(
      'Billing is not available yet',
    );
    // The agent providers list is built (AI assistance); other flowrunner paths are still the Flows area's.
    expect(await message('GET', '/api/node-server/manage/flowrunner/ai-agents/other')).toBe(
      'Flows is not available yet',
    );
    // Community paths hold the marketplace's: the catalogue is built (decision 0088); a path it
    // does not serve still names the marketplace.
    expect(
      (await server().call('GET', '/console/community/marketplace/sections', { authKey: dev.authKey })).statusCode,
    ).toBe(200);
    expect(await message('GET', '/console/community/marketplace/elsewhere')).toBe('Marketplace is not available yet');
  });

  it('never lets the app API answer a console path', async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    // `/console/navigator/log` has the shape of the app API's `/{appId}/{apiKey}/log`.
    // It is the navigator's: a body without `path` is its 400, never the app API's refused key.
    const log = await server().call('POST', '/console/navigator/log', { authKey: dev.authKey, body: { page: 'data' } });
    expect(log.statusCode).toBe(400);
    expect(log.json().message).toContain('path');
    const ok = await server().call('POST', '/console/navigator/log', { authKey: dev.authKey, body: { path: '/apps' } });
    expect(ok.json()).toEqual({ success: true });
    // Paths no console route serves are "no route", not a refused API key.
    for (const [method, url] of [
      ['POST', '/console/somewhere/log'],
      ['GET', '/console/somewhere/data/Person'],
      ['POST', `/${appId}/console/transaction/unit-of-work`],
      ['GET', '/api/something/data/Person'],
    ] as const) {
      const res = await server().call(method, url, { authKey: dev.authKey });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe(`No route ${method} ${url}`);
    }
  });

  it('lists only sidebar areas in the menus, and the parts of areas in the status', async () => {
    const dev = await registerDeveloper(server());
    const menu = (
      await server().call('GET', '/api/console/main-menu/items', { authKey: dev.authKey })
    ).json() as Array<{ id: string }>;
    const items = (
      await server().call('GET', '/console/applications/menu-items', { authKey: dev.authKey })
    ).json() as Array<{ id: string }>;
    const sidebar = sidebarAreas().map((a) => a.id);
    expect(menu.map((m) => m.id)).toEqual(sidebar);
    expect(items.map((m) => m.id)).toEqual(sidebar);
    expect(sidebar).not.toContain('sql-service');
    expect(sidebar).toContain('analytics');
  });
});
