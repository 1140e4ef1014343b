import { expect, it } from 'vitest';
import { allRoutes } from '@basalt/shared';
import { describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { registeredRouteNames } from '../../http/route.js';
import { notAvailableRouteNames } from './not-available.routes.js';

describeEachDb('system', (server) => {
  it('answers /console/status once ready, with the database kind and area availability', async () => {
    const res = await server().call('GET', '/console/status');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ready).toBe(true);
    expect(body.database).toBe(server().kind);
    expect(body.areas.overview).toBe('available');
    // Containers, pages, documents and publishing are built; themes, i18n, components are not.
    expect(body.areas.ui).toBe('partial');
    // Flow definitions and the engine are built; debugging, SLA and the rest of the group are not.
    expect(body.areas.flows).toBe('partial');
    // Mobile settings are served by messaging; the rest of Settings is not built yet.
    expect(body.areas.settings).toBe('partial');
  });

  it('has a handler for every declared console route (the 501 stand-in for routes of areas not built yet)', () => {
    const missing = allRoutes()
      .map((r) => r.name)
      .filter((n) => !registeredRouteNames.has(n) && !notAvailableRouteNames.has(n));
    expect(missing).toEqual([]);
  });

  it('answers 501 {code, message} on routes of areas not built yet, and 401 without a key', async () => {
    const dev = await registerDeveloper(server());
    const res = await server().call('GET', '/api/app/ABC/automation/flows', { authKey: dev.authKey });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toEqual({ code: 'NOT_AVAILABLE_YET', message: 'Flows is not available yet' });
    const anonymous = await server().call('GET', '/api/app/ABC/automation/flows');
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 {code, message} on unknown routes', async () => {
    const res = await server().call('GET', '/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
