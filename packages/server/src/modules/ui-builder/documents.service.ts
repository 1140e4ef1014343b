import {
  documentUids,
  emptyPageDocument,
  uiIssuesMessage,
  UI_UID_PATTERN,
  validatePageDocument,
  type PageDocument,
  type UiLayoutSummary,
  type UiLogic,
  type UiPageSummary,
  type UiTableInfo,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { translateError } from '../../db/db-errors.js';
import type { AppSchema } from '../data/index.js';
import { checkName, type ContainersService } from './containers.service.js';
import type { ContainerRow, DocumentKind, DocumentRow, LogicRow, UiBuilderRepo } from './ui-builder.repo.js';
import { layoutSummary, logicOf, pageSummary } from './views.js';

/** Most bytes of one handler's stored logic (source and code together). */
const MAX_LOGIC_BYTES = 1024 * 1024;

/** The columns and relations a data source may name, from the app's schema. */
export function tablesOf(schema: AppSchema): (name: string) => UiTableInfo | undefined {
  return (name) => {
    const t = schema.table(name);
    return t ? { columns: [...t.columns.map((c) => c.name), ...t.relations.map((r) => r.name)] } : undefined;
  };
}

/** Validates a document against the app's current schema; 400 `UI_DOCUMENT_INVALID` listing the issues. */
export async function checkedDocument(
  ctx: ServerContext,
  appId: string,
  input: unknown,
  i18nKeys?: ReadonlySet<string>,
): Promise<PageDocument> {
  const { document, issues } = validatePageDocument(input, {
    tables: tablesOf(await ctx.data.schema(appId)),
    ...(i18nKeys ? { i18nKeys } : {}),
  });
  if (issues.length) throw new ApiError('UI_DOCUMENT_INVALID', uiIssuesMessage(issues), { issues });
  return document;
}

const uidOf = (what: string, value: unknown): string => {
  if (typeof value !== 'string' || !UI_UID_PATTERN.test(value))
    throw ApiError.badRequest(`The ${what} must be 1 to 64 letters, digits, '_' or '-'`);
  return value;
};

/**
 * Pages and layouts of a container (the same rows, `kind` apart), their UI documents and the
 * logic of their components. Logic is stored as data and never run here.
 */
export class DocumentsService {
  constructor(
    private readonly ctx: ServerContext,
    private readonly containers: ContainersService,
    /** The container's i18n keys (decision 0086): a `$t` of another key is refused on save. */
    private readonly i18nKeys?: (containerId: string) => Promise<ReadonlySet<string>>,
  ) {}

  private get repo(): UiBuilderRepo {
    return this.containers.repo;
  }

  private async doc(
    appId: string,
    container: string,
    kind: DocumentKind,
    name: string,
  ): Promise<{ c: ContainerRow; d: DocumentRow }> {
    const c = await this.containers.live(appId, container);
    const d = await this.repo.document(c.id, kind, checkName(kind, name));
    if (!d) throw ApiError.notFound(`The container '${c.name}' has no ${kind} '${name}'`);
    return { c, d };
  }

  private async touch(c: ContainerRow): Promise<void> {
    await this.repo.updateContainer(c.id, { updated: Date.now() });
  }

  private async checkLayout(c: ContainerRow, layoutId: string | null | undefined): Promise<string | null> {
    if (layoutId === undefined || layoutId === null || layoutId === '') return null;
    const id = checkName('layout', layoutId);
    if (!(await this.repo.document(c.id, 'layout', id)))
      throw ApiError.badRequest(`The container has no layout '${id}'`);
    return id;
  }

  private async insert(
    c: ContainerRow,
    kind: DocumentKind,
    name: string,
    title: string,
    layoutId: string | null,
  ): Promise<DocumentRow> {
    if (await this.repo.document(c.id, kind, name))
      throw ApiError.conflict(`The container '${c.name}' already has a ${kind} '${name}'`);
    const now = Date.now();
    const row: DocumentRow = {
      app_id: c.app_id,
      container_id: c.id,
      kind,
      name,
      title,
      layout_id: layoutId,
      document: JSON.stringify(emptyPageDocument()),
      revision: 0,
      created: now,
      updated: now,
    };
    try {
      await this.repo.insertDocument(row);
    } catch (err) {
      throw translateError(err, {
        unique: ApiError.conflict(`The container '${c.name}' already has a ${kind} '${name}'`),
      });
    }
    await this.touch(c);
    return row;
  }

  async createPage(
    appId: string,
    container: string,
    body: { name: string; title?: string; layoutId?: string | null },
  ): Promise<UiPageSummary> {
    const c = await this.containers.live(appId, container);
    const name = checkName('page', body.name);
    const row = await this.insert(c, 'page', name, body.title ?? name, await this.checkLayout(c, body.layoutId));
    return pageSummary(row, c.main_page);
  }

  /** Changes a page's title or layout, or renames it (its logic and the main-page mark go with it). */
  async updatePage(
    appId: string,
    container: string,
    pageName: string,
    body: { name?: string; title?: string; layoutId?: string | null },
  ): Promise<UiPageSummary> {
    const { c, d } = await this.doc(appId, container, 'page', pageName);
    const set: Partial<DocumentRow> = { updated: Date.now() };
    if (body.title !== undefined) set.title = body.title;
    if (body.layoutId !== undefined) set.layout_id = await this.checkLayout(c, body.layoutId);
    const to = body.name !== undefined ? checkName('page', body.name) : d.name;
    if (to !== d.name && (await this.repo.document(c.id, 'page', to)))
      throw ApiError.conflict(`The container '${c.name}' already has a page '${to}'`);
    await this.repo.tx(async (db) => {
      if (to !== d.name) {
        set.name = to;
        await this.repo.renameLogicOwner(c.id, 'page', d.name, to, db);
        if (c.main_page === d.name) await this.repo.updateContainer(c.id, { main_page: to }, db);
      }
      await this.repo.updateDocument(c.id, 'page', d.name, set, db);
      await this.repo.updateContainer(c.id, { updated: Date.now() }, db);
    });
    const row = (await this.repo.document(c.id, 'page', to))!;
    return pageSummary(row, to !== d.name && c.main_page === d.name ? to : c.main_page);
  }

  async deletePage(appId: string, container: string, pageName: string): Promise<{ success: true }> {
    const { c, d } = await this.doc(appId, container, 'page', pageName);
    if (c.main_page === d.name)
      throw ApiError.conflict(`'${d.name}' is the main page of '${c.name}': make another page the main page first`);
    await this.repo.tx(async (db) => {
      await this.repo.deleteDocument(c.id, 'page', d.name, db);
      await this.repo.updateContainer(c.id, { updated: Date.now() }, db);
    });
    return { success: true };
  }

  async createLayout(
    appId: string,
    container: string,
    body: { id?: string; name?: string; title?: string },
  ): Promise<UiLayoutSummary> {
    const c = await this.containers.live(appId, container);
    const id = checkName('layout', body.id ?? body.name);
    return layoutSummary(await this.insert(c, 'layout', id, body.title ?? body.name ?? id, null));
  }

  async updateLayout(
    appId: string,
    container: string,
    layoutId: string,
    body: { title?: string; name?: string },
  ): Promise<UiLayoutSummary> {
    const { c, d } = await this.doc(appId, container, 'layout', layoutId);
    const title = body.title ?? body.name;
    if (title !== undefined) await this.repo.updateDocument(c.id, 'layout', d.name, { title, updated: Date.now() });
    await this.touch(c);
    return layoutSummary((await this.repo.document(c.id, 'layout', d.name))!);
  }

  async deleteLayout(appId: string, container: string, layoutId: string): Promise<{ success: true }> {
    const { c, d } = await this.doc(appId, container, 'layout', layoutId);
    const users = await this.repo.pagesUsingLayout(c.id, d.name);
    if (users.length)
      throw ApiError.conflict(
        `The layout '${d.name}' is used by page${users.length > 1 ? 's' : ''} ${users.map((u) => `'${u.name}'`).join(', ')}`,
      );
    await this.repo.tx((db) => this.repo.deleteDocument(c.id, 'layout', d.name, db));
    await this.touch(c);
    return { success: true };
  }

  async getUI(appId: string, container: string, kind: DocumentKind, name: string): Promise<PageDocument> {
    const { d } = await this.doc(appId, container, kind, name);
    return JSON.parse(d.document) as PageDocument;
  }

  /** Validates and stores a UI document (400 naming every problem; nothing stored then). */
  async updateUI(
    appId: string,
    container: string,
    kind: DocumentKind,
    name: string,
    input: unknown,
  ): Promise<PageDocument> {
    const { c, d } = await this.doc(appId, container, kind, name);
    const document = await checkedDocument(this.ctx, appId, input, await this.i18nKeys?.(c.id));
    await this.repo.updateDocument(c.id, kind, d.name, {
      document: JSON.stringify(document),
      revision: Number(d.revision) + 1,
      updated: Date.now(),
    });
    await this.touch(c);
    return document;
  }

  async getLogic(
    appId: string,
    container: string,
    kind: DocumentKind,
    owner: string,
    uid: string,
    handler: string,
  ): Promise<UiLogic> {
    const { c, d } = await this.doc(appId, container, kind, owner);
    const row = await this.repo.logic(c.id, kind, d.name, uidOf('component uid', uid), uidOf('handler name', handler));
    if (!row) throw ApiError.notFound(`No logic for handler '${handler}' of component '${uid}'`);
    return logicOf(row);
  }

  /** Creates an empty handler; answers the existing one when it is there already (an editor may ask twice). */
  async createLogic(
    appId: string,
    container: string,
    kind: DocumentKind,
    owner: string,
    uid: string,
    handler: string,
  ): Promise<UiLogic> {
    const { c, d } = await this.doc(appId, container, kind, owner);
    const key = [uidOf('component uid', uid), uidOf('handler name', handler)] as const;
    const found = await this.repo.logic(c.id, kind, d.name, ...key);
    if (found) return logicOf(found);
    const now = Date.now();
    const row: LogicRow = {
      app_id: appId,
      container_id: c.id,
      owner_kind: kind,
      owner_name: d.name,
      component_uid: key[0],
      handler_name: key[1],
      kind: 'codeless',
      source: null,
      code: null,
      created: now,
      updated: now,
    };
    try {
      await this.repo.insertLogic(row);
    } catch (err) {
      const again = await this.repo.logic(c.id, kind, d.name, ...key);
      if (again) return logicOf(again);
      throw translateError(err);
    }
    return logicOf(row);
  }

  /** Saves one handler (named in the body: the reference client's URL has none); creates it when missing. */
  async updateLogic(
    appId: string,
    container: string,
    kind: DocumentKind,
    owner: string,
    uid: string,
    body: {
      handlerName?: string;
      name?: string;
      handlerId?: string;
      kind?: 'codeless' | 'js';
      source?: unknown;
      code?: string | null;
    },
  ): Promise<UiLogic> {
    const { c, d } = await this.doc(appId, container, kind, owner);
    const componentUid = uidOf('component uid', uid);
    const handler = uidOf('handler name (handlerName in the body)', body.handlerName ?? body.name ?? body.handlerId);
    const source = body.source === undefined ? null : JSON.stringify(body.source);
    const code = body.code ?? null;
    if ((source?.length ?? 0) + (code?.length ?? 0) > MAX_LOGIC_BYTES)
      throw ApiError.badRequest(`The logic of one handler is at most ${MAX_LOGIC_BYTES / 1024 / 1024} MB`);
    const now = Date.now();
    const found = await this.repo.logic(c.id, kind, d.name, componentUid, handler);
    const row: LogicRow = {
      app_id: appId,
      container_id: c.id,
      owner_kind: kind,
      owner_name: d.name,
      component_uid: componentUid,
      handler_name: handler,
      kind: body.kind ?? (found?.kind === 'js' ? 'js' : 'codeless'),
      source,
      code,
      created: found ? Number(found.created) : now,
      updated: now,
    };
    if (found) await this.repo.updateLogic(row);
    else await this.repo.insertLogic(row);
    return logicOf(row);
  }

  async deleteLogic(
    appId: string,
    container: string,
    kind: DocumentKind,
    owner: string,
    uid: string,
    handler: string,
  ): Promise<{ success: true }> {
    const { c, d } = await this.doc(appId, container, kind, owner);
    const n = await this.repo.deleteLogic(
      c.id,
      kind,
      d.name,
      [uidOf('component uid', uid)],
      uidOf('handler name', handler),
    );
    if (!n) throw ApiError.notFound(`No logic for handler '${handler}' of component '${uid}'`);
    return { success: true };
  }

  /** Deletes the logic of the named components that the document no longer holds (named ones still in it stay). */
  async deleteUnusedLogic(
    appId: string,
    container: string,
    kind: DocumentKind,
    owner: string,
    uids: string[],
  ): Promise<{ deleted: number }> {
    const { c, d } = await this.doc(appId, container, kind, owner);
    const used = documentUids(JSON.parse(d.document) as PageDocument);
    const unused = [...new Set(uids.map((u) => uidOf('component uid', u)))].filter((u) => !used.has(u));
    return { deleted: await this.repo.deleteLogic(c.id, kind, d.name, unused) };
  }
}
