import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { allRoutes } from '@basalt/shared';
import { describeEachDb, listenForClients } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { deploy } from '../../cloudcode/test/cloudcode.test-helpers.js';
import { expectValidOpenApi } from './openapi-check.test-helpers.js';

const require = createRequire(import.meta.url);
const createClient: (serverUrl: string, authKey?: string) => any = require('backendless-console-sdk').createClient;

const PRICER = `
/** Prices orders. */
class Pricer {
  /**
   * The total of an order.
   * @param {number} amount
   * @param {string} currency
   * @returns {number}
   */
  total(amount, currency) {
    return amount;
  }
}
Backendless.ServerCode.addService(Pricer);
`;

describeEachDb('API docs: OpenAPI 3.1 documents from the app state', (server) => {
  let f: AppFixture;
  let ref: any;

  beforeAll(async () => {
    f = await appFixture(server());
    ref = createClient(await listenForClients(server()), f.dev.authKey);
    await f.table('Owner', [{ name: 'name', dataType: 'STRING' }]);
    const made = await f.console('POST', '/data/tables', {
      name: 'Order',
      columns: [
        { name: 'title', dataType: 'STRING', required: true },
        { name: 'qty', dataType: 'INT' },
        { name: 'price', dataType: 'DOUBLE' },
        { name: 'paid', dataType: 'BOOLEAN' },
        { name: 'due', dataType: 'DATETIME' },
        { name: 'spot', dataType: 'POINT' },
        { name: 'extra', dataType: 'JSON' },
      ],
      relations: [{ name: 'owner', dataType: 'DATA_REF', toTableName: 'Owner', relationshipType: 'ONE_TO_ONE' }],
    });
    expect(made.statusCode, made.body).toBe(200);
  });

  it('generateDataTableApi (reference client) documents the table: find route, every column typed, required columns', async () => {
    const doc = await ref.apiDocs.generateDataTableApi(f.appId, 'Order', {});
    await expectValidOpenApi(doc);
    expect(doc.servers[0].url).toMatch(new RegExp(`/${f.appId}/\\{apiKey\\}$`));
    expect(doc.components.securitySchemes.userToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'user-token',
    });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/data/Order',
        '/data/Order/find',
        '/data/Order/count',
        '/data/Order/{objectId}',
        '/data/bulk/Order',
        '/data/bulk/Order/delete',
        '/data/Order/{objectId}/owner',
      ]),
    );
    const find = doc.paths['/data/Order'].get;
    expect(find.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['where', 'props', 'sortBy', 'pageSize', 'offset']),
    );
    const schema = doc.components.schemas.Order;
    const p = schema.properties;
    expect(p.title.type).toBe('string');
    expect(p.qty.type).toEqual(['integer', 'null']);
    expect(p.price.type).toEqual(['number', 'null']);
    expect(p.paid.type).toEqual(['boolean', 'null']);
    expect(p.due.type).toEqual(['integer', 'null']);
    expect(JSON.stringify(p.spot)).toContain('WKT');
    expect(p.extra.type).toBeUndefined();
    expect(p.owner.anyOf[0].$ref).toBe('#/components/schemas/RelatedRecord');
    for (const system of ['objectId', 'created', 'updated', 'ownerId']) expect(p[system]).toBeDefined();
    expect(schema.required).toEqual(expect.arrayContaining(['objectId', 'title']));
    expect(doc.components.schemas.OrderInput.required).toEqual(['title']);
  });

  it('the documented find route answers the records when called as the document says', async () => {
    expect((await f.api('POST', '/data/Order', { body: { title: 'first', qty: 2 } })).statusCode).toBe(200);
    const doc = (await f.console('POST', '/api-docs/data/table/Order', {})).json();
    const base = new URL(doc.servers[0].url.replace('{apiKey}', f.keys.REST)).pathname;
    const res = await server().call(
      'GET',
      `${base}/data/Order?where=${encodeURIComponent("title = 'first'")}&pageSize=5`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([{ title: 'first', qty: 2 }]);
  });

  it('answers 404 for an unknown table (raw and through the reference client)', async () => {
    const res = await f.console('POST', '/api-docs/data/table/Nope', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: "Table 'Nope' does not exist" });
    await expect(ref.apiDocs.generateDataTableApi(f.appId, 'Nope', {})).rejects.toMatchObject({ status: 404 });
  });

  it('documents a channel (publish, status, cancel) and files; unknown channel 404', async () => {
    const channel = await ref.apiDocs.generateMessagingChannelApi(f.appId, 'default', {});
    await expectValidOpenApi(channel);
    expect(channel.paths['/messaging/default'].post.requestBody).toBeDefined();
    expect(channel.paths['/messaging/{messageId}'].get).toBeDefined();
    expect((await f.console('POST', '/api-docs/messaging/channel/nochannel', {})).statusCode).toBe(404);

    const files = await ref.apiDocs.generateFilesApi(f.appId, {});
    await expectValidOpenApi(files);
    expect(Object.keys(files.paths)).toEqual(
      expect.arrayContaining(['/files/{path}', '/files/binary/{path}', '/files/copy', '/files/move']),
    );
    expect(Object.keys(files.paths['/files/{path}']).sort()).toEqual(['delete', 'get', 'post']);
  });

  it('documents a deployed service from its recorded methods; another model 404', async () => {
    await deploy(f, [{ id: 'services/Pricer.js', content: PRICER }]);
    const [service] = (await f.console('GET', '/localservices')).json();
    const doc = await ref.apiDocs.generateServiceApi(f.appId, service.id, 'default', {});
    await expectValidOpenApi(doc);
    const total = doc.paths['/services/Pricer/total'].post;
    expect(total.requestBody.content['application/json'].schema).toMatchObject({
      properties: { amount: { type: 'number' }, currency: { type: 'string' } },
    });
    expect(doc.info.description).toContain('Prices orders.');
    const other = await f.console('POST', `/api-docs/services/${service.id}/elsewhere`, {});
    expect(other.statusCode).toBe(404);
  });

  it('documents spatial queries over the tables with geometry columns', async () => {
    const doc = await ref.apiDocs.generateGeoApi(f.appId, {});
    await expectValidOpenApi(doc);
    expect(doc.paths['/data/Order'].get.description).toContain('spot (POINT)');
    expect(doc.paths['/data/Owner']).toBeUndefined();
    expect(doc.components.schemas.Order.properties.spot).toBeDefined();
  });

  it('serves the console API document without a key, covering every declared route', async () => {
    const res = await server().call('GET', '/console/openapi.json');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const doc = res.json();
    await expectValidOpenApi(doc);
    const names = Object.values(doc.paths as Record<string, Record<string, { 'x-basalt-routes': string[] }>>).flatMap(
      (item) => Object.values(item).flatMap((op) => op['x-basalt-routes']),
    );
    expect(names).toHaveLength(allRoutes().length);
    expect(new Set(names)).toEqual(new Set(allRoutes().map((r) => r.name)));
    expect(doc.paths['/{appId}/console/api-docs/data/table/{tableName}'].post.operationId).toBe(
      'apiDocs.generateDataTableApi',
    );
    expect(doc.paths['/console/openapi.json'].get.security).toEqual([]);
    expect(doc.components.securitySchemes.authKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'auth-key' });
    expect(doc.paths['/{appId}/console/api-docs/files'].post.responses['401'].description).toContain('auth-key');
  });
});
