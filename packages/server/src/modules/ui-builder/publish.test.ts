import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, listenForClients, registerDeveloper } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

const XSS = '<script>alert(1)</script>';

/** The orders page: a DataTable of Orders by amount, highest first, and one of a table anonymous visitors may not read. */
const ordersPage = (
  columns = [
    { field: 'name', label: 'Name' },
    { field: 'amount', label: 'Amount' },
  ],
) => ({
  dataSources: [
    { id: 'orders', kind: 'table', table: 'Orders', sortBy: 'amount desc', pageSize: 2 },
    { id: 'secrets', kind: 'table', table: 'Secrets' },
    { id: 'byName', kind: 'table', table: 'Orders', where: 'name = $name', params: { name: { $path: 'route.name' } } },
  ],
  children: [
    { uid: 'title', type: 'Heading', props: { text: 'Orders', level: 1 } },
    {
      uid: 'orders',
      type: 'DataTable',
      props: { data: { $data: 'orders' }, columns },
      styles: { normal: { padding: 4 }, hover: { color: 'var(--bsl-primary)' } },
    },
    { uid: 'secrets', type: 'DataTable', props: { data: { $data: 'secrets' }, emptyText: 'Nothing to show' } },
    {
      uid: 'found',
      type: 'List',
      props: { data: { $data: 'byName' } },
      children: [{ uid: 'foundName', type: 'Text', props: { text: { $path: 'item.name' } } }],
    },
    { uid: 'evil', type: 'Link', props: { text: 'x', href: { $path: 'route.to' } } },
  ],
});

