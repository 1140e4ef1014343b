import { randomUUID } from 'node:crypto';
import {
  CHART_NAME_PATTERN,
  bindWhereParams,
  checkDataSource,
  parseDataSourceWhere,
  type Chart,
  type ChartCallerQuery,
  type ChartData,
  type ChartSource,
  type ChartTarget,
} from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { userFacts, type AppCaller } from '../../../http/app-auth.js';
import { translateError } from '../../../db/db-errors.js';
import type { AppData } from '../../appapi/data-access.js';
import type { ContainersService } from '../containers.service.js';
import { visitorOf } from '../render/data.js';
import { VisualRepo, type ChartRow } from './visual.repo.js';

const NAME = new RegExp(CHART_NAME_PATTERN);
const NUMERIC = new Set(['INT', 'DOUBLE']);
const AGG = { count: 'Count', sum: 'Sum', avg: 'Avg', min: 'Min', max: 'Max' } as const;
const MAX_CHARTS = 500;
const DEFAULT_LIMIT = 50;
/** The device a run-as caller reads as (a REST client: RestUser among its roles, as the console's run-as). */
const DEVICE = 'REST';

type Scalar = string | number | boolean | null;

/** The stored target with its dashboard from the column of its own (which an app's copy rewrites). */
const targetOf = (row: Pick<ChartRow, 'target' | 'target_dashboard_id'>): ChartTarget => {
  const t = JSON.parse(row.target) as ChartTarget;
  return t.kind === 'dashboard' ? { kind: 'dashboard', dashboardId: row.target_dashboard_id ?? '' } : t;
};

/** A target as stored: the JSON without the dashboard id, and the dashboard id in its column. */
const storedTarget = (t: ChartTarget) =>
  t.kind === 'dashboard'
    ? { target: JSON.stringify({ kind: 'dashboard' }), target_dashboard_id: t.dashboardId ?? null }
    : { target: JSON.stringify(t), target_dashboard_id: null };

/**
 * Charts of the chart builder (decision 0093): a chart is a table, a where in the where language
 * (parsed and checked against the schema on save; `$name` values bound into the parsed tree as
 * parameters), a group-by column and an aggregate. Its points are computed through the app API's
 * data access as one caller, so table, column, owner and record permissions apply.
 */
export class ChartsService {
  readonly repo: VisualRepo;

  constructor(
    private readonly ctx: ServerContext,
    private readonly data: AppData,
    private readonly containers: ContainersService,
  ) {
    this.repo = new VisualRepo(ctx.dbs);
  }

  view(row: ChartRow): Chart {
    return {
      id: row.id,
      name: row.name,
      chartSource: JSON.parse(row.source) as ChartSource,
      chartTarget: targetOf(row),
      created: Number(row.created),
      updated: Number(row.updated),
    };
  }

  async list(appId: string): Promise<Chart[]> {
    return (await this.repo.charts(appId)).map((r) => this.view(r));
  }

  async row(appId: string, name: string): Promise<ChartRow> {
    const row = NAME.test(name) ? await this.repo.chart(appId, name) : undefined;
    if (!row) throw ApiError.notFound(`Chart '${name.slice(0, 100)}' not found`);
    return row;
  }

