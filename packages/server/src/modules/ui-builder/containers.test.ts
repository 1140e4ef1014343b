import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, listenForClients } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

const ordersTable = {
  dataSources: [{ id: 'orders', kind: 'table', table: 'Orders', sortBy: 'amount desc', pageSize: 20 }],
  children: [
    {
      uid: 'table1',
      type: 'DataTable',
      props: { data: { $data: 'orders' }, columns: [{ field: 'name', label: 'Name' }, { field: 'amount' }] },
      styles: { normal: { padding: '8px' } },
    },
  ],
};

describeEachDb('UI Builder: containers, pages, layouts, documents and logic', (server) => {
  let url: string;
  let f: AppFixture;
  let ui: any;

  beforeAll(async () => {
    url = await listenForClients(server());
    f = await appFixture(server());
    ui = createReferenceClient(url, f.dev.authKey).uiBuilder;
    await f.table('Orders', [
      { name: 'name', dataType: 'STRING' },
      { name: 'amount', dataType: 'INT' },
    ]);
    for (const [name, amount] of [
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ] as const)
      expect((await f.api('POST', '/data/Orders', { body: { name, amount } })).statusCode).toBe(200);
  });

  it('init makes default (landing, 404) and system once; a second init changes nothing', async () => {
    const first = await ui.init(f.appId);
    expect(first.containers.map((c: any) => c.name)).toEqual(['default', 'system']);
    const again = await ui.init(f.appId);
    expect(again.containers.map((c: any) => [c.name, c.created])).toEqual(
      first.containers.map((c: any) => [c.name, c.created]),
    );
    const def = await ui.loadContainer(f.appId, 'default');
    expect(def.pages.map((p: any) => [p.name, p.isMain])).toEqual([
      ['404', false],
      ['landing', true],
    ]);
    expect(def).toMatchObject({ mainPage: 'landing', publication: null, publishedUrl: null });
  });

  it('creates, loads and updates a container; names outside the safe charset are 400, a taken name 409', async () => {
    const made = await ui.createContainer(f.appId, { name: 'shop', title: 'Shop' });
    expect(made).toMatchObject({ name: 'shop', title: 'Shop', mainPage: 'landing', forkedFrom: null });
    await expect(ui.createContainer(f.appId, { name: 'shop' })).rejects.toMatchObject({ status: 409 });
    for (const name of ['../x', 'a b', '', 'a/b', 'x%2F'])
      await expect(ui.createContainer(f.appId, { name })).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('not valid'),
      });
    await expect(ui.loadContainer(f.appId, 'nope')).rejects.toMatchObject({ status: 404 });
    expect(await ui.updateContainer(f.appId, 'shop', { description: 'Our shop' })).toMatchObject({
      description: 'Our shop',
    });
    await expect(ui.updateContainer(f.appId, 'shop', { mainPage: 'nope' })).rejects.toMatchObject({ status: 400 });
    // Another developer's app is not found, as everywhere in the console.
    const stranger = await appFixture(server());
    await expect(
      createReferenceClient(url, stranger.dev.authKey).uiBuilder.loadContainer(f.appId, 'shop'),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('pages: create, document round trip, rename, main page, delete; bad documents are 400 naming the problem', async () => {
    const page = await ui.createPage(f.appId, 'shop', { name: 'orders', title: 'Orders' });
    expect(page).toMatchObject({ name: 'orders', title: 'Orders', isMain: false, revision: 0 });
    await expect(ui.createPage(f.appId, 'shop', { name: 'orders' })).rejects.toMatchObject({ status: 409 });
    await expect(ui.createPage(f.appId, 'shop', { name: 'a?b' })).rejects.toMatchObject({ status: 400 });
    expect(await ui.getPageUI(f.appId, 'shop', 'orders')).toEqual({ version: 1, dataSources: [], children: [] });

    const saved = await ui.updatePageUI(f.appId, 'shop', 'orders', ordersTable);
    expect(saved).toEqual({ version: 1, ...ordersTable });
    expect(await ui.getPageUI(f.appId, 'shop', 'orders')).toEqual({ version: 1, ...ordersTable });

    const unknown = { ...ordersTable, children: [...ordersTable.children, { uid: 'm', type: 'Marquee' }] };
    await expect(ui.updatePageUI(f.appId, 'shop', 'orders', unknown)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Unknown component type "Marquee"'),
    });
    const drop = {
      ...ordersTable,
      dataSources: [{ ...ordersTable.dataSources[0], where: 'amount > 1; DROP TABLE Orders' }],
    };
    await expect(ui.updatePageUI(f.appId, 'shop', 'orders', drop)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("The where of data source 'orders' is not valid"),
    });
    const secret = { ...ordersTable, dataSources: [{ ...ordersTable.dataSources[0], where: 'secret = 1' }] };
    await expect(ui.updatePageUI(f.appId, 'shop', 'orders', secret)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Table 'Orders' has no column 'secret'"),
    });
    const binding = { children: [{ uid: 't', type: 'Text', props: { text: { $eval: 'x' } } }] };
    await expect(ui.updatePageUI(f.appId, 'shop', 'orders', binding)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Unknown binding "$eval"'),
    });
    // The refused saves stored nothing, and the table still has its rows.
    expect(await ui.getPageUI(f.appId, 'shop', 'orders')).toEqual({ version: 1, ...ordersTable });
    expect((await f.api('GET', '/data/Orders/count')).json()).toBe(3);

    // Rename carries the document; the main page cannot be deleted.
    await ui.createPage(f.appId, 'shop', { name: 'tmp' });
    expect(await ui.updatePage(f.appId, 'shop', 'tmp', { name: 'later', title: 'Later' })).toMatchObject({
      name: 'later',
      title: 'Later',
    });
    await expect(ui.getPageUI(f.appId, 'shop', 'tmp')).rejects.toMatchObject({ status: 404 });
    await expect(ui.deletePage(f.appId, 'shop', 'landing')).rejects.toMatchObject({ status: 409 });
    expect(await ui.deletePage(f.appId, 'shop', 'later')).toEqual({ success: true });
    const shop = await ui.loadContainer(f.appId, 'shop');
    expect(shop.pages.map((p: any) => p.name)).toEqual(['404', 'landing', 'orders']);
    expect(shop.pages.find((p: any) => p.name === 'orders').revision).toBe(1);
  });

  it('logic per component and handler: create, update (trailing-slash route), get, delete, delete unused', async () => {
    const made = await ui.createPageLogic(f.appId, 'shop', 'orders', 'table1', 'onRowClick');
    expect(made).toMatchObject({ componentUid: 'table1', handlerName: 'onRowClick', kind: 'codeless', source: null });
    const blocks = { blocks: { languageVersion: 0, blocks: [{ type: 'ui_navigate', id: 'b1' }] } };
    const saved = await ui.updatePageLogic(f.appId, 'shop', 'orders', 'table1', {
      handlerName: 'onRowClick',
      source: blocks,
      code: 'ctx.navigate("orders")',
    });
    expect(saved).toMatchObject({ source: blocks, code: 'ctx.navigate("orders")' });
    expect(await ui.getPageLogic(f.appId, 'shop', 'orders', 'table1', 'onRowClick')).toMatchObject({ source: blocks });
    await expect(ui.updatePageLogic(f.appId, 'shop', 'orders', 'table1', { source: 1 })).rejects.toMatchObject({
      status: 400,
    });
    // Logic of a component the document no longer holds is removed; a live component's stays.
    await ui.createPageLogic(f.appId, 'shop', 'orders', 'gone', 'onClick');
    expect(await ui.deletePageUnusedLogic(f.appId, 'shop', 'orders', ['gone', 'table1'])).toEqual({ deleted: 1 });
    await expect(ui.getPageLogic(f.appId, 'shop', 'orders', 'gone', 'onClick')).rejects.toMatchObject({ status: 404 });
    expect(await ui.deletePageLogic(f.appId, 'shop', 'orders', 'table1', 'onRowClick')).toEqual({ success: true });
    await expect(ui.getPageLogic(f.appId, 'shop', 'orders', 'table1', 'onRowClick')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('layouts: create, document, logic, pages placed in them, delete refused while used', async () => {
    expect(await ui.createLayout(f.appId, 'shop', { name: 'main', title: 'Main' })).toMatchObject({ id: 'main' });
    const frame = {
      children: [{ uid: 'nav', type: 'Block', props: { tag: 'nav' }, children: [{ uid: 'out', type: 'PageOutlet' }] }],
    };
    expect(await ui.updateLayoutUI(f.appId, 'shop', 'main', frame)).toEqual({ version: 1, dataSources: [], ...frame });
    expect(await ui.getLayoutUI(f.appId, 'shop', 'main')).toEqual({ version: 1, dataSources: [], ...frame });
    await ui.createLayoutLogic(f.appId, 'shop', 'main', 'nav', 'onClick');
    expect(
      await ui.updateLayoutLogic(f.appId, 'shop', 'main', 'nav', { handlerName: 'onClick', kind: 'js', code: '1' }),
    ).toMatchObject({ kind: 'js', code: '1' });
    expect(await ui.updateLayout(f.appId, 'shop', 'main', { title: 'Frame' })).toMatchObject({ title: 'Frame' });
    await expect(ui.updatePage(f.appId, 'shop', 'orders', { layoutId: 'nope' })).rejects.toMatchObject({ status: 400 });
    expect(await ui.updatePage(f.appId, 'shop', 'orders', { layoutId: 'main' })).toMatchObject({ layoutId: 'main' });
    await expect(ui.deleteLayout(f.appId, 'shop', 'main')).rejects.toMatchObject({ status: 409 });
    await ui.updatePage(f.appId, 'shop', 'orders', { layoutId: null });
    expect(await ui.deleteLayout(f.appId, 'shop', 'main')).toEqual({ success: true });
    await expect(ui.getLayoutLogic(f.appId, 'shop', 'main', 'nav', 'onClick')).rejects.toMatchObject({ status: 404 });
  });

  it('a fork copies pages, documents and logic; the trash lists, restores and purges', async () => {
    await ui.createPageLogic(f.appId, 'shop', 'orders', 'table1', 'onRowClick');
    const fork = await ui.createContainer(f.appId, { name: 'shop2', forkFrom: 'shop' });
    expect(fork).toMatchObject({ name: 'shop2', forkedFrom: 'shop' });
    expect(fork.pages.map((p: any) => p.name)).toEqual(['404', 'landing', 'orders']);
    expect(await ui.getPageUI(f.appId, 'shop2', 'orders')).toEqual({ version: 1, ...ordersTable });
    expect(await ui.getPageLogic(f.appId, 'shop2', 'orders', 'table1', 'onRowClick')).toMatchObject({
      handlerName: 'onRowClick',
    });
    // Deleting the source right after does not touch the fork.
    expect(await ui.deleteContainer(f.appId, 'shop')).toEqual({ success: true });
    expect(await ui.getPageUI(f.appId, 'shop2', 'orders')).toEqual({ version: 1, ...ordersTable });
    await expect(ui.loadContainer(f.appId, 'shop')).rejects.toMatchObject({ status: 404 });
    expect((await ui.loadRemovedContainers(f.appId)).map((c: any) => c.name)).toEqual(['shop']);
    expect((await ui.init(f.appId)).containers.map((c: any) => c.name)).toEqual(['default', 'shop2', 'system']);
    await expect(ui.createContainer(f.appId, { name: 'shop' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('trash'),
    });
    const restored = await server().call('POST', `/${f.appId}/console/ui-builder/removed-containers/shop/restore`, {
      authKey: f.dev.authKey,
    });
    expect(restored.statusCode).toBe(200);
    expect(await ui.getPageUI(f.appId, 'shop', 'orders')).toEqual({ version: 1, ...ordersTable });
    await ui.deleteContainer(f.appId, 'shop2');
    expect(await ui.deleteRemovedContainer(f.appId, 'shop2')).toEqual({ success: true });
    expect(await ui.loadRemovedContainers(f.appId)).toEqual([]);
    await expect(ui.deleteRemovedContainer(f.appId, 'shop2')).rejects.toMatchObject({ status: 404 });
    // The purged name is free again.
    expect(await ui.createContainer(f.appId, { name: 'shop2' })).toMatchObject({ forkedFrom: null });
  });

  it('lists the built-in components with their properties; the parts not built answer 501', async () => {
    const components = await ui.loadSDKComponents(f.appId);
    expect(components.map((c: any) => c.id)).toEqual(
      expect.arrayContaining(['Block', 'DataTable', 'List', 'Modal', 'PageOutlet', 'Chart']),
    );
    expect(components.find((c: any) => c.id === 'DataTable').properties.map((p: any) => p.name)).toContain('columns');
    await expect(ui.loadPageTemplates(f.appId)).rejects.toMatchObject({ status: 501 });
  });
});
