import { createRequire } from 'node:module';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDb, listenForClients, registerDeveloper } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { PREVIEW_TTL_MS } from './preview.service.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

describeEachDb('Quick apps, visualizations and the console preview token', (server) => {
  let f: AppFixture;
  let client: any;

  const caught = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e: any) {
      return { status: e.status as number, message: String(e.message) };
    }
    throw new Error('expected a refusal');
  };

  beforeAll(async () => {
    const consoleUrl = await listenForClients(server());
    f = await appFixture(server());
    client = createReferenceClient(consoleUrl, f.dev.authKey);
    await f.table('Tasks', [
      { name: 'title', dataType: 'STRING' },
      { name: 'points', dataType: 'INT' },
      { name: 'done', dataType: 'BOOLEAN' },
    ]);
    for (const [title, points] of [
      ['Write docs', 3],
      ['Fix <b>bug</b>', 8],
    ] as const)
      expect((await f.api('POST', '/data/Tasks', { body: { title, points } })).statusCode).toBe(200);
    await client.uiBuilder.init(f.appId);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes a container from a table in one step: a list page with a DataTable and a form page', async () => {
    const qa = await client.quickApps.createContainer(f.appId, { name: 'tasks', table: 'Tasks' });
    expect(qa).toMatchObject({ id: 'tasks', table: 'Tasks', pages: ['404', 'form', 'list'], url: null });
    const container = await client.uiBuilder.loadContainer(f.appId, 'tasks');
    expect(container.mainPage ?? container.main_page).toBe('list');
    const list = await client.uiBuilder.getPageUI(f.appId, 'tasks', 'list');
    expect(list.dataSources).toEqual([
      { id: 'records', kind: 'table', table: 'Tasks', sortBy: 'created desc', pageSize: 20 },
    ]);
    const table = list.children.find((n: any) => n.type === 'DataTable');
    expect(table.props.data).toEqual({ $data: 'records' });
    expect(table.props.columns.map((c: any) => c.field)).toEqual(['title', 'points', 'done']);
    const form = await client.uiBuilder.getPageUI(f.appId, 'tasks', 'form');
    const formNode = form.children.find((n: any) => n.type === 'Form');
    expect(formNode.props.table).toBe('Tasks');
    expect(formNode.children.map((n: any) => n.type)).toEqual(['Input', 'Input', 'Checkbox', 'Button']);
    expect((await client.quickApps.loadContainers(f.appId)).map((q: any) => q.id)).toEqual(['tasks']);

    const unknown = await caught(client.quickApps.createContainer(f.appId, { name: 'x', table: 'Ghost' }));
    expect(unknown.status).toBe(400);
    expect(unknown.message).toContain("'Ghost'");
    const badColumn = await caught(
      client.quickApps.createContainer(f.appId, { name: 'x', table: 'Tasks', columns: ['nope'] }),
    );
    expect(badColumn.status).toBe(400);
    // A failed quick app leaves no container behind, not even in the trash.
    expect((await client.uiBuilder.loadRemovedContainers(f.appId)).map((c: any) => c.name)).not.toContain('x');
    expect((await caught(client.uiBuilder.loadContainer(f.appId, 'x'))).status).toBe(404);
    expect((await caught(client.quickApps.createContainer(f.appId, { name: 'tasks', table: 'Tasks' }))).status).toBe(
      409,
    );
    expect((await caught(client.quickApps.createContainer(f.appId, { name: '../x', table: 'Tasks' }))).status).toBe(
      400,
    );
  });

  it('previews the unpublished pages with a token for one container that expires and is then refused', async () => {
    // A style never published: the preview carries it inline, under the page's nonce.
    await client.uiBuilder.updateContainerStyle(f.appId, 'tasks', 'plain', {
      content: '.plain{margin:0}</style><script>x()</script>',
      type: 'css',
    });
    const preview = await client.consolePreview.getPreviewInitToken(f.appId);
    expect(preview.container).toBe('default');
    const tasks = await server().call('GET', `/${f.appId}/console/preview/preview-init-token?container=tasks`, {
      authKey: f.dev.authKey,
    });
    expect(tasks.statusCode).toBe(200);
    const { url, expires, token } = tasks.json();
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThanOrEqual(Date.now() + PREVIEW_TTL_MS);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Write docs');
    expect(html).toContain('Fix &lt;b&gt;bug&lt;/b&gt;');
    const nonce = /style-src [^;]*'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')![1];
    expect(html).toMatch(new RegExp(`<style nonce="${nonce.replace(/[+/]/g, '\\$&')}">[^<]*\\.plain\\{margin:0\\}`));
    expect(html).not.toContain('</style><script>x()');
    // Links between pages stay inside the preview (its base is the preview's path, not the public one).
    expect(html).toContain(`<base href="/__preview/${token}/">`);
    expect(html).toMatch(/<a[^>]* href="form"/);
    const formPage = await fetch(`${url}/form`);
    expect(formPage.status).toBe(200);
    expect(await formPage.text()).toContain('data-table="Tasks"');
    // Not published: the public address still serves nothing.
    expect((await fetch(url.replace(`/__preview/${token}`, `/${f.appId}/tasks`))).status).toBe(404);

    // Another container's name put in the token breaks its signature.
    const [body, mac] = token.split('.');
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claim, c: 'default' })).toString('base64url');
    const refused = await fetch(url.replace(token, `${forged}.${mac}`));
    expect(refused.status).toBe(403);

    expect((await caught(client.consolePreview.getPreviewInitToken('ghost-app'))).status).toBe(404);
    const noContainer = await server().call('GET', `/${f.appId}/console/preview/preview-init-token?container=ghost`, {
      authKey: f.dev.authKey,
    });
    expect(noContainer.statusCode).toBe(404);
    expect(noContainer.json().message).toContain("'ghost'");

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expires + 1);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('expired');
  });

  it('deploys through the publish path: operation 111 enforced; visualizations list the published container', async () => {
    const mate = await registerDeveloper(server());
    await server().call('POST', `/${f.appId}/console/devteam`, { authKey: f.dev.authKey, body: { email: mate.email } });
    const set = await server().call('PUT', `/${f.appId}/console/devteam/${mate.id}/permissions`, {
      authKey: f.dev.authKey,
      body: [{ operation: 111, access: 'DENY' }],
    });
    expect(set.statusCode).toBe(200);
    const refused = await server().call('POST', `/api/app/${f.appId}/quick-apps/deploy/tasks`, {
      authKey: mate.authKey,
      body: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('111');
    // The teammate may still read.
    expect(
      (await server().call('GET', `/api/app/${f.appId}/quick-apps/containers/tasks`, { authKey: mate.authKey }))
        .statusCode,
    ).toBe(200);

    expect(await client.visualizations.loadPublishedUIBuilderContainers(f.appId)).toEqual([]);
    const notYet = await caught(
      client.visualizations.createVisualization(f.appId, { name: 'Tasks', type: 'container', source: 'tasks' }),
    );
    expect(notYet.status).toBe(400);

    const deployed = await client.quickApps.deployContainer(f.appId, 'tasks', { description: 'first' });
    expect(deployed.publication).toMatchObject({ number: 1, description: 'first' });
    const html = await (await fetch(deployed.url)).text();
    expect(html).toContain('Write docs');
    expect((await client.quickApps.loadContainer(f.appId, 'tasks')).url).toBe(deployed.url);

    const published = await client.visualizations.loadPublishedUIBuilderContainers(f.appId);
    expect(published).toEqual([{ name: 'tasks', url: deployed.url, publication: 1, published: expect.any(Number) }]);
    const v = await client.visualizations.createVisualization(f.appId, {
      name: 'Tasks',
      type: 'container',
      source: 'tasks',
    });
    expect(v).toMatchObject({ name: 'Tasks', type: 'container', url: deployed.url });
    const changed = await client.visualizations.updateVisualization(f.appId, v.id, { description: 'The team board' });
    expect(changed.description).toBe('The team board');
    const refreshed = await client.visualizations.updateVisualizationResources(f.appId, v.id);
    expect(refreshed.resourcesUpdated).toBeGreaterThanOrEqual(v.resourcesUpdated);
    expect((await client.visualizations.getVisualizations(f.appId)).map((x: any) => x.name)).toEqual(['Tasks']);

    const unknown = await caught(client.visualizations.deleteVisualizations(f.appId, [v.id, 'ghost']));
    expect(unknown.status).toBe(404);
    expect(unknown.message).toContain("'ghost'");
    expect(await client.visualizations.deleteVisualizations(f.appId, [v.id])).toEqual({ success: true });
    expect(await client.visualizations.getVisualizations(f.appId)).toEqual([]);

    // Deleting the quick app moves its container to the trash: its page stops answering.
    expect(await client.quickApps.deleteContainer(f.appId, 'tasks')).toEqual({ success: true });
    expect((await fetch(deployed.url)).status).toBe(404);
    expect((await client.uiBuilder.loadRemovedContainers(f.appId)).map((c: any) => c.name)).toContain('tasks');
    const gone = await caught(client.quickApps.loadContainer(f.appId, 'tasks'));
    expect(gone).toEqual({ status: 404, message: "Quick app 'tasks' not found" });
  });
});
