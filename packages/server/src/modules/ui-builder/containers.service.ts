import { randomUUID } from 'node:crypto';
import {
  emptyPageDocument,
  uiNameProblem,
  type UiContainer,
  type UiContainerSummary,
  type UiRemovedContainer,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { translateError } from '../../db/db-errors.js';
import { UiBuilderRepo, type ContainerRow, type DocumentRow, type UiDb } from './ui-builder.repo.js';
import { containerOf, containerSummary, publicationOf } from './views.js';

/** The public base of the UI origin (decision 0080), known once its listener is up. */
export interface UiUrls {
  /** `{base}/{appId}/{container}`: the container's public URL. */
  containerUrl(appId: string, name: string): string;
}

/** A blank container's pages: the main page and the page shown for unknown names. */
const BLANK_PAGES = ['landing', '404'];
/** What `init` makes for a new app: `default` (blank) and `system` (the platform's own pages). */
const DEFAULTS: Array<{ name: string; title: string; mainPage: string; pages: string[] }> = [
  { name: 'default', title: 'Default', mainPage: 'landing', pages: BLANK_PAGES },
  { name: 'system', title: 'System', mainPage: 'login', pages: ['login', '404'] },
];

export const checkName = (what: string, value: unknown): string => {
  const problem = uiNameProblem(what, value);
  if (problem) throw ApiError.badRequest(problem);
  return value as string;
};

const titleOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * Containers of an app: init, create (blank or as a fork), load, update, the trash (delete,
 * list, restore, purge). Each change that touches several rows runs in one transaction.
 */
export class ContainersService {
  readonly repo: UiBuilderRepo;

  constructor(
    private readonly ctx: ServerContext,
    private readonly urls: UiUrls,
  ) {
    this.repo = new UiBuilderRepo(ctx.dbs);
  }

  /** A live container by name, else 404. */
  async live(appId: string, name: string): Promise<ContainerRow> {
    const row = await this.repo.container(appId, checkName('container', name));
    if (!row || row.removed_at !== null) throw ApiError.notFound(`UI container '${name}' not found`);
    return row;
  }

  /** Makes the app's default containers when missing; answers every live container. Safe to call again. */
  async init(appId: string): Promise<{ containers: UiContainerSummary[] }> {
    const have = new Set((await this.repo.containers(appId)).map((c) => c.name));
    const removed = new Set((await this.repo.containers(appId, true)).map((c) => c.name));
    for (const d of DEFAULTS) {
      if (have.has(d.name) || removed.has(d.name)) continue;
      try {
        await this.repo.tx((db) => this.insertBlank(db, appId, d.name, d.title, '', d.mainPage, d.pages));
      } catch (err) {
        // Two inits at once: the other one made it.
        const translated = translateError(err, { unique: ApiError.conflict('exists') });
        if (!(translated instanceof ApiError) || translated.code !== 'CONFLICT') throw translated;
      }
    }
    return { containers: await this.list(appId) };
  }

  async list(appId: string): Promise<UiContainerSummary[]> {
    const rows = await this.repo.containers(appId);
    const numbers = await this.repo.numbers(rows.flatMap((r) => (r.publication_id ? [r.publication_id] : [])));
    return rows.map((r) =>
      containerSummary(
        r,
        this.urls.containerUrl(appId, r.name),
        r.publication_id ? (numbers.get(r.publication_id) ?? null) : null,
      ),
    );
  }

  private async insertBlank(
    db: UiDb,
    appId: string,
    name: string,
    title: string,
    description: string,
    mainPage: string,
    pages: string[],
  ): Promise<ContainerRow> {
    const now = Date.now();
    const row: ContainerRow = {
      id: randomUUID(),
      app_id: appId,
      name,
      title,
      description,
      main_page: mainPage,
      forked_from: null,
      removed_at: null,
      publication_id: null,
      created: now,
      updated: now,
    };
    await this.repo.insertContainer(row, db);
    const document = JSON.stringify(emptyPageDocument());
    for (const page of pages)
      await this.repo.insertDocument(
        {
          app_id: appId,
          container_id: row.id,
          kind: 'page',
          name: page,
          title: page === '404' ? 'Page not found' : titleOf(page),
          layout_id: null,
          document,
          revision: 0,
          created: now,
          updated: now,
        },
        db,
      );
    return row;
  }

  /** Creates a container: blank, or a copy of another's pages, layouts and logic (`forkFrom`). */
  async create(
    appId: string,
    body: { name: string; forkFrom?: string; title?: string; description?: string },
  ): Promise<UiContainer> {
    const name = checkName('container', body.name);
    const existing = await this.repo.container(appId, name);
    if (existing) throw this.taken(name, existing);
    const source = body.forkFrom !== undefined ? await this.live(appId, body.forkFrom) : undefined;
    const now = Date.now();
    try {
      await this.repo.tx(async (db) => {
        if (!source) {
          await this.insertBlank(
            db,
            appId,
            name,
            body.title ?? titleOf(name),
            body.description ?? '',
            'landing',
            BLANK_PAGES,
          );
          return;
        }
        const id = randomUUID();
        await this.repo.insertContainer(
          {
            ...source,
            id,
            name,
            title: body.title ?? titleOf(name),
            description: body.description ?? source.description,
            forked_from: source.name,
            removed_at: null,
            publication_id: null,
            created: now,
            updated: now,
          },
          db,
        );
        // Copied inside the transaction that reads them: a fork never sees half of an edit.
        for (const d of await this.repo.documents(source.id, undefined, db))
          await this.repo.insertDocument(
            { ...d, container_id: id, created: now, updated: now } satisfies DocumentRow,
            db,
          );
        for (const l of await this.repo.allLogic(source.id, db))
          await this.repo.insertLogic({ ...l, container_id: id, created: now, updated: now }, db);
      });
    } catch (err) {
      throw translateError(err, { unique: ApiError.conflict(`A UI container named '${name}' already exists`) });
    }
    return this.load(appId, name);
  }

  private taken(name: string, row: ContainerRow): ApiError {
    return row.removed_at !== null
      ? ApiError.conflict(`A UI container named '${name}' is in the trash: restore or purge it first`)
      : ApiError.conflict(`A UI container named '${name}' already exists`);
  }

  async load(appId: string, name: string): Promise<UiContainer> {
    return this.view(await this.live(appId, name));
  }

  async view(row: ContainerRow): Promise<UiContainer> {
    const url = this.urls.containerUrl(row.app_id, row.name);
    const docs = await this.repo.documents(row.id);
    const current = row.publication_id
      ? (await this.repo.publications(row.id)).find((p) => p.id === row.publication_id)
      : undefined;
    return containerOf(row, url, docs, current ? publicationOf(current, url, row.publication_id) : null);
  }

  async update(
    appId: string,
    name: string,
    body: { title?: string; description?: string; mainPage?: string },
  ): Promise<UiContainer> {
    const row = await this.live(appId, name);
    const set: Partial<ContainerRow> = { updated: Date.now() };
    if (body.title !== undefined) set.title = body.title;
    if (body.description !== undefined) set.description = body.description;
    if (body.mainPage !== undefined) {
      const page = checkName('page', body.mainPage);
      if (!(await this.repo.document(row.id, 'page', page)))
        throw ApiError.badRequest(`The container has no page '${page}'`);
      set.main_page = page;
    }
    await this.repo.updateContainer(row.id, set);
    return this.load(appId, name);
  }

  /** Moves a container to the trash: it leaves lists and its public pages answer 404 at once. */
  async remove(appId: string, name: string): Promise<{ success: true }> {
    const row = await this.live(appId, name);
    await this.repo.updateContainer(row.id, { removed_at: Date.now() });
    return { success: true };
  }

  async removed(appId: string): Promise<UiRemovedContainer[]> {
    const rows = await this.repo.containers(appId, true);
    return rows.map((r) => ({ name: r.name, title: r.title, removedAt: Number(r.removed_at) }));
  }

  private async trashed(appId: string, name: string): Promise<ContainerRow> {
    const row = await this.repo.container(appId, checkName('container', name));
    if (!row || row.removed_at === null) throw ApiError.notFound(`No UI container '${name}' in the trash`);
    return row;
  }

  async purge(appId: string, name: string): Promise<{ success: true }> {
    const row = await this.trashed(appId, name);
    await this.repo.tx((db) => this.repo.purgeContainer(row.id, db));
    return { success: true };
  }

  async restore(appId: string, name: string): Promise<UiContainer> {
    const row = await this.trashed(appId, name);
    await this.repo.updateContainer(row.id, { removed_at: null, updated: Date.now() });
    return this.load(appId, name);
  }
}
