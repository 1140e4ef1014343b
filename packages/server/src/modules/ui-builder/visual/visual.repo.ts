import type { Kysely, Transaction } from 'kysely';
import type { Databases } from '../../../db/dialect.js';

type Num = number | string;

export interface ChartRow {
  id: string;
  app_id: string;
  name: string;
  table_name: string;
  source: string;
  target: string;
  /** The dashboard of a `dashboard` target (the JSON target leaves it out), else null. */
  target_dashboard_id: string | null;
  created: Num;
  updated: Num;
}

export interface DashboardRow {
  id: string;
  app_id: string;
  name: string;
  description: string;
  settings: string;
  position: number;
  created: Num;
  updated: Num;
}

export interface DashletRow {
  id: string;
  app_id: string;
  dashboard_id: string;
  component: string;
  title: string;
  config: string;
  x: number;
  y: number;
  width: number;
  height: number;
  created: Num;
}

export interface DashletComponentRow {
  id: string;
  app_id: string;
  dashboard_id: string;
  name: string;
  description: string;
  definition: string;
  files: string;
  created: Num;
  updated: Num;
}

export interface VisualizationRow {
  id: string;
  app_id: string;
  name: string;
  type: string;
  source: string;
  description: string;
  resources_updated: Num;
  created: Num;
  updated: Num;
}

export interface QuickAppRow {
  id: string;
  app_id: string;
  container: string;
  table_name: string;
  created: Num;
}

export interface VisualTables {
  ui_charts: ChartRow;
  ui_dashboards: DashboardRow;
  ui_dashlets: DashletRow;
  ui_dashlet_components: DashletComponentRow;
  ui_visualizations: VisualizationRow;
  ui_quick_apps: QuickAppRow;
}

type Db = Kysely<VisualTables> | Transaction<VisualTables>;

/** The SQL of charts, dashboards, visualizations and quick apps (system database, parameterised). */
export class VisualRepo {
  constructor(private readonly dbs: Databases) {}

  get db(): Kysely<VisualTables> {
    return this.dbs.system as unknown as Kysely<VisualTables>;
  }

