import { randomUUID } from 'node:crypto';
import type {
  ChartCallerQuery,
  ChartData,
  ChartSource,
  Dashboard,
  DashboardInput,
  DashboardSettings,
  Dashlet,
  DashletComponent,
  DashletComponentFile,
  DashletComponentInput,
  DashletInput,
} from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { translateError } from '../../../db/db-errors.js';
import type { ChartsService } from './charts.service.js';
import type { Kysely } from 'kysely';
import {
  VisualRepo,
  type VisualTables,
  type DashboardRow,
  type DashletComponentRow,
  type DashletRow,
} from './visual.repo.js';

/** Components every dashboard has: a chart of the chart builder and a block of text. */
export const BUILTIN_DASHLETS = ['chart', 'text'] as const;
const MAX_DASHBOARDS = 200;
const MAX_DASHLETS = 100;
const MAX_FILES_BYTES = 1_048_576;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

type Files = Record<string, { content: string; updated: number }>;
type Changes = { name?: string; description?: string; position?: number };

const dashletOf = (r: DashletRow): Dashlet => ({
  id: r.id,
  component: r.component,
  title: r.title,
  config: JSON.parse(r.config) as Record<string, unknown>,
  position: { x: Number(r.x), y: Number(r.y) },
  size: { width: Number(r.width), height: Number(r.height) },
});

const filesOf = (files: Files): DashletComponentFile[] =>
  Object.entries(files)
    .map(([name, f]) => ({ name, size: Buffer.byteLength(f.content), updated: f.updated }))
    .sort((a, b) => a.name.localeCompare(b.name));

/**
 * Dashboards (decision 0093): an ordered list per app, each a grid of dashlets (a component, its
 * config, a position and a size) and its own dashlet components (a definition and small text
 * files). A chart dashlet's data goes through the chart builder's data path as the dashboard's
 * `runAs` caller (or the one asked for), so permissions apply as for the chart itself.
 */
export class DashboardsService {
  readonly repo: VisualRepo;

  constructor(
    private readonly ctx: ServerContext,
    private readonly charts: ChartsService,
  ) {
    this.repo = new VisualRepo(ctx.dbs);
  }