  /** The source as stored: table, columns, where and sort checked against the app's schema (400 naming the first problem). */
  private async checkedSource(appId: string, source: ChartSource): Promise<ChartSource> {
    const schema = this.ctx.data.schemaNow(appId) ?? (await this.ctx.data.schema(appId));
    const table = schema.table(source.table);
    if (!table) throw ApiError.field('VALIDATION', 'chartSource.table', `Table '${source.table}' does not exist`);
    const column = (field: 'x' | 'y', name: string) => {
      const c = table.columns.find((col) => col.name === name);
      if (!c)
        throw ApiError.field('VALIDATION', `chartSource.${field}`, `Table '${table.name}' has no column '${name}'`);
      return c;
    };
    column('x', source.x);
    if (source.aggregate !== 'count') {
      if (!source.y)
        throw ApiError.field('VALIDATION', 'chartSource.y', `The ${source.aggregate} of a chart needs a column y`);
      const y = column('y', source.y);
      if ((source.aggregate === 'sum' || source.aggregate === 'avg') && !NUMERIC.has(y.dataType))
        throw ApiError.field(
          'VALIDATION',
          'chartSource.y',
          `The ${source.aggregate} needs a number column; '${y.name}' is ${y.dataType}`,
        );
    } else if (source.y) column('y', source.y);
    // The where goes through the UI Builder's data-source check: parsed, every column known, every $param declared.
    const problems: Array<{ path: string; message: string }> = [];
    checkDataSource(
      { id: 'chart', kind: 'table', table: table.name, where: source.where, params: source.params ?? {} },
      'chartSource',
      (name) => {
        const t = schema.table(name);
        return t ? { columns: t.columns.map((c) => c.name) } : undefined;
      },
      (_binding, at) => problems.push({ path: at, message: 'A chart parameter is a literal value' }),
      (path, _code, message) => problems.push({ path, message }),
    );
    if (problems.length)
      throw ApiError.field('VALIDATION', problems[0].path, problems[0].message, { issues: problems.slice(0, 20) });
    return {
      name: source.name,
      ...(source.title ? { title: source.title } : {}),
      type: source.type,
      table: table.name,
      x: source.x,
      ...(source.y ? { y: source.y } : {}),
      aggregate: source.aggregate,
      ...(source.where?.trim() ? { where: source.where.trim() } : {}),
      ...(source.params && Object.keys(source.params).length ? { params: source.params } : {}),
      ...(source.sortBy ? { sortBy: source.sortBy } : {}),
      ...(source.limit ? { limit: source.limit } : {}),
    };
  }

  /** A target that exists: a live container (and its page) or a dashboard of the app. */
  private async checkedTarget(appId: string, target: ChartTarget | undefined): Promise<ChartTarget> {
    if (!target || target.kind === 'none') return { kind: 'none' };
    if (target.kind === 'container') {
      if (!target.container)
        throw ApiError.field('VALIDATION', 'chartTarget.container', 'A container target names its container');
      const c = await this.containers.live(appId, target.container);
      if (target.page && !(await this.containers.repo.document(c.id, 'page', target.page)))
        throw ApiError.field(
          'VALIDATION',
          'chartTarget.page',
          `The container '${c.name}' has no page '${target.page.slice(0, 100)}'`,
        );
      return { kind: 'container', container: c.name, ...(target.page ? { page: target.page } : {}) };
    }
    if (!target.dashboardId || !(await this.repo.dashboard(appId, target.dashboardId)))
      throw ApiError.field(
        'VALIDATION',
        'chartTarget.dashboardId',
        `Dashboard '${(target.dashboardId ?? '').slice(0, 64)}' not found`,
      );
    return { kind: 'dashboard', dashboardId: target.dashboardId };
  }

  private taken = (name: string) =>
    ApiError.field('CONFLICT', 'chartSource.name', `A chart named '${name}' already exists`);

  async create(appId: string, source: ChartSource, target?: ChartTarget): Promise<Chart> {
    const checked = await this.checkedSource(appId, source);
    const where = await this.checkedTarget(appId, target);
    if ((await this.repo.count('ui_charts', appId)) >= MAX_CHARTS)
      throw ApiError.badRequest(`An app has at most ${MAX_CHARTS} charts`);
    const now = Date.now();
    const row: ChartRow = {
      id: randomUUID(),
      app_id: appId,
      name: checked.name,
      table_name: checked.table,
      source: JSON.stringify(checked),
      ...storedTarget(where),
      created: now,
      updated: now,
    };
    try {
      await this.repo.insertChart(row);
    } catch (err) {
      throw translateError(err, { unique: this.taken(checked.name) });
    }
    return this.view(row);
  }

  /** Replaces the chart named by the path; `chartSource.name` may rename it. */
  async update(appId: string, name: string, source: ChartSource, target?: ChartTarget): Promise<Chart> {
    const old = await this.row(appId, name);
    const checked = await this.checkedSource(appId, source);
    const where = target ? await this.checkedTarget(appId, target) : targetOf(old);
    const set = {
      name: checked.name,
      table_name: checked.table,
      source: JSON.stringify(checked),
      ...storedTarget(where),
      updated: Date.now(),
    };
    try {
      await this.repo.updateChart(old.id, set);
    } catch (err) {
      throw translateError(err, { unique: this.taken(checked.name) });
    }
    return this.view({ ...old, ...set });
  }

