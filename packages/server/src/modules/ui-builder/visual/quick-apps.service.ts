import { randomUUID } from 'node:crypto';
import type { PageDocument, QuickApp, QuickAppInput, UiNode, UiPublishAnswer } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import type { ColumnMeta } from '../../data/index.js';
import { checkName, type ContainersService, type UiUrls } from '../containers.service.js';
import type { DocumentsService } from '../documents.service.js';
import type { PublishService } from '../publish.service.js';
import { VisualRepo, type QuickAppRow } from './visual.repo.js';

const MAX_QUICK_APPS = 100;
/** Column types a generated form has an input for (relations, files, geometry and JSON have none). */
const EDITABLE = new Set(['STRING', 'EXTENDED_STRING', 'TEXT', 'INT', 'DOUBLE', 'BOOLEAN', 'DATETIME']);
const PAGES = ['list', 'form'];

const labelOf = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

/** The input node of one column on the generated form. */
function inputOf(c: ColumnMeta): UiNode {
  const uid = `input_${c.name}`.slice(0, 50);
  if (c.dataType === 'BOOLEAN') return { uid, type: 'Checkbox', props: { name: c.name, label: labelOf(c.name) } };
  const inputType =
    c.dataType === 'INT' || c.dataType === 'DOUBLE' ? 'number' : c.dataType === 'DATETIME' ? 'date' : 'text';
  return {
    uid,
    type: 'Input',
    props: { name: c.name, label: labelOf(c.name), inputType, ...(c.required ? { required: true } : {}) },
  };
}

/**
 * Quick apps (decision 0093): a UI container generated from one table in one step through the UI
 * Builder's own services — page `list` (a DataTable bound to the table, newest first) as the main
 * page and page `form` (a Form of the table's writable columns) — so every document passes the
 * same validation as the editor's. Deploying is the UI Builder's publish (operation 111).
 */
export class QuickAppsService {
  readonly repo: VisualRepo;

  constructor(
    private readonly ctx: ServerContext,
    private readonly containers: ContainersService,
    private readonly docs: DocumentsService,
    private readonly publisher: PublishService,
    private readonly urls: UiUrls,
  ) {
    this.repo = new VisualRepo(ctx.dbs);
  }

  private async view(r: QuickAppRow): Promise<QuickApp | undefined> {
    const c = await this.containers.repo.container(r.app_id, r.container);
    if (!c || c.removed_at !== null) return undefined;
    const pages = (await this.containers.repo.documents(c.id, 'page')).map((d) => d.name).sort();
    return {
      id: c.name,
      name: c.title,
      table: r.table_name,
      pages,
      url: c.publication_id ? this.urls.containerUrl(r.app_id, c.name) : null,
      created: Number(r.created),
    };
  }

  async list(appId: string): Promise<QuickApp[]> {
    const out: QuickApp[] = [];
    for (const r of await this.repo.quickApps(appId)) {
      const v = await this.view(r);
      if (v) out.push(v);
    }
    return out;
  }

  async load(appId: string, id: string): Promise<QuickApp> {
    const row = await this.repo.quickApp(appId, checkName('container', id));
    const v = row && (await this.view(row));
    if (!v) throw ApiError.notFound(`Quick app '${id.slice(0, 100)}' not found`);
    return v;
  }

