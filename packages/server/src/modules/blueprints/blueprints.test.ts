import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { describeEachDb, listenForClients, registerDeveloper, type TestDeveloper } from '../../test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

type Rec = Record<string, any>;

/*
 * Every shipped blueprint made into an app through the published reference client: its tables,
 * its sample records and relations, its permissions, and its cloud code running through the app
 * API. An unknown blueprint is refused by name and leaves no app behind.
 */
describeEachDb('blueprints: apps made from the shipped blueprints', (server) => {
  let dev: TestDeveloper;
  let reference: any;
  let ours: ReturnType<typeof createBasaltClient>;

  /** Makes an app from the blueprint; answers its id, REST key and app API helpers. */
  async function fromBlueprint(blueprintId: string) {
    const made = await reference.apps.createApp({ appName: `${blueprintId}${Date.now()}`, blueprintId });
    const appId = String(made.id);
    const key = made.apiKeys.find((k: Rec) => k.deviceType === 'REST').apiKey as string;
    const api = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token?: string) =>
      server().call(method, `/${appId}/${key}${path}`, {
        ...(body !== undefined ? { body } : {}),
        headers: token ? { 'user-token': token } : {},
      });
    const user = async (email: string) => {
      const password = 'secret pass 1';
      expect((await api('POST', '/users/register', { email, password })).statusCode).toBe(200);
      return String((await api('POST', '/users/login', { login: email, password })).json()['user-token']);
    };
    const rows = async (table: string) =>
      (await server().call('POST', `/${appId}/console/data/${table}/find`, { authKey: dev.authKey, body: {} })).json();
    const { tables } = (await reference.tables.get(appId)) as { tables: Array<Rec> };
    return { appId, api, user, rows, tables };
  }

  beforeAll(async () => {
    dev = await registerDeveloper(server());
    const url = await listenForClients(server());
    reference = createReferenceClient(url, dev.authKey);
    ours = createBasaltClient(url, dev.authKey);
  });

  it('lists the shipped blueprints with what each contains, and answers one in full', async () => {
    const list = (await reference.blueprints.get()) as Array<Rec>;
    expect(list.map((b) => b.id)).toEqual(['blog', 'store', 'todo']);
    expect((await ours.blueprints.get()).map((b) => b.name)).toEqual(['Blog', 'Store catalogue', 'To-do list']);
    expect(list.find((b) => b.id === 'todo')!.contains).toContain('Owner-only access on Task');
    const blog = await ours.blueprints.get('blog');
    expect(blog.tables.map((t) => [t.name, t.records])).toEqual([
      ['Post', 2],
      ['Comment', 3],
    ]);
    expect(blog.tables[0].columns).toContain('comments → Comment');
    expect(blog.roles).toEqual(['Banned']);
    expect(blog.logic[0].file).toBe('blog.js');
  });

  it('to-do list: the Task table, sample tasks, owner-only access and the title check', async () => {
    const app = await fromBlueprint('todo');
    const task = app.tables.find((t) => t.name === 'Task')!;
    expect(task.columns.map((c: Rec) => c.name)).toEqual(expect.arrayContaining(['title', 'done', 'due', 'notes']));
    expect((await app.rows('Task')).length).toBe(3);

    expect((await app.api('POST', '/data/Task', { title: 'anonymous' })).statusCode).toBe(403);
    const ann = await app.user('ann@example.com');
    const bob = await app.user('bob@example.com');
    const made = await app.api('POST', '/data/Task', { title: '  buy milk  ' }, ann);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ title: 'buy milk', done: false });
    const empty = await app.api('POST', '/data/Task', { title: '   ' }, ann);
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'A task needs a title']);

    const seen = async (token: string) =>
      ((await app.api('GET', '/data/Task', undefined, token)).json() as Rec[]).map((t) => t.title);
    expect(await seen(ann)).toEqual(['buy milk']);
    expect(await seen(bob)).toEqual([]);
    const id = made.json().objectId;
    expect((await app.api('PUT', `/data/Task/${id}`, { done: true }, bob)).statusCode).toBe(403);
    expect((await app.api('PUT', `/data/Task/${id}`, { done: true }, ann)).json().done).toBe(true);
  });

  it('blog: posts with related comments, authors change only their own posts, the Blog service comments and counts', async () => {
    const app = await fromBlueprint('blog');
    const post = app.tables.find((t) => t.name === 'Post')!;
    expect(post.relations.map((r: Rec) => [r.name, r.toTableName])).toEqual([['comments', 'Comment']]);
    const posts = (await app.api('GET', '/data/Post?loadRelations=comments&sortBy=created')).json() as Rec[];
    expect(posts.map((p) => [p.title, p.comments.length])).toEqual([
      ['Hello, world', 2],
      ['What we are building', 1],
    ]);
    expect((await app.api('POST', '/data/Post', { title: 'anonymous post' })).statusCode).toBe(403);
    const writer = await app.user('writer@example.com');
    const reader = await app.user('reader@example.com');
    const mine = await app.api('POST', '/data/Post', { title: 'My post' }, writer);
    expect(mine.statusCode, mine.body).toBe(200);
    const path = `/data/Post/${mine.json().objectId}`;
    expect((await app.api('PUT', path, { title: 'Hijacked' }, reader)).statusCode).toBe(403);
    expect((await app.api('PUT', path, { title: 'My edited post' }, writer)).json().title).toBe('My edited post');

    const hello = posts[0].objectId;
    const added = await app.api('POST', '/services/Blog/addComment', [hello, 'Nice post', 'Reader'], reader);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ commentCount: 3, comment: { text: 'Nice post' } });
    const counted = await app.api('POST', '/services/Blog/commentCount', hello);
    expect(counted.json()).toBe(3);
    const empty = await app.api('POST', '/services/Blog/addComment', [hello, ' '], reader);
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'A comment needs a text']);
  });

  it('store catalogue: products in categories, stores with a location, the Orders service totals an order', async () => {
    const app = await fromBlueprint('store');
    expect(app.tables.map((t) => t.name)).toEqual(expect.arrayContaining(['Category', 'Product', 'Order', 'Store']));
    expect((await app.rows('Product')).length).toBe(3);
    const stores = (await app.api('GET', '/data/Store?sortBy=name')).json() as Rec[];
    expect(stores[0].name).toBe("Lyon, Presqu'île");
    expect(stores[1].location).toMatchObject({ type: 'Point', coordinates: [2.3572, 48.8577] });
    const products = (await app.api('GET', '/data/Product?loadRelations=category&sortBy=sku')).json() as Rec[];
    expect(products.map((p) => [p.sku, p.category?.name])).toEqual([
      ['COF-001', 'Coffee'],
      ['COF-002', 'Coffee'],
      ['TEA-001', 'Tea'],
    ]);
    expect((await app.api('POST', '/data/Product', { name: 'x', price: 1 })).statusCode).toBe(403);

    const buyer = await app.user('buyer@example.com');
    const placed = await app.api(
      'POST',
      '/services/Orders/place',
      [[products[0].objectId, products[2].objectId], stores[1].objectId],
      buyer,
    );
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().total).toBe(33.25);
    // The buyer owns the order and sees it; nobody else does.
    const orderPath = `/data/Order/${placed.json().objectId}?loadRelations=items,store`;
    expect((await app.api('GET', orderPath)).statusCode).toBe(403);
    const order = (await app.api('GET', orderPath, undefined, buyer)).json();
    expect(order.items).toHaveLength(2);
    expect(order.store.name).toBe('Paris, Marais');
  });

  it('an unknown blueprint is refused by name, and no app is made', async () => {
    const before = (await reference.apps.getApps()).length;
    await expect(reference.apps.createApp({ appName: `Nope${Date.now()}`, blueprintId: 'nope' })).rejects.toMatchObject(
      {
        status: 400,
        message: expect.stringContaining("Unknown blueprint 'nope'"),
      },
    );
    expect((await reference.apps.getApps()).length).toBe(before);
    await expect(reference.blueprints.get('nope')).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining("'nope'"),
    });
  });
});
