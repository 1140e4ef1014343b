import { beforeAll, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { describeEachDb } from '../../test-helpers.js';
import { loadAppSchema } from '../data/index.js';
import { NOT_COPIED, STORE_NOT_COPIED, STORE_TABLES, SYSTEM_TABLES } from './core/system-tables.js';
import { orderFlow } from '../flows/test/flows.test-helpers.js';
import { richApp, settled, signedIn, type Console } from './lifecycle.test-helpers.js';

/**
 * Every table that holds an app's rows must travel with a part of the archive core or be named,
 * with why, as not copied (decision 0059, "Where every per-app table goes"). The tables are read
 * from the real databases, so a module that adds a per-app table without deciding where it goes
 * fails here, named.
 */

interface Table {
  name: string;
  schema?: string;
  columns: Array<{ name: string }>;
}

/**
 * The tables of a database: on SQLite as Kysely's introspection sees them; on PostgreSQL only
 * those of `schema`, read from the catalogue for that schema alone. Kysely's introspection reads
 * every schema of the database, and other suites create and drop their schemas in the same test
 * database at the same time, which made it fail on a table changing under it. The migration
 * bookkeeping tables are left out, as the introspection leaves them out.
 */
async function tablesOf(db: Kysely<any>, schema: string | null): Promise<Table[]> {
  if (schema === null) return db.introspection.getTables();
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = ${schema} and table_name not in ('kysely_migration', 'kysely_migration_lock')
    order by table_name, ordinal_position`.execute(db);
  const byName = new Map<string, Table>();
  for (const r of rows) {
    const t = byName.get(r.table_name) ?? { name: r.table_name, schema, columns: [] };
    t.columns.push({ name: r.column_name });
    byName.set(r.table_name, t);
  }
  return [...byName.values()];
}

const copiedSystem = new Set(SYSTEM_TABLES.map((s) => s.table));

describeEachDb('app lifecycle: every per-app table is copied or listed as not copied', (server) => {
  let c: Console;
  let appId: string;

  beforeAll(async () => {
    c = await signedIn(server());
    // Tables, a relation (link tables), records, users, files, a role: every lazily made table exists.
    ({ appId } = await richApp(c));
  });

  it('system database: every table with an app_id column is in SYSTEM_TABLES or NOT_COPIED', async () => {
    const dbs = server().app.basalt.dbs;
    const schema = dbs.kind === 'postgres' ? `${server().config.pgSchemaPrefix}system` : null;
    const tables = await tablesOf(dbs.system as unknown as Kysely<any>, schema);
    const keyed = tables.filter((t) => t.columns.some((col) => col.name === 'app_id')).map((t) => t.name);
    expect(keyed.length).toBeGreaterThan(20);

    const unplaced = keyed.filter((t) => !copiedSystem.has(t) && !(t in NOT_COPIED)).sort();
    expect(unplaced, `per-app system tables neither copied nor listed in NOT_COPIED: ${unplaced.join(', ')}`).toEqual(
      [],
    );
    const both = keyed.filter((t) => copiedSystem.has(t) && t in NOT_COPIED);
    expect(both, 'tables both copied and listed as not copied').toEqual([]);

    // Both lists name real tables keyed by app id (a renamed or dropped table is taken off).
    const stale = [...copiedSystem, ...Object.keys(NOT_COPIED)].filter((t) => t !== 'apps' && !keyed.includes(t));
    expect(stale, 'listed tables that do not exist or have no app_id').toEqual([]);
    for (const [table, why] of Object.entries(NOT_COPIED)) expect(why.length, table).toBeGreaterThan(5);
  });

  it("the app's own store: every table is schema, data, a store table copied with data, or listed as not copied", async () => {
    const dbs = server().app.basalt.dbs;
    const db = dbs.app(appId);
    const tables = (await tablesOf(db, dbs.appSchema(appId))).map((t) => t.name);
    const schema = await loadAppSchema(db);
    const dataTables = new Set(schema.tables.flatMap((t) => [t.sqlName, ...t.relations.map((r) => r.linkTable)]));
    expect(dataTables.size).toBeGreaterThanOrEqual(5);

    const placed = (t: string) =>
      t.startsWith('meta_') || dataTables.has(t) || STORE_TABLES.includes(t) || t in STORE_NOT_COPIED;
    const unplaced = tables.filter((t) => !placed(t)).sort();
    expect(unplaced, `app store tables neither copied nor listed in STORE_NOT_COPIED: ${unplaced.join(', ')}`).toEqual(
      [],
    );
    const stale = [...STORE_TABLES, ...Object.keys(STORE_NOT_COPIED)].filter((t) => !tables.includes(t));
    expect(stale, 'listed store tables that do not exist').toEqual([]);
    for (const t of dataTables) expect(tables, t).toContain(t);
  });
  it('the settings and flows placed by this census travel with a clone; flows arrive READY, never LIVE', async () => {
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
      c.server.call(method, url, { authKey: c.authKey, ...(body !== undefined ? { body } : {}) });
    const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    await ok('PUT', `/${appId}/console/domaincontrolsettings`, ['https://good.example']);
    await ok('POST', `/${appId}/console/cachecontrol/data/Item`, { cacheControl: 'public', maxAge: 60, etag: true });
    await c.ok(appId, 'POST', '/data/tables', { name: 'Order' });
    for (const col of [
      { name: 'total', dataType: 'INT' },
      { name: 'status', dataType: 'STRING' },
    ])
      await c.ok(appId, 'POST', '/data/tables/Order/columns', col);
    const flows = `/api/app/${appId}/automation/flow/version`;
    const version = await ok('POST', flows, orderFlow());
    expect((await ok('POST', `${flows}/${version.id}/enable`)).status).toBe('LIVE');

    // A dashboard whose dashlets show a chart and one of its own components (decision 0093).
    const dashboards = `/${appId}/console/data-to-visualize/dashboards`;
    const board = await ok('POST', dashboards, { name: 'Sales' });
    await ok('POST', `/${appId}/console/chart-builder/chart`, {
      chartSource: { name: 'byStatus', type: 'bar', table: 'Order', x: 'status', aggregate: 'count' },
      chartTarget: { kind: 'dashboard', dashboardId: board.id },
    });
    const component = await ok('POST', `${dashboards}/${board.id}/dashlet-components/create`, { name: 'Gauge' });
    await ok('POST', `${dashboards}/${board.id}/dashlets/create`, [
      { component: 'chart', config: { chartName: 'byStatus' } },
      { component: component.id },
    ]);

    const { processId } = await c.client.apps.cloneApp(appId, { appName: 'Census copy' });
    const { process } = await settled(c, appId, processId);
    expect(process.status, process.error).toBe('DONE');
    const copyId = process.newAppId!;

    expect(await ok('GET', `/${copyId}/console/domaincontrolsettings`)).toEqual(['https://good.example']);
    expect(await ok('GET', `/${copyId}/console/cachecontrol/data`)).toEqual(
      await ok('GET', `/${appId}/console/cachecontrol/data`),
    );
    const copied = await ok('GET', `/api/app/${copyId}/automation/flow/version`);
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatchObject({ name: 'Order sizes', status: 'READY' });
    expect(copied[0].id).not.toBe(version.id);
    expect(copied[0].flowId).not.toBe(version.flowId);
    expect((await ok('GET', flows))[0]).toMatchObject({ id: version.id, status: 'LIVE' });
    // The copy's dashboard is its own, its dashlet showing the copy's component; the chart travels by name.
    const [copyBoard] = await ok('GET', `/${copyId}/console/data-to-visualize/dashboards`);
    const [copyComponent] = await ok(
      'GET',
      `/${copyId}/console/data-to-visualize/dashboards/${copyBoard.id}/dashlet-components`,
    );
    expect(copyBoard.id).not.toBe(board.id);
    expect(copyComponent).toMatchObject({ name: 'Gauge', dashboardId: copyBoard.id });
    expect(copyComponent.id).not.toBe(component.id);
    expect(copyBoard.dashlets.map((d: { component: string }) => d.component).sort()).toEqual(
      ['chart', copyComponent.id].sort(),
    );
    // The chart travels by name, aimed at the copy's dashboard.
    const copyCharts = await ok('GET', `/${copyId}/console/chart-builder`);
    expect(copyCharts.map((x: { name: string }) => x.name)).toEqual(['byStatus']);
    expect(copyCharts[0].chartTarget).toEqual({ kind: 'dashboard', dashboardId: copyBoard.id });
    const ownCharts = await ok('GET', `/${appId}/console/chart-builder`);
    expect(ownCharts[0].chartTarget).toEqual({ kind: 'dashboard', dashboardId: board.id });
    // The copy's version is its own: it enables there without touching the original's.
    expect((await ok('POST', `/api/app/${copyId}/automation/flow/version/${copied[0].id}/enable`)).status).toBe('LIVE');
  });
});