  private async views(rows: DashboardRow[]): Promise<Dashboard[]> {
    const dashlets = await this.repo.dashlets(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      settings: JSON.parse(r.settings) as DashboardSettings,
      position: Number(r.position),
      dashlets: dashlets.filter((d) => d.dashboard_id === r.id).map(dashletOf),
      created: Number(r.created),
      updated: Number(r.updated),
    }));
  }

  private async view(row: DashboardRow): Promise<Dashboard> {
    return (await this.views([row]))[0];
  }

  async list(appId: string, query: { name?: string }): Promise<Dashboard[]> {
    const needle = query.name?.toLowerCase();
    const rows = (await this.repo.dashboards(appId)).filter((r) => !needle || r.name.toLowerCase().includes(needle));
    return this.views(rows);
  }

  async row(appId: string, id: string): Promise<DashboardRow> {
    const row = ID.test(id) ? await this.repo.dashboard(appId, id) : undefined;
    if (!row) throw ApiError.notFound(`Dashboard '${id.slice(0, 64)}' not found`);
    return row;
  }

  private taken = (name: string) => ApiError.field('CONFLICT', 'name', `A dashboard named '${name}' already exists`);

  private async checkedSettings(appId: string, settings: DashboardSettings | undefined): Promise<DashboardSettings> {
    const out: DashboardSettings = {};
    const runAs = settings?.runAs;
    if (runAs && (runAs.roleName || runAs.userId)) {
      await this.charts.callerOf(appId, runAs); // 400 naming a role or user that does not exist
      out.runAs = runAs.roleName ? { roleName: runAs.roleName } : { userId: runAs.userId };
    }
    if (settings?.refreshInterval !== undefined) out.refreshInterval = settings.refreshInterval;
    return out;
  }

  async create(appId: string, input: DashboardInput): Promise<Dashboard> {
    const name = input.name.trim();
    if (!name) throw ApiError.field('VALIDATION', 'name', 'A dashboard needs a name');
    const existing = await this.repo.dashboards(appId);
    if (existing.length >= MAX_DASHBOARDS) throw ApiError.badRequest(`An app has at most ${MAX_DASHBOARDS} dashboards`);
    const now = Date.now();
    const row: DashboardRow = {
      id: randomUUID(),
      app_id: appId,
      name,
      description: input.description ?? '',
      settings: JSON.stringify(await this.checkedSettings(appId, input.settings)),
      position: existing.reduce((m, r) => Math.max(m, Number(r.position) + 1), 0),
      created: now,
      updated: now,
    };
    try {
      await this.repo.insertDashboard(row);
    } catch (err) {
      throw translateError(err, { unique: this.taken(name) });
    }
    return this.view(row);
  }

  /** A copy with its dashlets and components (dashlets showing a component point at the copy's). */
  async clone(appId: string, id: string): Promise<Dashboard> {
    const from = await this.row(appId, id);
    const all = await this.repo.dashboards(appId);
    if (all.length >= MAX_DASHBOARDS) throw ApiError.badRequest(`An app has at most ${MAX_DASHBOARDS} dashboards`);
    const names = new Set(all.map((r) => r.name));
    let name = `${from.name} copy`.slice(0, 100);
    for (let n = 2; names.has(name); n++) name = `${from.name} copy ${n}`.slice(0, 100);
    const now = Date.now();
    const row: DashboardRow = {
      ...from,
      id: randomUUID(),
      name,
      position: all.reduce((m, r) => Math.max(m, Number(r.position) + 1), 0),
      created: now,
      updated: now,
    };
    const ids = new Map<string, string>();
    await this.repo.tx(async (db) => {
      await this.repo.insertDashboard(row, db);
      const components = (await this.repo.components(from.id, db)).map((c): DashletComponentRow => {
        const copy = randomUUID();
        ids.set(c.id, copy);
        return { ...c, id: copy, dashboard_id: row.id, created: now, updated: now };
      });
      await this.repo.insertComponents(components, db);
      const dashlets = (await this.repo.dashlets([from.id], db)).map((d): DashletRow => ({
        ...d,
        id: randomUUID(),
        dashboard_id: row.id,
        component: ids.get(d.component) ?? d.component,
        created: now,
      }));
      await this.repo.insertDashlets(dashlets, db);
    });
    return this.view(row);
  }

  private async change(row: DashboardRow, changes: Changes, db: Kysely<VisualTables> = this.repo.db): Promise<void> {
    const set: Partial<DashboardRow> = { updated: Date.now() };
    if (changes.name !== undefined) {
      if (!changes.name.trim()) throw ApiError.field('VALIDATION', 'name', 'A dashboard needs a name');
      set.name = changes.name.trim();
    }
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.position !== undefined) set.position = changes.position;
    try {
      await this.repo.updateDashboard(row.id, set, db);
    } catch (err) {
      throw translateError(err, { unique: this.taken(set.name ?? row.name) });
    }
  }

  async update(appId: string, id: string, changes: Changes): Promise<Dashboard> {
    const row = await this.row(appId, id);
    await this.change(row, changes);
    return this.view((await this.repo.dashboard(appId, row.id))!);
  }

  /** Several changes at once (a reorder): every id must exist, and all apply or none. */
  async updateMany(appId: string, changes: Array<Changes & { id: string }>): Promise<Dashboard[]> {
    const rows = await Promise.all(changes.map((c) => this.row(appId, c.id)));
    await this.repo.tx(async (db) => {
      for (const [i, c] of changes.entries()) await this.change(rows[i], c, db);
    });
    return this.views(await this.repo.dashboards(appId));
  }

  async updateSettings(appId: string, id: string, settings: DashboardSettings): Promise<Dashboard> {
    const row = await this.row(appId, id);
    const set = { settings: JSON.stringify(await this.checkedSettings(appId, settings)), updated: Date.now() };
    await this.repo.updateDashboard(row.id, set);
    return this.view({ ...row, ...set });
  }

  async remove(appId: string, id: string): Promise<{ success: true }> {
    const row = await this.row(appId, id);
    await this.repo.deleteDashboard(row.id);
    return { success: true };
  }

  // dashlets

  /** A dashlet row from its input: the component must exist; a chart dashlet names an existing chart. */
  private async dashletRow(
    appId: string,
    dashboard: DashboardRow,
    input: DashletInput,
    at: string,
  ): Promise<DashletRow> {
    const builtin = (BUILTIN_DASHLETS as readonly string[]).includes(input.component);
    if (!builtin && !(ID.test(input.component) && (await this.repo.component(dashboard.id, input.component))))
      throw ApiError.field(
        'VALIDATION',
        `${at}component`,
        `Dashlet component '${input.component.slice(0, 64)}' not found on dashboard '${dashboard.name}'`,
      );
    const config = input.config ?? {};
    if (input.component === 'chart') {
      const name = typeof config.chartName === 'string' ? config.chartName : '';
      if (!name) throw ApiError.field('VALIDATION', `${at}config.chartName`, 'A chart dashlet names its chart');
      await this.charts.row(appId, name).catch(() => {
        throw ApiError.field('VALIDATION', `${at}config.chartName`, `Chart '${name.slice(0, 100)}' not found`);
      });
    }
    const text = JSON.stringify(config);
    if (text.length > 65_536) throw ApiError.field('VALIDATION', `${at}config`, 'A dashlet config is at most 64 KB');
    return {
      id: randomUUID(),
      app_id: appId,
      dashboard_id: dashboard.id,
      component: input.component,
      title: input.title ?? '',
      config: text,
      x: input.position?.x ?? 0,
      y: input.position?.y ?? 0,
      width: input.size?.width ?? 6,
      height: input.size?.height ?? 4,
      created: Date.now(),
    };
  }

  private async roomFor(dashboard: DashboardRow, more: number): Promise<void> {
    const have = (await this.repo.dashlets([dashboard.id])).length;
    if (have + more > MAX_DASHLETS) throw ApiError.badRequest(`A dashboard has at most ${MAX_DASHLETS} dashlets`);
  }

  async addDashlet(appId: string, id: string, input: DashletInput): Promise<Dashlet> {
    const dashboard = await this.row(appId, id);
    await this.roomFor(dashboard, 1);
    const row = await this.dashletRow(appId, dashboard, input, '');
    await this.repo.insertDashlets([row]);
    return dashletOf(row);
  }

  async addDashlets(appId: string, id: string, inputs: DashletInput[]): Promise<Dashlet[]> {
    const dashboard = await this.row(appId, id);
    await this.roomFor(dashboard, inputs.length);
    const rows: DashletRow[] = [];
    for (const [i, input] of inputs.entries()) rows.push(await this.dashletRow(appId, dashboard, input, `${i}.`));
    await this.repo.tx((db) => this.repo.insertDashlets(rows, db));
    return rows.map(dashletOf);
  }

  private async dashlet(appId: string, id: string, dashletId: string) {
    const dashboard = await this.row(appId, id);
    const row = ID.test(dashletId) ? await this.repo.dashlet(dashboard.id, dashletId) : undefined;
    if (!row) throw ApiError.notFound(`Dashlet '${dashletId.slice(0, 64)}' not found on dashboard '${dashboard.name}'`);
    return { dashboard, row };
  }

  async updateDashlet(appId: string, id: string, dashletId: string, changes: Partial<DashletInput>): Promise<Dashlet> {
    const { dashboard, row } = await this.dashlet(appId, id, dashletId);
    const current = dashletOf(row);
    const next = await this.dashletRow(
      appId,
      dashboard,
      {
        component: changes.component ?? current.component,
        title: changes.title ?? current.title,
        config: changes.config ?? current.config,
        position: changes.position ?? current.position,
        size: changes.size ?? current.size,
      },
      '',
    );
    const set = { ...next, id: row.id, created: row.created };
    await this.repo.updateDashlet(row.id, set);
    return dashletOf(set);
  }

  async removeDashlet(appId: string, id: string, dashletId: string): Promise<{ success: true }> {
    const { row } = await this.dashlet(appId, id, dashletId);
    await this.repo.deleteDashlet(row.id);
    return { success: true };
  }

  /** A chart dashlet's points, as the caller asked for or the dashboard's `runAs`. */
  async dashletData(appId: string, id: string, dashletId: string, as: ChartCallerQuery): Promise<ChartData> {
    const { dashboard, row } = await this.dashlet(appId, id, dashletId);
    if (row.component !== 'chart') throw ApiError.badRequest(`Dashlet '${row.id}' is not a chart: it has no data`);
    const name = String((JSON.parse(row.config) as { chartName?: unknown }).chartName ?? '');
    const chart = await this.charts.row(appId, name);
    const settings = JSON.parse(dashboard.settings) as DashboardSettings;
    const caller = await this.charts.callerOf(appId, as.roleName || as.userId ? as : settings.runAs);
    return this.charts.points(appId, JSON.parse(chart.source) as ChartSource, caller);
  }

  // dashlet components

  private componentOf(r: DashletComponentRow): DashletComponent {
    return {
      id: r.id,
      dashboardId: r.dashboard_id,
      name: r.name,
      description: r.description,
      definition: JSON.parse(r.definition) as Record<string, unknown>,
      files: filesOf(JSON.parse(r.files) as Files),
      created: Number(r.created),
      updated: Number(r.updated),
    };
  }

  async components(appId: string, id: string): Promise<DashletComponent[]> {
    const dashboard = await this.row(appId, id);
    return (await this.repo.components(dashboard.id)).map((c) => this.componentOf(c));
  }

  async componentRow(appId: string, id: string, componentId: string) {
    const dashboard = await this.row(appId, id);
    const row = ID.test(componentId) ? await this.repo.component(dashboard.id, componentId) : undefined;
    if (!row)
      throw ApiError.notFound(
        `Dashlet component '${componentId.slice(0, 64)}' not found on dashboard '${dashboard.name}'`,
      );
    return { dashboard, row };
  }

  private static withFiles(files: Files, add: Array<{ name: string; content: string }>): string {
    const now = Date.now();
    for (const f of add) files[f.name] = { content: f.content, updated: now };
    const text = JSON.stringify(files);
    if (Buffer.byteLength(text) > MAX_FILES_BYTES) throw ApiError.tooLarge('The files of a component are at most 1 MB');
    return text;
  }

  private componentTaken = (name: string) =>
    ApiError.field('CONFLICT', 'name', `A dashlet component named '${name}' already exists on this dashboard`);

  async createComponent(appId: string, id: string, input: DashletComponentInput): Promise<DashletComponent> {
    const dashboard = await this.row(appId, id);
    const now = Date.now();
    const row: DashletComponentRow = {
      id: randomUUID(),
      app_id: appId,
      dashboard_id: dashboard.id,
      name: input.name.trim(),
      description: input.description ?? '',
      definition: JSON.stringify(input.definition ?? {}),
      files: DashboardsService.withFiles({}, input.files ?? []),
      created: now,
      updated: now,
    };
    try {
      await this.repo.insertComponents([row]);
    } catch (err) {
      throw translateError(err, { unique: this.componentTaken(row.name) });
    }
    return this.componentOf(row);
  }

  async updateComponent(
    appId: string,
    id: string,
    componentId: string,
    changes: Partial<DashletComponentInput>,
  ): Promise<DashletComponent> {
    const { row } = await this.componentRow(appId, id, componentId);
    const set: Partial<DashletComponentRow> = { updated: Date.now() };
    if (changes.name !== undefined) set.name = changes.name.trim();
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.definition !== undefined) set.definition = JSON.stringify(changes.definition);
    if (changes.files !== undefined) set.files = DashboardsService.withFiles({}, changes.files);
    try {
      await this.repo.updateComponent(row.id, set);
    } catch (err) {
      throw translateError(err, { unique: this.componentTaken(set.name ?? row.name) });
    }
    return this.componentOf({ ...row, ...set });
  }

  async removeComponent(appId: string, id: string, componentId: string): Promise<{ success: true }> {
    const { dashboard, row } = await this.componentRow(appId, id, componentId);
    const users = (await this.repo.dashlets([dashboard.id])).filter((d) => d.component === row.id);
    if (users.length)
      throw ApiError.conflict(
        `Dashlet component '${row.name}' is shown by ${users.length} dashlet(s): remove them first`,
      );
    await this.repo.deleteComponent(row.id);
    return { success: true };
  }

  async files(appId: string, id: string, componentId: string): Promise<DashletComponentFile[]> {
    const { row } = await this.componentRow(appId, id, componentId);
    return filesOf(JSON.parse(row.files) as Files);
  }

  async file(appId: string, id: string, componentId: string, name: string): Promise<{ name: string; content: string }> {
    const { row } = await this.componentRow(appId, id, componentId);
    const files = JSON.parse(row.files) as Files;
    const f = Object.prototype.hasOwnProperty.call(files, name) ? files[name] : undefined;
    if (!f) throw ApiError.notFound(`File '${name.slice(0, 200)}' not found in dashlet component '${row.name}'`);
    return { name, content: f.content };
  }

  /** Adds or replaces files (`replaceOnly`: every file must already be there, 404 naming the first that is not). */
  async putFiles(
    appId: string,
    id: string,
    componentId: string,
    add: Array<{ name: string; content: string }>,
    replaceOnly: boolean,
  ): Promise<DashletComponentFile[]> {
    const { row } = await this.componentRow(appId, id, componentId);
    const files = JSON.parse(row.files) as Files;
    if (replaceOnly) {
      const missing = add.find((f) => !Object.prototype.hasOwnProperty.call(files, f.name));
      if (missing) throw ApiError.notFound(`File '${missing.name}' not found in dashlet component '${row.name}'`);
    }
    const text = DashboardsService.withFiles(files, add);
    await this.repo.updateComponent(row.id, { files: text, updated: Date.now() });
    return filesOf(JSON.parse(text) as Files);
  }
}
