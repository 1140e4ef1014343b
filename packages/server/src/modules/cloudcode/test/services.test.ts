import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { deploy } from './cloudcode.test-helpers.js';

const GREETER = `
/**
 * Greets people.
 */
class Greeter {
  hello(name) {
    return 'Hello, ' + name;
  }

  /**
   * Items matching a filter.
   * @param {string} x the filter
   * @returns {Object}
   */
  getItems(x) {
    return { x, query: this.request.queryParams };
  }

  /**
   * @param {number} a
   * @param {number} b
   * @returns {number}
   */
  sum(a, b) {
    return a + b;
  }

  /**
   * @route GET /orders/{id}
   * @param {string} id
   */
  order(id) {
    return 'order ' + id;
  }

  /** @private */
  secretHelper() {
    return 'never';
  }
}
Backendless.ServerCode.addService(Greeter);
`;

describeEachDb('cloud code API services', (server) => {
  let f: AppFixture;
  const raw = (method: string, path: string, opts: { payload?: string; headers?: Record<string, string> } = {}) =>
    server().call(method as 'POST', `/${f.appId}/${f.keys.REST}${path}`, opts);

  beforeAll(async () => {
    f = await appFixture(server());
  });

  it('createJsService adds a draft class file; after deploy the service answers "Hello, Ann"', async () => {
    const created = await f.console('POST', '/localservices/js', { name: 'Greeter' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Greeter', model: 'default', file: { id: 'services/Greeter.js' } });
    expect((await f.console('POST', '/localservices/js', { name: 'Greeter' })).statusCode).toBe(409);
    // Not production until deployed.
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Ann' })).statusCode).toBe(404);

    const d = await deploy(f, [{ id: 'services/Greeter.js', content: GREETER }]);
    expect(d.services).toEqual(['Greeter']);

    const json = await raw('POST', '/services/Greeter/hello', {
      payload: JSON.stringify('Ann'),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toBe('Hello, Ann');
    // The SDK sends a text argument raw, without a content type; an object keyed by name works too.
    expect((await raw('POST', '/services/Greeter/hello', { payload: 'Ann' })).json()).toBe('Hello, Ann');
    expect((await f.api('POST', '/services/Greeter/hello', { body: { name: 'Ann' } })).json()).toBe('Hello, Ann');
  });

  it('reaches getItems by GET with its query in the arguments and in request.queryParams', async () => {
    const res = await f.api('GET', '/services/Greeter/items?x=1&extra=yes');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ x: '1', query: { x: '1', extra: 'yes' } });
    // By name too (the SDK's form), and @route paths with their parameters.
    expect((await f.api('POST', '/services/Greeter/getItems', { body: 'q' })).json()).toMatchObject({ x: 'q' });
    expect((await f.api('GET', '/services/Greeter/orders/42')).json()).toBe('order 42');
    expect((await f.api('POST', '/services/Greeter/sum', { body: { a: 2, b: 3 } })).json()).toBe(5);
  });

  it('answers 400 naming a parameter of the wrong type and 404 naming an unknown method', async () => {
    const bad = await f.api('POST', '/services/Greeter/sum', { body: { a: 'two', b: 3 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'a'");
    const missing = await f.api('POST', '/services/Greeter/nope', { body: {} });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain("'nope'");
    expect((await f.api('POST', '/services/Greeter/secretHelper', { body: {} })).statusCode).toBe(404);
  });

  it('lists the service and answers its OpenAPI spec with unique operationIds and real routes', async () => {
    const services = (await f.console('GET', '/localservices')).json();
    expect(services).toHaveLength(1);
    expect(services[0]).toMatchObject({
      name: 'Greeter',
      model: 'default',
      language: 'JS',
      description: 'Greets people.',
    });
    const spec = (await f.console('GET', `/localservices/${services[0].id}/api-docs`)).json();
    expect(spec.openapi).toMatch(/^3\./);
    const ops = Object.entries(spec.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      ([path, verbs]) => Object.entries(verbs).map(([verb, op]) => `${verb} ${path} ${op.operationId}`),
    );
    expect(ops.sort()).toEqual([
      'get /services/Greeter/items getItems',
      'get /services/Greeter/orders/{id} order',
      'post /services/Greeter/hello hello',
      'post /services/Greeter/sum sum',
    ]);
    const methods = (await f.console('GET', `/localservices/${services[0].id}/methods`)).json();
    expect(methods.find((m: { name: string }) => m.name === 'sum').params).toEqual([
      { name: 'a', type: 'number', required: true },
      { name: 'b', type: 'number', required: true },
    ]);
  });

  it('a saved draft changes nothing until deployed; a syntax error is a 400 naming file and line and production still answers', async () => {
    const changed = GREETER.replace("'Hello, ' + name", "'Hi, ' + name");
    expect(
      (await f.console('PUT', '/servercode/default/draft/JS', [{ id: 'services/Greeter.js', content: changed }]))
        .statusCode,
    ).toBe(200);
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Ann' })).json()).toBe('Hello, Ann');

    const broken = await f.console('PUT', '/servercode/default/production/JS', [
      { id: 'services/Greeter.js', content: changed },
      { id: 'lib/broken.js', content: 'export function x() {\n  return 1 +;\n}\n' },
    ]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('CLOUD_CODE_DEPLOY_ERROR');
    expect(broken.json().message).toContain('lib/broken.js:2');
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Ann' })).json()).toBe('Hello, Ann');

    await deploy(f, [{ id: 'lib/broken.js', deleted: true } as never]);
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Ann' })).json()).toBe('Hi, Ann');
  });

  it('keeps the deployment history and rolls back to an earlier deployment', async () => {
    const history = (await f.console('GET', '/servercode/default/deployments/JS')).json();
    expect(history.length).toBeGreaterThanOrEqual(2);
    expect(history[0].active).toBe(true);
    const first = history[history.length - 1];
    const back = await f.console('POST', `/servercode/default/deployments/JS/${first.id}/activate`);
    expect(back.statusCode, back.body).toBe(200);
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Ann' })).json()).toBe('Hello, Ann');
    const again = await f.console('POST', `/servercode/default/deployments/JS/${history[0].id}/activate`);
    expect(again.statusCode).toBe(200);
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Ann' })).json()).toBe('Hi, Ann');
    expect((await f.console('POST', '/servercode/default/deployments/JS/NOPE/activate')).statusCode).toBe(404);
  });

  it('enforces the service Invoke permission', async () => {
    const [svc] = (await f.console('GET', '/localservices')).json();
    const anon = await f.roleId('NotAuthenticatedUser');
    const set = await f.console('PUT', `/security/localservices/${svc.id}/roles/${anon}/access/DENY`);
    expect(set.statusCode, set.body).toBe(200);
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Ann' })).statusCode).toBe(403);
    const user = await f.user();
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Ann', token: user.token })).json()).toBe('Hi, Ann');
    await f.console('PUT', `/security/localservices/${svc.id}/roles/${anon}/access/GRANT`);
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Ann' })).statusCode).toBe(200);
  });

  it("answers an unknown custom event with a 404 naming it, and the code runner's own routes with an honest 501", async () => {
    const unknown = await raw('POST', '/servercode/events/nobodyListens', {
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('nobodyListens');
    const runner = await raw('POST', '/servercode/registerRunner/JS', {
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(runner.statusCode).toBe(501);
    expect(runner.json()).toMatchObject({
      code: 8003,
      message: 'The code runner API (CLI deploys and debug sessions) is not available yet',
    });
  });
});