  /** The two pages' documents for the table's columns (the chosen ones, else its own first eight). */
  private documents(table: { name: string; columns: ColumnMeta[] }, chosen: string[] | undefined, title: string) {
    const own = table.columns.filter((c) => !c.system && EDITABLE.has(c.dataType));
    let columns: ColumnMeta[];
    if (chosen) {
      columns = chosen.map((name, i) => {
        const c = table.columns.find((col) => col.name === name);
        if (!c) throw ApiError.field('VALIDATION', `columns.${i}`, `Table '${table.name}' has no column '${name}'`);
        return c;
      });
    } else columns = own.slice(0, 8);
    if (!columns.length)
      throw ApiError.field('VALIDATION', 'table', `Table '${table.name}' has no column a quick app can show`);
    const list: PageDocument = {
      dataSources: [{ id: 'records', kind: 'table', table: table.name, sortBy: 'created desc', pageSize: 20 }],
      children: [
        { uid: 'title', type: 'Heading', props: { text: title, level: 1 } },
        { uid: 'add', type: 'Link', props: { text: `Add ${labelOf(table.name)}`, href: 'form' } },
        {
          uid: 'records',
          type: 'DataTable',
          props: {
            data: { $data: 'records' },
            columns: columns.map((c) => ({ field: c.name, label: labelOf(c.name) })),
            emptyText: `No ${labelOf(table.name)} yet`,
          },
        },
      ],
    } as PageDocument;
    const writable = columns.filter((c) => !c.system && EDITABLE.has(c.dataType));
    const form: PageDocument = {
      children: [
        { uid: 'title', type: 'Heading', props: { text: `New ${labelOf(table.name)}`, level: 1 } },
        {
          uid: 'form',
          type: 'Form',
          props: { table: table.name, successMessage: 'Saved.' },
          children: [
            ...writable.map(inputOf),
            { uid: 'save', type: 'Button', props: { label: 'Save', buttonType: 'submit' } },
          ],
        },
        { uid: 'back', type: 'Link', props: { text: 'Back to the list', href: 'list' } },
      ],
    } as PageDocument;
    return { list, form };
  }

  /**
   * Creates the container and both pages; when any step fails the container is purged again, so a
   * failed quick app leaves nothing behind (not even in the trash).
   */
  async create(appId: string, input: QuickAppInput): Promise<QuickApp> {
    const name = checkName('container', input.name);
    const schema = this.ctx.data.schemaNow(appId) ?? (await this.ctx.data.schema(appId));
    const table = schema.table(input.table);
    if (!table) throw ApiError.field('VALIDATION', 'table', `Table '${input.table.slice(0, 100)}' does not exist`);
    if ((await this.repo.count('ui_quick_apps', appId)) >= MAX_QUICK_APPS)
      throw ApiError.badRequest(`An app has at most ${MAX_QUICK_APPS} quick apps`);
    const title = input.title?.trim() || labelOf(table.name);
    const pages = this.documents(table, input.columns, title);
    await this.containers.create(appId, { name, title });
    try {
      for (const page of PAGES) {
        await this.docs.createPage(appId, name, {
          name: page,
          title: page === 'list' ? title : `New ${labelOf(table.name)}`,
        });
        await this.docs.updateUI(appId, name, 'page', page, pages[page as 'list' | 'form']);
      }
      await this.containers.update(appId, name, { mainPage: 'list' });
      await this.docs.deletePage(appId, name, 'landing');
      // Left behind by an earlier quick app of this name whose container was purged.
      await this.repo.deleteQuickApp(appId, name);
      await this.repo.insertQuickApp({
        id: randomUUID(),
        app_id: appId,
        container: name,
        table_name: table.name,
        created: Date.now(),
      });
    } catch (err) {
      await this.containers.remove(appId, name).catch(() => undefined);
      await this.containers.purge(appId, name).catch(() => undefined);
      throw err;
    }
    return this.load(appId, name);
  }

  /** Moves the container to the UI Builder's trash (restorable there); the quick app leaves the list. */
  async remove(appId: string, id: string): Promise<{ success: true }> {
    const app = await this.load(appId, id);
    await this.containers.remove(appId, app.id);
    await this.repo.deleteQuickApp(appId, app.id);
    return { success: true };
  }

  async deploy(
    appId: string,
    id: string,
    body: { description?: unknown } | undefined,
    author: string,
    developerId: string,
  ): Promise<UiPublishAnswer> {
    const app = await this.load(appId, id);
    const description = typeof body?.description === 'string' ? body.description : 'Quick app deploy';
    return this.publisher.publish(appId, app.id, { description }, author, developerId);
  }
}