  async rename(appId: string, oldName: string, newName: string): Promise<Chart> {
    const old = await this.row(appId, oldName);
    const source = { ...(JSON.parse(old.source) as ChartSource), name: newName };
    const set = { name: newName, source: JSON.stringify(source), updated: Date.now() };
    try {
      await this.repo.updateChart(old.id, set);
    } catch (err) {
      throw translateError(err, { unique: this.taken(newName) });
    }
    return this.view({ ...old, ...set });
  }

  async remove(appId: string, name: string): Promise<{ success: true }> {
    const row = await this.row(appId, name);
    await this.repo.deleteChart(row.id);
    return { success: true };
  }

  /** Who chart data is read as: a role alone, an app user with its roles, or the anonymous visitor. */
  async callerOf(appId: string, as: ChartCallerQuery | undefined): Promise<AppCaller> {
    if (as?.roleName !== undefined && as.roleName !== '') {
      const role = await this.ctx.security.roles.find(appId, as.roleName);
      if (!role) throw ApiError.field('BAD_REQUEST', 'roleName', `Role '${as.roleName.slice(0, 100)}' does not exist`);
      return {
        appId,
        deviceType: DEVICE,
        userId: null,
        roles: [{ id: role.id, name: role.name }],
        apiKey: '',
        token: null,
      };
    }
    if (as?.userId !== undefined && as.userId !== '') {
      const user = await userFacts(this.ctx, appId, as.userId);
      if (!user) throw ApiError.field('BAD_REQUEST', 'userId', `User '${as.userId.slice(0, 100)}' does not exist`);
      return { ...(await this.ctx.security.callerFor(appId, DEVICE, user)), apiKey: '', token: null };
    }
    return visitorOf(this.ctx, appId);
  }

  /**
   * The chart's points as `caller` sees them: the app API's find with the chart's group-by and
   * aggregate, its where parsed again (the schema may have changed) with the parameters bound as
   * literals. A caller who may find no row of the table at all is refused (403), rather than shown
   * an empty chart that looks like "no data".
   */
  async points(appId: string, source: ChartSource, caller: AppCaller): Promise<ChartData> {
    const schema = this.ctx.data.schemaNow(appId) ?? (await this.ctx.data.schema(appId));
    const table = schema.table(source.table);
    if (!table) throw ApiError.badRequest(`The chart's table '${source.table}' no longer exists`);
    const filter = await this.ctx.security.engine.rowFilter(caller, table.tableId, 'Find');
    if (filter.kind === 'none')
      throw ApiError.forbidden(
        `${caller.roles.map((r) => r.name).join(', ') || 'This caller'} may not find records of '${table.name}'`,
      );
    const parsed = parseDataSourceWhere(source.where);
    if ('error' in parsed) throw ApiError.badRequest(`The chart's where is not valid: ${parsed.error}`);
    const values: Record<string, Scalar> = { ...(source.params ?? {}) };
    const condition = parsed.condition ? bindWhereParams(parsed.condition, values) : undefined;
    const value = `${AGG[source.aggregate]}(${source.aggregate === 'count' ? source.y || 'objectId' : source.y}) as chartValue`;
    const sort =
      source.sortBy === 'value'
        ? 'chartValue'
        : source.sortBy === 'value desc'
          ? 'chartValue desc'
          : source.sortBy === 'x desc'
            ? `${source.x} desc`
            : source.x;
    const rows = await this.data.find(
      caller,
      table.name,
      { props: [source.x, value], groupBy: [source.x], sortBy: [sort], pageSize: source.limit ?? DEFAULT_LIMIT },
      false,
      condition ? [condition] : undefined,
    );
    return {
      name: source.name,
      type: source.type,
      x: source.x,
      y: source.y ?? null,
      aggregate: source.aggregate,
      as: { roles: caller.roles.map((r) => r.name), userId: caller.userId },
      points: rows.map((r) => {
        const x = r[source.x];
        return {
          x: x === null || ['string', 'number', 'boolean'].includes(typeof x) ? (x as Scalar) : String(x),
          value: Number(r.chartValue) || 0,
        };
      }),
    };
  }

  async dataOf(appId: string, name: string, as: ChartCallerQuery | undefined): Promise<ChartData> {
    const row = await this.row(appId, name);
    return this.points(appId, JSON.parse(row.source) as ChartSource, await this.callerOf(appId, as));
  }
}
