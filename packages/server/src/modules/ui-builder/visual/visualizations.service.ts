import { randomUUID } from 'node:crypto';
import type { PublishedContainer, Visualization, VisualizationInput } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { translateError } from '../../../db/db-errors.js';
import type { ContainersService, UiUrls } from '../containers.service.js';
import type { ChartsService } from './charts.service.js';
import { VisualRepo, type VisualizationRow } from './visual.repo.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX = 500;

/**
 * Visualizations (decision 0093): a named showing of a published UI container or of a chart. The
 * referenced thing is looked up when the visualization is saved and when its resources are
 * updated; its url is always the container's current public base.
 */
export class VisualizationsService {
  readonly repo: VisualRepo;

  constructor(
    ctx: ServerContext,
    private readonly containers: ContainersService,
    private readonly charts: ChartsService,
    private readonly urls: UiUrls,
  ) {
    this.repo = new VisualRepo(ctx.dbs);
  }

  /** Live, published containers by name, with their publication number and time. */
  async published(appId: string): Promise<PublishedContainer[]> {
    const live = (await this.containers.repo.containers(appId)).filter((c) => c.publication_id);
    const out: PublishedContainer[] = [];
    for (const c of live) {
      const p = (await this.containers.repo.publications(c.id)).find((x) => x.id === c.publication_id);
      if (p)
        out.push({
          name: c.name,
          url: this.urls.containerUrl(appId, c.name),
          publication: Number(p.number),
          published: Number(p.created),
        });
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  }

  private async urlOf(appId: string, type: string, source: string): Promise<string | null> {
    if (type !== 'container') return null;
    const c = await this.containers.repo.container(appId, source);
    return c && c.removed_at === null && c.publication_id ? this.urls.containerUrl(appId, c.name) : null;
  }

  private async view(r: VisualizationRow): Promise<Visualization> {
    return {
      id: r.id,
      name: r.name,
      type: r.type as Visualization['type'],
      source: r.source,
      description: r.description,
      url: await this.urlOf(r.app_id, r.type, r.source),
      resourcesUpdated: Number(r.resources_updated),
      created: Number(r.created),
      updated: Number(r.updated),
    };
  }

  async list(appId: string): Promise<Visualization[]> {
    return Promise.all((await this.repo.visualizations(appId)).map((r) => this.view(r)));
  }

  private async row(appId: string, id: string): Promise<VisualizationRow> {
    const row = ID.test(id) ? await this.repo.visualization(appId, id) : undefined;
    if (!row) throw ApiError.notFound(`Visualization '${id.slice(0, 64)}' not found`);
    return row;
  }

  /** The source must exist now: a published live container, or a chart. */
  private async checkSource(appId: string, type: string, source: string): Promise<void> {
    if (type === 'chart') {
      await this.charts.row(appId, source).catch(() => {
        throw ApiError.field('VALIDATION', 'source', `Chart '${source.slice(0, 100)}' not found`);
      });
      return;
    }
    if (!(await this.urlOf(appId, type, source)))
      throw ApiError.field(
        'VALIDATION',
        'source',
        `UI container '${source.slice(0, 100)}' is not published (or does not exist)`,
      );
  }

  private taken = (name: string) =>
    ApiError.field('CONFLICT', 'name', `A visualization named '${name}' already exists`);

  async create(appId: string, input: VisualizationInput): Promise<Visualization> {
    const name = input.name.trim();
    if (!name) throw ApiError.field('VALIDATION', 'name', 'A visualization needs a name');
    await this.checkSource(appId, input.type, input.source);
    if ((await this.repo.count('ui_visualizations', appId)) >= MAX)
      throw ApiError.badRequest(`An app has at most ${MAX} visualizations`);
    const now = Date.now();
    const row: VisualizationRow = {
      id: randomUUID(),
      app_id: appId,
      name,
      type: input.type,
      source: input.source,
      description: input.description ?? '',
      resources_updated: now,
      created: now,
      updated: now,
    };
    try {
      await this.repo.insertVisualization(row);
    } catch (err) {
      throw translateError(err, { unique: this.taken(name) });
    }
    return this.view(row);
  }

  async update(appId: string, id: string, changes: Partial<VisualizationInput>): Promise<Visualization> {
    const row = await this.row(appId, id);
    const next = { ...row, updated: Date.now() };
    if (changes.name !== undefined) next.name = changes.name.trim();
    if (changes.description !== undefined) next.description = changes.description;
    if (changes.type !== undefined) next.type = changes.type;
    if (changes.source !== undefined) next.source = changes.source;
    if (changes.type !== undefined || changes.source !== undefined) {
      await this.checkSource(appId, next.type, next.source);
      next.resources_updated = next.updated;
    }
    try {
      await this.repo.updateVisualization(row.id, next);
    } catch (err) {
      throw translateError(err, { unique: this.taken(next.name) });
    }
    return this.view(next);
  }

  /** Every id must be one of the app's (404 naming the first that is not); then all go at once. */
  async remove(appId: string, ids: string[]): Promise<{ success: true }> {
    for (const id of ids) await this.row(appId, id);
    await this.repo.deleteVisualizations(appId, ids);
    return { success: true };
  }

  /** Looks the source up again: 400 when it is no longer there (the visualization is kept). */
  async refresh(appId: string, id: string): Promise<Visualization> {
    const row = await this.row(appId, id);
    await this.checkSource(appId, row.type, row.source);
    const set = { resources_updated: Date.now() };
    await this.repo.updateVisualization(row.id, set);
    return this.view({ ...row, ...set });
  }
}
