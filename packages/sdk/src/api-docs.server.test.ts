/** The SDK's `apiDocs` group against the real server, on both databases. */
import { expect, it } from 'vitest';
import { allRoutes } from '@basalt/shared';
import { describeAgainstServer } from './server-session.test-helpers.js';

describeAgainstServer('SDK apiDocs against the server', (session) => {
  it("answers a table's document whose find route and schema match the table, and 404 for an unknown one", async () => {
    const { client, appId } = session();
    await client.tables.create(appId, {
      name: 'Book',
      columns: [{ name: 'title', dataType: 'STRING', required: true }],
    });
    const doc = await client.apiDocs.generateDataTableApi(appId, 'Book', {});
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/data/Book']).toHaveProperty('get');
    const schemas = doc.components as { schemas: Record<string, { properties: Record<string, unknown> }> };
    expect(Object.keys(schemas.schemas.Book.properties)).toEqual(expect.arrayContaining(['title', 'objectId']));
    await expect(client.apiDocs.generateDataTableApi(appId, 'Missing')).rejects.toMatchObject({ status: 404 });
  });

  it('answers the console API document listing every declared route', async () => {
    const doc = await session().client.apiDocs.getConsoleApi();
    const ops = Object.values(doc.paths as Record<string, Record<string, { 'x-basalt-routes': string[] }>>);
    expect(ops.flatMap((item) => Object.values(item).flatMap((op) => op['x-basalt-routes']))).toHaveLength(
      allRoutes().length,
    );
  });
});