  tx<T>(fn: (db: Transaction<VisualTables>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // charts

  charts(appId: string): Promise<ChartRow[]> {
    return this.db.selectFrom('ui_charts').selectAll().where('app_id', '=', appId).orderBy('name').execute();
  }

  chart(appId: string, name: string): Promise<ChartRow | undefined> {
    return this.db
      .selectFrom('ui_charts')
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async insertChart(row: ChartRow): Promise<void> {
    await this.db.insertInto('ui_charts').values(row).execute();
  }

  async updateChart(id: string, set: Partial<ChartRow>): Promise<void> {
    await this.db.updateTable('ui_charts').set(set).where('id', '=', id).execute();
  }

  async deleteChart(id: string): Promise<void> {
    await this.db.deleteFrom('ui_charts').where('id', '=', id).execute();
  }

  async count(table: 'ui_charts' | 'ui_dashboards' | 'ui_visualizations' | 'ui_quick_apps', appId: string) {
    const r = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_id', '=', appId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  // dashboards

  dashboards(appId: string, db: Db = this.db): Promise<DashboardRow[]> {
    return db
      .selectFrom('ui_dashboards')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('position')
      .orderBy('name')
      .execute();
  }

  dashboard(appId: string, id: string, db: Db = this.db): Promise<DashboardRow | undefined> {
    return db
      .selectFrom('ui_dashboards')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  dashboardByName(appId: string, name: string): Promise<DashboardRow | undefined> {
    return this.db
      .selectFrom('ui_dashboards')
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async insertDashboard(row: DashboardRow, db: Db = this.db): Promise<void> {
    await db.insertInto('ui_dashboards').values(row).execute();
  }

  async updateDashboard(id: string, set: Partial<DashboardRow>, db: Db = this.db): Promise<void> {
    await db.updateTable('ui_dashboards').set(set).where('id', '=', id).execute();
  }

  async deleteDashboard(id: string): Promise<void> {
    await this.tx(async (db) => {
      await db.deleteFrom('ui_dashlets').where('dashboard_id', '=', id).execute();
      await db.deleteFrom('ui_dashlet_components').where('dashboard_id', '=', id).execute();
      await db.deleteFrom('ui_dashboards').where('id', '=', id).execute();
    });
  }

  dashlets(dashboardIds: string[], db: Db = this.db): Promise<DashletRow[]> {
    if (!dashboardIds.length) return Promise.resolve([]);
    return db
      .selectFrom('ui_dashlets')
      .selectAll()
      .where('dashboard_id', 'in', dashboardIds)
      .orderBy('y')
      .orderBy('x')
      .orderBy('created')
      .execute();
  }

  dashlet(dashboardId: string, id: string): Promise<DashletRow | undefined> {
    return this.db
      .selectFrom('ui_dashlets')
      .selectAll()
      .where('dashboard_id', '=', dashboardId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertDashlets(rows: DashletRow[], db: Db = this.db): Promise<void> {
    if (rows.length) await db.insertInto('ui_dashlets').values(rows).execute();
  }

  async updateDashlet(id: string, set: Partial<DashletRow>): Promise<void> {
    await this.db.updateTable('ui_dashlets').set(set).where('id', '=', id).execute();
  }

  async deleteDashlet(id: string): Promise<void> {
    await this.db.deleteFrom('ui_dashlets').where('id', '=', id).execute();
  }

  components(dashboardId: string, db: Db = this.db): Promise<DashletComponentRow[]> {
    return db
      .selectFrom('ui_dashlet_components')
      .selectAll()
      .where('dashboard_id', '=', dashboardId)
      .orderBy('name')
      .execute();
  }

  component(dashboardId: string, id: string): Promise<DashletComponentRow | undefined> {
    return this.db
      .selectFrom('ui_dashlet_components')
      .selectAll()
      .where('dashboard_id', '=', dashboardId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertComponents(rows: DashletComponentRow[], db: Db = this.db): Promise<void> {
    if (rows.length) await db.insertInto('ui_dashlet_components').values(rows).execute();
  }

  async updateComponent(id: string, set: Partial<DashletComponentRow>): Promise<void> {
    await this.db.updateTable('ui_dashlet_components').set(set).where('id', '=', id).execute();
  }

  async deleteComponent(id: string): Promise<void> {
    await this.db.deleteFrom('ui_dashlet_components').where('id', '=', id).execute();
  }

  // visualizations

  visualizations(appId: string): Promise<VisualizationRow[]> {
    return this.db.selectFrom('ui_visualizations').selectAll().where('app_id', '=', appId).orderBy('name').execute();
  }

  visualization(appId: string, id: string): Promise<VisualizationRow | undefined> {
    return this.db
      .selectFrom('ui_visualizations')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertVisualization(row: VisualizationRow): Promise<void> {
    await this.db.insertInto('ui_visualizations').values(row).execute();
  }

  async updateVisualization(id: string, set: Partial<VisualizationRow>): Promise<void> {
    await this.db.updateTable('ui_visualizations').set(set).where('id', '=', id).execute();
  }

  async deleteVisualizations(appId: string, ids: string[]): Promise<void> {
    await this.db.deleteFrom('ui_visualizations').where('app_id', '=', appId).where('id', 'in', ids).execute();
  }

  // quick apps

  quickApps(appId: string): Promise<QuickAppRow[]> {
    return this.db.selectFrom('ui_quick_apps').selectAll().where('app_id', '=', appId).orderBy('container').execute();
  }

  quickApp(appId: string, container: string): Promise<QuickAppRow | undefined> {
    return this.db
      .selectFrom('ui_quick_apps')
      .selectAll()
      .where('app_id', '=', appId)
      .where('container', '=', container)
      .executeTakeFirst();
  }

  async insertQuickApp(row: QuickAppRow): Promise<void> {
    await this.db.insertInto('ui_quick_apps').values(row).execute();
  }

  async deleteQuickApp(appId: string, container: string): Promise<void> {
    await this.db.deleteFrom('ui_quick_apps').where('app_id', '=', appId).where('container', '=', container).execute();
  }
}
