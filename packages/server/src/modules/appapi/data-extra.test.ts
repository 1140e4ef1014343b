import { beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb, listenForClients } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

type Sdk = typeof Backendless;
type Rec = Record<string, any>;

async function rejection(p: Promise<unknown>): Promise<Error & { code?: number; status?: number }> {
  try {
    await p;
  } catch (err) {
    return err as Error & { code?: number };
  }
  throw new Error('expected the call to be refused');
}

/** Grouping (`group`, `countInGroup`) and find by key (`findById({…})`) through the published SDK. */
describeEachDb('backendless SDK grouping and find by key', (server) => {
  let f: AppFixture;
  let origin: string;
  const sdk = (apiKey = f.keys.JS): Sdk =>
    Backendless.initApp({ serverURL: origin, appId: f.appId, apiKey, standalone: true } as never) as unknown as Sdk;
  const products = [
    ['tv', 'electronics', 5, 'a'],
    ['radio', 'electronics', 4, 'b'],
    ['phone', 'electronics', 5, 'c'],
    ['apple', 'food', 3, 'd'],
    ['bread', 'food', 3, 'e'],
    ['chair', 'home', 2, 'f'],
  ] as const;

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Product', [
      { name: 'name', dataType: 'STRING' },
      { name: 'category', dataType: 'STRING' },
      { name: 'rating', dataType: 'INT' },
      { name: 'sku', dataType: 'STRING' },
    ]);
    origin = await listenForClients(server());
    for (const [name, category, rating, sku] of products)
      await sdk().Data.of('Product').save({ name, category, rating, sku });
  });

  const builder = () => (Backendless as any).GroupQueryBuilder.create();

  it('groups by two columns, level by level, with records at the bottom', async () => {
    const res = (await sdk()
      .Data.of('Product')
      .group(builder().setGroupBy(['category', 'rating']).setSortBy(['name']))) as Rec;
    expect(res.hasNextPage).toBe(false);
    expect(res.items.map((g: Rec) => g.groupBy)).toEqual([
      { column: 'category', value: 'electronics' },
      { column: 'category', value: 'food' },
      { column: 'category', value: 'home' },
    ]);
    const electronics = res.items[0];
    expect(electronics.items.map((g: Rec) => g.groupBy.value)).toEqual([4, 5]);
    expect(electronics.items[1].items.map((r: Rec) => r.name)).toEqual(['phone', 'tv']);
    expect(electronics.items[1].items[0].___class).toBe('Product');
  });

  it('groupPath opens one group, groupDepth stops the levels, page sizes page groups and records', async () => {
    const inFood = (await sdk()
      .Data.of('Product')
      .group(
        builder()
          .setGroupBy(['category', 'rating'])
          .setGroupPath([{ column: 'category', value: 'food' }]),
      )) as Rec;
    expect(inFood.items.map((g: Rec) => g.groupBy)).toEqual([{ column: 'rating', value: 3 }]);
    expect(inFood.items[0].items.map((r: Rec) => r.name).sort()).toEqual(['apple', 'bread']);
    const shallow = (await sdk()
      .Data.of('Product')
      .group(
        builder()
          .setGroupBy(['category', 'rating'])
          .setGroupDepth(1)
          .setRecordsPageSize(2)
          .setGroupPageSize(2)
          .setSortBy(['name']),
      )) as Rec;
    expect(shallow.hasNextPage).toBe(true);
    expect(shallow.items).toHaveLength(2);
    expect(shallow.items[0].items.map((r: Rec) => r.name)).toEqual(['phone', 'radio']);
    expect(shallow.items[0].hasNextPage).toBe(true);
    // Depth 0: the records of the path's group, without a level of groups.
    const flat = (await sdk()
      .Data.of('Product')
      .group(
        builder()
          .setGroupBy(['category', 'rating'])
          .setGroupPath([{ column: 'category', value: 'food' }])
          .setGroupDepth(0),
      )) as Rec;
    expect(flat.items.map((r: Rec) => r.name).sort()).toEqual(['apple', 'bread']);
    expect(
      (
        await rejection(
          sdk()
            .Data.of('Product')
            .group(builder().setGroupBy(['category']).setGroupPageSize(101)),
        )
      ).status,
    ).toBe(400);
    // The where narrows the groups as it narrows a find.
    const rated = (await sdk()
      .Data.of('Product')
      .group(builder().setGroupBy(['category']).setWhereClause('rating >= 4'))) as Rec;
    expect(rated.items.map((g: Rec) => g.groupBy.value)).toEqual(['electronics']);
  });

  it('countInGroup counts the records of the group the path names', async () => {
    expect(
      await sdk()
        .Data.of('Product')
        .countInGroup(
          builder()
            .setGroupBy(['category', 'rating'])
            .setGroupPath([{ column: 'category', value: 'electronics' }]),
        ),
    ).toBe(3);
    expect(
      await sdk()
        .Data.of('Product')
        .countInGroup(
          builder()
            .setGroupBy(['category', 'rating'])
            .setGroupPath([
              { column: 'category', value: 'electronics' },
              { column: 'rating', value: 5 },
            ]),
        ),
    ).toBe(2);
  });

  it('refuses bad grouping input with 400s and applies the Find scope of the caller', async () => {
    const noColumn = await rejection(
      sdk()
        .Data.of('Product')
        .group(builder().setGroupBy(['nope'])),
    );
    expect(noColumn.status).toBe(400);
    expect(noColumn.message).toContain('nope');
    const wrongLevel = await rejection(
      sdk()
        .Data.of('Product')
        .countInGroup(
          builder()
            .setGroupBy(['category'])
            .setGroupPath([{ column: 'rating', value: 5 }]),
        ),
    );
    expect(wrongLevel.status).toBe(400);
    const badWhere = await f.api('POST', '/data/data-grouping/Product', {
      body: { groupBy: 'category', where: "name = 'x" },
    });
    expect(badWhere.statusCode).toBe(400);
    // A role that may Find nothing (callers of the REST key here) gets no groups and no counts.
    const { tableId } = (await f.console('GET', '/data/tables')).json().tables.find((t: Rec) => t.name === 'Product');
    const res = await f.console('PUT', `/security/data/${tableId}/roles/${await f.roleId('RestUser')}`, {
      permissions: [{ operation: 'Find', access: 'DENY' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const hidden = await f.api('POST', '/data/data-grouping/Product', { body: { groupBy: 'category' } });
    expect(hidden.json()).toEqual({ hasNextPage: false, items: [] });
    expect(
      (
        await f.api('POST', '/data/data-grouping/Product/count', { body: { groupBy: 'category', groupPath: ['food'] } })
      ).json(),
    ).toBe(0);
    const js = await f.api('POST', '/data/data-grouping/Product/count', {
      key: f.keys.JS,
      body: { groupBy: 'category', groupPath: ['food'] },
    });
    expect(js.json()).toBe(2);
  });

  it('findById with an object of key values finds by those columns', async () => {
    const one = (await sdk(f.keys.BL)
      .Data.of('Product')
      .findById({ sku: 'c' } as never)) as Rec;
    expect(one.name).toBe('phone');
    const both = (await sdk(f.keys.BL)
      .Data.of('Product')
      .findById({ category: 'food', sku: 'e' } as never)) as Rec;
    expect(both.name).toBe('bread');
    const byId = (await sdk(f.keys.BL)
      .Data.of('Product')
      .findById({ objectId: one.objectId } as never)) as Rec;
    expect(byId.sku).toBe('c');
    const none = await rejection(
      sdk(f.keys.BL)
        .Data.of('Product')
        .findById({ sku: 'zz' } as never),
    );
    expect(none.status).toBe(404);
    const many = await rejection(
      sdk(f.keys.BL)
        .Data.of('Product')
        .findById({ category: 'food' } as never),
    );
    expect(many.status).toBe(400);
    const unknown = await rejection(
      sdk(f.keys.BL)
        .Data.of('Product')
        .findById({ nope: '1' } as never),
    );
    expect(unknown.status).toBe(400);
    // Typed values travel as text and are compared as the column's type.
    const rated = (await sdk(f.keys.BL)
      .Data.of('Product')
      .findById({ rating: 2 } as never)) as Rec;
    expect(rated.name).toBe('chair');
    // A column the caller may not read is no key: Users passwords cannot be guessed through it.
    expect((await f.api('GET', '/data/Users/pk?password=secret', { key: f.keys.BL })).statusCode).toBe(403);
    // The caller's Find scope applies: the REST key's role may Find nothing.
    const { tableId } = (await f.console('GET', '/data/tables')).json().tables.find((t: Rec) => t.name === 'Product');
    await f.console('PUT', `/security/data/${tableId}/roles/${await f.roleId('RestUser')}`, {
      permissions: [{ operation: 'Find', access: 'DENY' }],
    });
    expect((await f.api('GET', '/data/Product/pk?sku=c')).statusCode).toBe(404);
  });
});