describeEachDb('UI Builder: publishing and the published pages on the UI origin', (server) => {
  let f: AppFixture;
  let ui: any;
  let url: string;

  beforeAll(async () => {
    const consoleUrl = await listenForClients(server());
    f = await appFixture(server());
    ui = createReferenceClient(consoleUrl, f.dev.authKey).uiBuilder;
    await f.table('Orders', [
      { name: 'name', dataType: 'STRING' },
      { name: 'amount', dataType: 'INT' },
    ]);
    for (const [name, amount] of [
      ['Alpha', 5],
      [XSS, 20],
      ['Gamma', 10],
    ] as const)
      expect((await f.api('POST', '/data/Orders', { body: { name, amount } })).statusCode).toBe(200);
    const secrets = await f.table('Secrets', [{ name: 'value', dataType: 'STRING' }]);
    expect((await f.api('POST', '/data/Secrets', { body: { value: 'TOP-SECRET' } })).statusCode).toBe(200);
    const anonymous = await f.roleId('NotAuthenticatedUser');
    const deny = await f.console('PUT', `/security/data/${secrets.tableId}/roles/${anonymous}`, {
      permissions: [{ operation: 'Find', access: 'DENY' }],
    });
    expect(deny.statusCode).toBe(200);
    await ui.init(f.appId);
    await ui.createContainer(f.appId, { name: 'shop' });
    await ui.createPage(f.appId, 'shop', { name: 'orders', title: 'Orders' });
    await ui.updatePageUI(f.appId, 'shop', 'orders', ordersPage());
    await ui.updateContainer(f.appId, 'shop', { mainPage: 'orders' });
  });

  it('serves nothing before the first publish; a teammate without operation 111 gets 403', async () => {
    const shop = await ui.loadContainer(f.appId, 'shop');
    expect(shop.publishedUrl).toBeNull();
    const mate = await registerDeveloper(server());
    await server().call('POST', `/${f.appId}/console/devteam`, { authKey: f.dev.authKey, body: { email: mate.email } });
    const set = await server().call('PUT', `/${f.appId}/console/devteam/${mate.id}/permissions`, {
      authKey: f.dev.authKey,
      body: [{ operation: 111, access: 'DENY' }],
    });
    expect(set.statusCode).toBe(200);
    const refused = await server().call('POST', `/${f.appId}/console/ui-builder/containers/shop/publish`, {
      authKey: mate.authKey,
      body: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('111');
    // Reading is still allowed to the teammate.
    expect(
      (await server().call('GET', `/${f.appId}/console/ui-builder/containers/shop`, { authKey: mate.authKey }))
        .statusCode,
    ).toBe(200);
  });

  it('publishes: a plain GET of the url answers escaped HTML, rows in order, a CSP, and nothing of a denied table', async () => {
    const told: unknown[] = [];
    const stop = server().app.basalt.bus.on('ui.container.published', (e) => told.push(e));
    const published = await ui.publishContainer(f.appId, 'shop', {});
    stop();
    expect(published.publication).toMatchObject({ number: 1, current: true, author: f.dev.email });
    // The platform hears of it (Missions' "first page" task counts it), naming who published.
    expect(told).toEqual([{ appId: f.appId, container: 'shop', developerId: f.dev.id }]);
    url = published.url;
    expect(url).toMatch(new RegExp(`^http://[^/]+/${f.appId}/shop$`));
    expect(new URL(url).port).not.toBe(new URL(server().config.publicUrl).port);

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    // The style element carries the nonce the CSP names; no inline script runs.
    const nonce = /style-src [^;]*'nonce-([^']+)'/.exec(csp)![1];
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    expect(html).not.toContain(XSS);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // Page size 2: the two largest amounts, highest first; the third is on page 2.
    const cells = [...html.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells).toEqual(['&lt;script&gt;alert(1)&lt;/script&gt;', '20', 'Gamma', '10']);
    expect(html).not.toContain('TOP-SECRET');
    expect(html).toContain('Nothing to show');
    expect(html).toContain('.n-orders{padding:4px}');
    expect(html).toContain('src="/_basalt/ui-runtime.js"');

    // The same page by name; its second page through the paging link.
    const byName = await (await fetch(`${url}/orders`)).text();
    expect(byName).toContain('Gamma');
    const next = /href="([^"]*orders\.page=2[^"]*)"/.exec(byName)![1].replace(/&amp;/g, '&');
    const second = await (await fetch(new URL(next, url))).text();
    expect([...second.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1]).slice(0, 2)).toEqual(['Alpha', '5']);
    // Sorting from the URL: only a column of the table, ascending here.
    const sorted = await (await fetch(`${url}/orders?orders.sort=${encodeURIComponent('amount asc')}`)).text();
    expect([...sorted.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1]).slice(0, 2)).toEqual(['Alpha', '5']);
    const bogus = await fetch(`${url}/orders?orders.sort=${encodeURIComponent('amount; DROP TABLE Orders')}`);
    expect(bogus.status).toBe(200);

    const runtime = await fetch(new URL('/_basalt/ui-runtime.js', url));
    expect(runtime.headers.get('content-type')).toMatch(/javascript/);
  });

  it('URL values enter the where only as bound values; unsafe links are dropped', async () => {
    const hit = await (await fetch(`${url}/orders?name=Gamma`)).text();
    expect(hit).toMatch(/<p class="bsl-text n-foundName" data-uid="foundName">Gamma<\/p>/);
    const injected = await (await fetch(`${url}/orders?name=${encodeURIComponent("x' OR 1=1 --")}`)).text();
    expect(injected).not.toContain('data-uid="foundName"');
    const link = await (await fetch(`${url}/orders?to=${encodeURIComponent('javascript:alert(1)')}`)).text();
    expect(link).not.toContain('javascript:');
    expect(link).toMatch(/<a class="bsl-link n-evil" data-uid="evil">x<\/a>/);
    expect((await f.api('GET', '/data/Orders/count')).json()).toBe(3);
  });

  it('unpublished edits change nothing public; the next publish does; rollback serves the earlier one', async () => {
    await ui.updatePageUI(f.appId, 'shop', 'orders', ordersPage([{ field: 'name', label: 'Customer' }]));
    const before = await (await fetch(url)).text();
    expect(before).toContain('>Name');
    expect(before).not.toContain('Customer');
    const second = await ui.publishContainer(f.appId, 'shop', { description: 'Customer column' });
    expect(second.publication).toMatchObject({ number: 2, description: 'Customer column' });
    const after = await (await fetch(url)).text();
    expect(after).toContain('Customer');
    expect((await ui.loadContainer(f.appId, 'shop')).publicationNumber).toBe(2);

    const history = await server().call('GET', `/${f.appId}/console/ui-builder/containers/shop/publications`, {
      authKey: f.dev.authKey,
    });
    expect(history.json().map((p: any) => [p.number, p.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    const back = await server().call('POST', `/${f.appId}/console/ui-builder/containers/shop/publications/1/rollback`, {
      authKey: f.dev.authKey,
    });
    expect(back.json().publication).toMatchObject({ number: 1, current: true });
    expect(await (await fetch(url)).text()).not.toContain('Customer');
    // Without options (the reference client then sends no body): publication 3, the current documents.
    expect((await ui.publishContainer(f.appId, 'shop')).publication.number).toBe(3);
    expect(await (await fetch(url)).text()).toContain('Customer');
  });

  it("unknown pages show the container's 404 page with status 404; unknown containers and apps are plain 404s", async () => {
    const missing = await fetch(`${url}/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<title>Page not found</title>');
    expect(missing.headers.get('content-security-policy')).toContain("default-src 'none'");
    const base = new URL(url).origin;
    expect((await fetch(`${base}/${f.appId}/nothing`)).status).toBe(404);
    expect((await fetch(`${base}/nope/shop`)).status).toBe(404);
    expect((await fetch(`${base}/${f.appId}/default`)).status).toBe(404);
  });

  it('a deleted container answers 404 at once and is listed in the trash; restored, it serves again', async () => {
    await ui.deleteContainer(f.appId, 'shop');
    expect((await fetch(url)).status).toBe(404);
    expect((await ui.loadRemovedContainers(f.appId)).map((c: any) => c.name)).toEqual(['shop']);
    await server().call('POST', `/${f.appId}/console/ui-builder/removed-containers/shop/restore`, {
      authKey: f.dev.authKey,
    });
    expect((await fetch(url)).status).toBe(200);
  });

  it('publishing fails, naming the page, when a bound table is gone', async () => {
    await ui.createContainer(f.appId, { name: 'temp' });
    await f.table('Gone', [{ name: 'x', dataType: 'STRING' }]);
    await ui.updatePageUI(f.appId, 'temp', 'landing', {
      dataSources: [{ id: 'g', kind: 'table', table: 'Gone' }],
      children: [{ uid: 't', type: 'DataTable', props: { data: { $data: 'g' } } }],
    });
    expect((await f.console('DELETE', '/data/tables/Gone')).statusCode).toBe(200);
    await expect(ui.publishContainer(f.appId, 'temp', {})).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("Page 'landing'"),
    });
  });
});
