import { randomUUID } from 'node:crypto';
import type { PageDocument, UiPublication, UiPublishAnswer } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { translateError } from '../../db/db-errors.js';
import { checkedDocument } from './documents.service.js';
import type { ContainersService, UiUrls } from './containers.service.js';
import type { Snapshot } from './render/page.js';
import { publicationOf } from './views.js';
import type { ContainerRow } from './ui-builder.repo.js';
import type { PublishedLook } from './look/published.js';

/** Parsed snapshots kept in memory by publication id: they never change, so they never go stale. */
const MAX_CACHED = 200;

/**
 * Publishing (decision 0080): an immutable snapshot of a container's pages and layouts, written as
 * a new numbered publication and made the served one in the same transaction. Rolling back points
 * the container at an earlier publication.
 */
export class PublishService {
  private readonly cache = new Map<string, Snapshot>();

  constructor(
    private readonly ctx: ServerContext,
    private readonly containers: ContainersService,
    private readonly urls: UiUrls,
    /** Look and text (decision 0086): compiled styles, dictionaries, head settings, PWA. */
    private readonly look?: { forPublish(c: ContainerRow): Promise<PublishedLook> },
  ) {}

  private get repo() {
    return this.containers.repo;
  }

  /** `developerId`: who published, told with `ui.container.published` (Missions count it). */
  async publish(
    appId: string,
    name: string,
    body: { description?: string },
    author: string,
    developerId?: string,
  ): Promise<UiPublishAnswer> {
    const c = await this.containers.live(appId, name);
    const snapshot = await this.snapshotOf(appId, c);
    const text = JSON.stringify(snapshot);
    const id = randomUUID();
    const now = Date.now();
    try {
      await this.repo.tx(async (db) => {
        const number = (await this.repo.lastNumber(c.id, db)) + 1;
        await this.repo.insertPublication(
          {
            id,
            app_id: appId,
            container_id: c.id,
            number,
            description: body.description ?? '',
            author,
            snapshot: text,
            size: Buffer.byteLength(text),
            created: now,
          },
          db,
        );
        // The pointer moves with the insert: visitors see the old publication or the new one, whole.
        await this.repo.updateContainer(c.id, { publication_id: id, updated: now }, db);
      });
    } catch (err) {
      throw translateError(err, {
        unique: ApiError.conflict('Another publish of this container ran at the same moment: publish again'),
      });
    }
    this.ctx.bus.emit('ui.container.published', { appId, container: name, ...(developerId ? { developerId } : {}) });
    return this.answer(appId, name, id);
  }

  /**
   * The container's pages and layouts as they are now, each checked again (a table or column
   * dropped since the save fails, named): what a publish freezes and what a preview shows.
   */
  private async snapshotOf(appId: string, c: ContainerRow): Promise<Snapshot> {
    const docs = await this.repo.documents(c.id);
    const look = await this.look?.forPublish(c);
    const i18nKeys = look ? new Set(Object.values(look.i18n.dictionaries).flatMap((d) => Object.keys(d))) : undefined;
    const snapshot: Snapshot = { mainPage: c.main_page, pages: {}, layouts: {}, ...(look ? { look } : {}) };
    for (const d of docs) {
      let document: PageDocument;
      try {
        // Checked again: a table or column dropped since the save fails the publish, named.
        document = await checkedDocument(this.ctx, appId, JSON.parse(d.document), i18nKeys);
      } catch (err) {
        if (err instanceof ApiError)
          throw new ApiError(
            err.code,
            `${d.kind === 'page' ? 'Page' : 'Layout'} '${d.name}': ${err.message}`,
            err.details,
          );
        throw err;
      }
      if (d.kind === 'page') snapshot.pages[d.name] = { title: d.title, layoutId: d.layout_id, document };
      else snapshot.layouts[d.name] = { title: d.title, document };
    }
    if (!snapshot.pages[c.main_page]) throw ApiError.badRequest(`The main page '${c.main_page}' does not exist`);
    return snapshot;
  }

  /** The unpublished state of a live container, for the console's preview (404 when unknown or in the trash). */
  async draft(appId: string, name: string): Promise<Snapshot> {
    return this.snapshotOf(appId, await this.containers.live(appId, name));
  }

  private async answer(appId: string, name: string, id: string): Promise<UiPublishAnswer> {
    const url = this.urls.containerUrl(appId, name);
    const row = await this.repo.publication(id);
    return { url, publication: publicationOf(row!, url, id) };
  }

  async history(appId: string, name: string): Promise<UiPublication[]> {
    const c = await this.containers.live(appId, name);
    const url = this.urls.containerUrl(appId, name);
    return (await this.repo.publications(c.id)).map((p) => publicationOf(p, url, c.publication_id));
  }

  async rollback(appId: string, name: string, numberText: string): Promise<UiPublishAnswer> {
    const c = await this.containers.live(appId, name);
    const number = /^\d{1,9}$/.test(numberText) ? Number(numberText) : NaN;
    const row = Number.isFinite(number) ? await this.repo.publicationByNumber(c.id, number) : undefined;
    if (!row) throw ApiError.notFound(`The container '${name}' has no publication ${numberText.slice(0, 20)}`);
    await this.repo.updateContainer(c.id, { publication_id: row.id, updated: Date.now() });
    return this.answer(appId, name, row.id);
  }

  /** The served snapshot of a live container, or undefined (unknown, in the trash, never published). */
  async served(appId: string, name: string): Promise<Snapshot | undefined> {
    const c = await this.repo.served(appId, name);
    if (!c?.publication_id) return undefined;
    const known = this.cache.get(c.publication_id);
    if (known) return known;
    const row = await this.repo.publication(c.publication_id);
    if (!row) return undefined;
    const snapshot = JSON.parse(row.snapshot) as Snapshot;
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(c.publication_id, snapshot);
    return snapshot;
  }
}
