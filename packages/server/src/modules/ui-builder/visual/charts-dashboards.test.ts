import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, listenForClients, registerDeveloper } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

const byStatus = { name: 'byStatus', type: 'bar', table: 'Orders', x: 'status', y: 'amount', aggregate: 'sum' };

describeEachDb('Chart builder and dashboards: sources checked on save, data as the caller', (server) => {
  let f: AppFixture;
  let charts: any;
  let dash: any;
  let consoleUrl: string;

  const caught = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e: any) {
      return { status: e.status as number, message: String(e.message) };
    }
    throw new Error('expected a refusal');
  };

  beforeAll(async () => {
    consoleUrl = await listenForClients(server());
    f = await appFixture(server());
    const client = createReferenceClient(consoleUrl, f.dev.authKey);
    charts = client.chartBuilder;
    dash = client.dataToVisualize;
    await f.table('Orders', [
      { name: 'status', dataType: 'STRING' },
      { name: 'amount', dataType: 'INT' },
    ]);
    for (const [status, amount] of [
      ['open', 5],
      ['open', 7],
      ['paid', 20],
      ['void', 1],
    ] as const)
      expect((await f.api('POST', '/data/Orders', { body: { status, amount } })).statusCode).toBe(200);
    await f.table('Secrets', [{ name: 'kind', dataType: 'STRING' }]);
    expect((await f.api('POST', '/data/Secrets', { body: { kind: 'x' } })).statusCode).toBe(200);
  });

  it('saves a chart whose table, columns and where the schema knows; lists, renames and deletes it', async () => {
    const made = await charts.createChart(f.appId, { ...byStatus, where: "status != 'void'" }, { kind: 'none' });
    expect(made).toMatchObject({
      name: 'byStatus',
      chartSource: { table: 'Orders', x: 'status', where: "status != 'void'" },
    });
    expect((await charts.getCharts(f.appId)).map((c: any) => c.name)).toEqual(['byStatus']);
    const again = await caught(charts.createChart(f.appId, byStatus, { kind: 'none' }));
    expect(again.status).toBe(409);

    await charts.createChart(
      f.appId,
      { ...byStatus, name: 'temp', aggregate: 'count', y: undefined },
      { kind: 'none' },
    );
    const renamed = await charts.renameChart(f.appId, 'temp', 'counted');
    expect(renamed.name).toBe('counted');
    expect(renamed.chartSource.name).toBe('counted');
    const updated = await charts.updateChart(f.appId, { ...renamed.chartSource, type: 'pie' }, { kind: 'none' });
    expect(updated.chartSource.type).toBe('pie');
    expect(await charts.deleteChart(f.appId, 'counted')).toEqual({ success: true });
    const gone = await caught(charts.deleteChart(f.appId, 'counted'));
    expect(gone).toEqual({ status: 404, message: "Chart 'counted' not found" });
    const renameGone = await caught(charts.renameChart(f.appId, 'nope', 'other'));
    expect(renameGone.status).toBe(404);
    expect(renameGone.message).toContain("'nope'");
  });

  it('refuses a bad where, an unknown column or table, and a sum of text with 400; the table keeps its rows', async () => {
    const bad = [
      [{ ...byStatus, name: 'evil', where: 'amount > 1; DROP TABLE Orders' }, 'where'],
      [{ ...byStatus, name: 'evil', where: 'nope = 1' }, "no column 'nope'"],
      [{ ...byStatus, name: 'evil', where: 'status = $s' }, '$s'],
      [{ ...byStatus, name: 'evil', x: 'missing' }, "no column 'missing'"],
      [{ ...byStatus, name: 'evil', table: 'Nope' }, "Table 'Nope' does not exist"],
      [{ ...byStatus, name: 'evil', y: 'status' }, 'needs a number column'],
    ] as const;
    for (const [source, says] of bad) {
      const refused = await caught(charts.createChart(f.appId, source, { kind: 'none' }));
      expect(refused.status, JSON.stringify(source)).toBe(400);
      expect(refused.message).toContain(says);
    }
    const target = await caught(
      charts.createChart(f.appId, { ...byStatus, name: 'evil' }, { kind: 'container', container: 'ghost' }),
    );
    expect(target.status).toBe(404);
    expect(target.message).toContain("'ghost'");
    expect((await charts.getCharts(f.appId)).map((c: any) => c.name)).toEqual(['byStatus']);
    const count = await f.api('GET', '/data/Orders/count');
    expect(count.json()).toBe(4);
  });

  it('computes the series through the data layer as the caller: parameters bound, permissions applied (403)', async () => {
    await charts.createChart(
      f.appId,
      { ...byStatus, name: 'bigOnes', where: 'amount >= $min', params: { min: 6 }, sortBy: 'value desc' },
      { kind: 'none' },
    );
    const data = await server().call('GET', `/${f.appId}/console/chart-builder/chart/bigOnes/data`, {
      authKey: f.dev.authKey,
    });
    expect(data.statusCode).toBe(200);
    expect(data.json()).toMatchObject({
      name: 'bigOnes',
      aggregate: 'sum',
      points: [
        { x: 'paid', value: 20 },
        { x: 'open', value: 7 },
      ],
    });
    expect(data.json().as.roles).toContain('NotAuthenticatedUser');

    // A parameter value that looks like SQL is only a value: it matches nothing and harms nothing.
    await charts.createChart(
      f.appId,
      { ...byStatus, name: 'byName', where: 'status = $s', params: { s: "open' OR '1'='1" } },
      { kind: 'none' },
    );
    const none = await server().call('GET', `/${f.appId}/console/chart-builder/chart/byName/data`, {
      authKey: f.dev.authKey,
    });
    expect(none.json().points).toEqual([]);

    // Find denied to anonymous visitors on Secrets: their chart is refused, a role that may read sees it.
    const secret = await charts.createChart(
      f.appId,
      { name: 'secrets', type: 'pie', table: 'Secrets', x: 'kind', aggregate: 'count' },
      { kind: 'none' },
    );
    expect(secret.name).toBe('secrets');
    const tables = (await f.console('GET', '/data/tables')).json().tables;
    const secrets = tables.find((t: any) => t.name === 'Secrets');
    const anonymous = await f.roleId('NotAuthenticatedUser');
    const deny = await f.console('PUT', `/security/data/${secrets.tableId}/roles/${anonymous}`, {
      permissions: [{ operation: 'Find', access: 'DENY' }],
    });
    expect(deny.statusCode).toBe(200);
    const refused = await server().call('GET', `/${f.appId}/console/chart-builder/chart/secrets/data`, {
      authKey: f.dev.authKey,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain("'Secrets'");
    const asUser = await server().call(
      'GET',
      `/${f.appId}/console/chart-builder/chart/secrets/data?roleName=AuthenticatedUser`,
      {
        authKey: f.dev.authKey,
      },
    );
    expect(asUser.statusCode).toBe(200);
    expect(asUser.json().points).toEqual([{ x: 'x', value: 1 }]);
    const unknownRole = await server().call(
      'GET',
      `/${f.appId}/console/chart-builder/chart/secrets/data?roleName=Ghost`,
      {
        authKey: f.dev.authKey,
      },
    );
    expect(unknownRole.statusCode).toBe(400);
  });

  it('keeps dashboards with dashlets and components; a chart dashlet reads through the chart path as runAs', async () => {
    const board = await dash.createDashboard(f.appId, { name: 'Sales' });
    expect(board).toMatchObject({ name: 'Sales', dashlets: [], position: 0 });
    const second = await dash.createDashboard(f.appId, { name: 'Ops' });
    expect(second.position).toBe(1);
    expect((await caught(dash.createDashboard(f.appId, { name: 'Sales' }))).status).toBe(409);

    const dashlet = await dash.addDashboardDashlet(f.appId, board.id, {
      component: 'chart',
      title: 'By status',
      config: { chartName: 'byStatus' },
      position: { x: 0, y: 0 },
      size: { width: 6, height: 4 },
    });
    expect(dashlet).toMatchObject({
      component: 'chart',
      config: { chartName: 'byStatus' },
      size: { width: 6, height: 4 },
    });
    const unknownChart = await caught(
      dash.addDashboardDashlet(f.appId, board.id, { component: 'chart', config: { chartName: 'ghost' } }),
    );
    expect(unknownChart.status).toBe(400);
    expect(unknownChart.message).toContain("'ghost'");
    const unknownComponent = await caught(dash.addDashboardDashlet(f.appId, board.id, { component: 'nope' }));
    expect(unknownComponent.status).toBe(400);

    const data = await server().call(
      'GET',
      `/${f.appId}/console/data-to-visualize/dashboards/${board.id}/dashlets/${dashlet.id}/data`,
      {
        authKey: f.dev.authKey,
      },
    );
    expect(data.statusCode).toBe(200);
    expect(data.json().points).toEqual([
      { x: 'open', value: 12 },
      { x: 'paid', value: 20 },
    ]);

    // A secrets chart on the board: refused to the anonymous visitor, read once the board runs as a role.
    const secretLet = await dash.addDashboardDashlet(f.appId, board.id, {
      component: 'chart',
      config: { chartName: 'secrets' },
    });
    const path = `/${f.appId}/console/data-to-visualize/dashboards/${board.id}/dashlets/${secretLet.id}/data`;
    expect((await server().call('GET', path, { authKey: f.dev.authKey })).statusCode).toBe(403);
    const settled = await dash.updateDashboardSettings(f.appId, board.id, { runAs: { roleName: 'AuthenticatedUser' } });
    expect(settled.settings).toEqual({ runAs: { roleName: 'AuthenticatedUser' } });
    expect((await server().call('GET', path, { authKey: f.dev.authKey })).json().points).toEqual([
      { x: 'x', value: 1 },
    ]);
    expect(
      (await caught(dash.updateDashboardSettings(f.appId, board.id, { runAs: { roleName: 'Ghost' } }))).status,
    ).toBe(400);

    const moved = await dash.updateDashboardDashlet(f.appId, board.id, dashlet.id, { position: { x: 6, y: 0 } });
    expect(moved.position).toEqual({ x: 6, y: 0 });
    expect(moved.config).toEqual({ chartName: 'byStatus' });
    const many = await dash.createDashboardDashlets(f.appId, board.id, [
      { component: 'text', config: { text: 'Hello' } },
      { component: 'text', config: { text: 'World' } },
    ]);
    expect(many).toHaveLength(2);
    // All or none: one bad dashlet adds nothing.
    expect(
      (await caught(dash.createDashboardDashlets(f.appId, board.id, [{ component: 'text' }, { component: 'ghost' }])))
        .status,
    ).toBe(400);
    expect((await dash.getDashboards(f.appId)).find((b: any) => b.id === board.id).dashlets).toHaveLength(4);
    expect(await dash.deleteDashboardDashlet(f.appId, board.id, many[1].id)).toEqual({ success: true });
    const goneDashlet = await caught(dash.deleteDashboardDashlet(f.appId, board.id, many[1].id));
    expect(goneDashlet.status).toBe(404);
    expect(goneDashlet.message).toContain(many[1].id);

    // Components with files: a signed link downloads without the key; the reference client's trailing slashes work.
    const component = await dash.createDashletComponent(f.appId, board.id, {
      name: 'Gauge',
      definition: { properties: [{ name: 'max', type: 'number' }] },
      files: [{ name: 'src/index.js', content: 'export default 1;' }],
    });
    expect(component.files).toEqual([{ name: 'src/index.js', size: 17, updated: expect.any(Number) }]);
    const used = await dash.addDashboardDashlet(f.appId, board.id, { component: component.id });
    expect((await caught(dash.deleteDashletComponent(f.appId, board.id, component.id))).status).toBe(409);
    await dash.uploadDashletComponentFiles(f.appId, board.id, component.id, [{ name: 'styles.css', content: 'a{}' }]);
    expect((await dash.loadDashletComponentFilesList(f.appId, board.id, component.id)).map((x: any) => x.name)).toEqual(
      ['src/index.js', 'styles.css'],
    );
    expect(
      (
        await caught(
          dash.updateDashletComponentFiles(f.appId, board.id, component.id, [{ name: 'ghost.js', content: '' }]),
        )
      ).status,
    ).toBe(404);
    const link = await dash.getDashletComponentFileDownloadLink(f.appId, board.id, component.id, 'styles.css');
    // The link is on the console's public URL; the test server listens on a port of its own.
    expect(link.url.startsWith(server().config.publicUrl.replace(/\/$/, ''))).toBe(true);
    const local = consoleUrl + new URL(link.url).pathname;
    const file = await fetch(local);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('a{}');
    // One character inside the signature changed (not the last: its low bits are padding in base64url).
    const at = local.length - 10;
    const forged = await fetch(local.slice(0, at) + (local[at] === 'A' ? 'B' : 'A') + local.slice(at + 1));
    expect(forged.status).toBe(403);
    const renamed = await dash.updateDashletComponent(f.appId, board.id, component.id, { name: 'Dial' });
    expect(renamed.name).toBe('Dial');
    expect((await dash.loadDashletComponents(f.appId, board.id)).map((c: any) => c.name)).toEqual(['Dial']);

    // Clone: dashlets follow the copy's own component.
    const copy = await dash.cloneDashboard(f.appId, board.id);
    expect(copy.name).toBe('Sales copy');
    const copyComponents = await dash.loadDashletComponents(f.appId, copy.id);
    expect(copy.dashlets.map((x: any) => x.component)).toContain(copyComponents[0].id);
    expect(copyComponents[0].id).not.toBe(component.id);

    await dash.deleteDashboardDashlet(f.appId, board.id, used.id);
    expect(await dash.deleteDashletComponent(f.appId, board.id, component.id)).toEqual({ success: true });
    const reordered = await dash.updateDashboards(f.appId, [
      { id: second.id, position: 0 },
      { id: board.id, position: 5 },
    ]);
    expect(reordered.map((b: any) => b.name)).toEqual(['Ops', 'Sales copy', 'Sales']);
    expect((await dash.getDashboards(f.appId, { name: 'sal' })).map((b: any) => b.name)).toEqual([
      'Sales copy',
      'Sales',
    ]);
    expect(await dash.deleteDashboard(f.appId, copy.id)).toEqual({ success: true });
    const unknown = await caught(dash.updateDashboard(f.appId, copy.id, { name: 'x' }));
    expect(unknown.status).toBe(404);
    expect(unknown.message).toContain(copy.id);
  });

  it('leaves marketplace install of dashlet components at 501, and refuses a stranger with 404', async () => {
    const board = (await dash.getDashboards(f.appId))[0];
    const install = await server().call(
      'POST',
      `/${f.appId}/console/data-to-visualize/dashboards/${board.id}/dashlet-components/install`,
      {
        authKey: f.dev.authKey,
        body: {},
      },
    );
    expect(install.statusCode).toBe(501);
    const stranger = await registerDeveloper(server());
    const res = await server().call('GET', `/${f.appId}/console/chart-builder`, { authKey: stranger.authKey });
    expect(res.statusCode).toBe(404);
  });
});
