import { expect, it } from 'vitest';
import { allRoutes, DevOperations, type RouteDef } from '@basalt/shared';
import { createTestApp, describeEachDb, registerDeveloper } from '../../test-helpers.js';

/**
 * Walks every declared console route of an app that needs a developer operation, as a team member
 * denied exactly that operation, and expects 403. The check runs in handle() before the body is
 * read or the handler looks anything up, so placeholder path values are enough.
 */
function guardedRoutes(): RouteDef[] {
  return allRoutes().filter(
    (r) => r.devPermission !== undefined && r.auth === 'developer' && r.path.includes(':appId') && r.method !== 'GET',
  );
}

function fill(path: string, appId: string): string {
  return path
    .replace(':appId', appId)
    .replace(/:[A-Za-z_][A-Za-z0-9_]*/g, 'x1')
    .replace('*', 'x1/x2');
}

describeEachDb('developer permissions on every console route', (server) => {
  it('answers 403 to a member denied the operation a route needs', async () => {
    const routes = guardedRoutes();
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map((r) => r.name)).toContain('tables.create');
    expect(new Set(routes.map((r) => r.devPermission)).size).toBeGreaterThan(10);
    for (const r of routes) expect(Object.values(DevOperations)).toContain(r.devPermission);

    const owner = await registerDeveloper(server());
    const mate = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    await server().call('POST', `/${appId}/console/devteam`, { authKey: owner.authKey, body: { email: mate.email } });

    const failures: string[] = [];
    let denied: number | undefined;
    for (const route of routes) {
      if (route.devPermission !== denied) {
        const body = [
          ...(denied ? [{ operation: denied, access: 'GRANT' }] : []),
          { operation: route.devPermission, access: 'DENY' },
        ];
        const set = await server().call('PUT', `/${appId}/console/devteam/${mate.id}/permissions`, {
          authKey: owner.authKey,
          body,
        });
        expect(set.statusCode).toBe(200);
        expect(set.json().permissions.filter((p: { access: string }) => p.access === 'DENY')).toEqual([
          { operation: route.devPermission, access: 'DENY' },
        ]);
        denied = route.devPermission;
      }
      const url = fill(route.path, appId);
      const res = await server().call(route.method, url, { authKey: mate.authKey });
      if (res.statusCode !== 403 || res.json().details?.operation !== route.devPermission) {
        failures.push(`${route.name} ${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets the owner through the same check (the owner has every operation)', async () => {
    const owner = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    const res = await server().call('POST', `/${appId}/console/data/tables`, {
      authKey: owner.authKey,
      body: { name: 'Owned' },
    });
    expect(res.statusCode).toBe(200);
  });
});
