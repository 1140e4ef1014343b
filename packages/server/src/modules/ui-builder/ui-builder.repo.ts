import type { Kysely, Transaction } from 'kysely';
import type { Databases } from '../../db/dialect.js';

export interface ContainerRow {
  id: string;
  app_id: string;
  name: string;
  title: string;
  description: string;
  main_page: string;
  forked_from: string | null;
  removed_at: number | string | null;
  publication_id: string | null;
  created: number | string;
  updated: number | string;
}

export type DocumentKind = 'page' | 'layout';

export interface DocumentRow {
  app_id: string;
  container_id: string;
  kind: DocumentKind;
  name: string;
  title: string;
  layout_id: string | null;
  document: string;
  revision: number;
  created: number | string;
  updated: number | string;
}

export interface LogicRow {
  app_id: string;
  container_id: string;
  owner_kind: DocumentKind;
  owner_name: string;
  component_uid: string;
  handler_name: string;
  kind: string;
  source: string | null;
  code: string | null;
  created: number | string;
  updated: number | string;
}

export interface PublicationRow {
  id: string;
  app_id: string;
  container_id: string;
  number: number;
  description: string;
  author: string | null;
  snapshot: string;
  size: number;
  created: number | string;
}

export interface UiTables {
  ui_containers: ContainerRow;
  ui_documents: DocumentRow;
  ui_logic: LogicRow;
  ui_publications: PublicationRow;
}

export type UiDb = Kysely<UiTables> | Transaction<UiTables>;

/** The UI Builder's tables of the system database; `tx` runs work in one transaction. */
export class UiBuilderRepo {
  readonly db: Kysely<UiTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<UiTables>;
  }

  tx<T>(work: (db: Transaction<UiTables>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Containers of the app (`removed`: those in the trash instead), by name. */
  containers(appId: string, removed = false, db: UiDb = this.db): Promise<ContainerRow[]> {
    return db
      .selectFrom('ui_containers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('removed_at', removed ? 'is not' : 'is', null)
      .orderBy('name')
      .execute();
  }

  /** A container by name, in the trash or not. */
  container(appId: string, name: string, db: UiDb = this.db): Promise<ContainerRow | undefined> {
    return db
      .selectFrom('ui_containers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  insertContainer(row: ContainerRow, db: UiDb = this.db) {
    return db.insertInto('ui_containers').values(row).execute();
  }

  updateContainer(id: string, set: Partial<ContainerRow>, db: UiDb = this.db) {
    return db.updateTable('ui_containers').set(set).where('id', '=', id).execute();
  }

  /** Purges a container: publications, logic and documents first (no reliance on cascades). */
  async purgeContainer(id: string, db: UiDb): Promise<void> {
    await db.updateTable('ui_containers').set({ publication_id: null }).where('id', '=', id).execute();
    await db.deleteFrom('ui_publications').where('container_id', '=', id).execute();
    await db.deleteFrom('ui_logic').where('container_id', '=', id).execute();
    await db.deleteFrom('ui_documents').where('container_id', '=', id).execute();
    await db.deleteFrom('ui_containers').where('id', '=', id).execute();
  }

  documents(containerId: string, kind?: DocumentKind, db: UiDb = this.db): Promise<DocumentRow[]> {
    let q = db.selectFrom('ui_documents').selectAll().where('container_id', '=', containerId);
    if (kind) q = q.where('kind', '=', kind);
    return q.orderBy('kind').orderBy('name').execute();
  }

  document(
    containerId: string,
    kind: DocumentKind,
    name: string,
    db: UiDb = this.db,
  ): Promise<DocumentRow | undefined> {
    return db
      .selectFrom('ui_documents')
      .selectAll()
      .where('container_id', '=', containerId)
      .where('kind', '=', kind)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  insertDocument(row: DocumentRow, db: UiDb = this.db) {
    return db.insertInto('ui_documents').values(row).execute();
  }

  updateDocument(containerId: string, kind: DocumentKind, name: string, set: Partial<DocumentRow>, db: UiDb = this.db) {
    return db
      .updateTable('ui_documents')
      .set(set)
      .where('container_id', '=', containerId)
      .where('kind', '=', kind)
      .where('name', '=', name)
      .execute();
  }

  /** Pages that sit in a layout. */
  pagesUsingLayout(containerId: string, layoutId: string): Promise<Array<{ name: string }>> {
    return this.db
      .selectFrom('ui_documents')
      .select('name')
      .where('container_id', '=', containerId)
      .where('kind', '=', 'page')
      .where('layout_id', '=', layoutId)
      .execute();
  }

  async deleteDocument(containerId: string, kind: DocumentKind, name: string, db: UiDb): Promise<void> {
    await db
      .deleteFrom('ui_logic')
      .where('container_id', '=', containerId)
      .where('owner_kind', '=', kind)
      .where('owner_name', '=', name)
      .execute();
    await db
      .deleteFrom('ui_documents')
      .where('container_id', '=', containerId)
      .where('kind', '=', kind)
      .where('name', '=', name)
      .execute();
  }

  /** Moves a document's logic to its new name (a page rename). */
  renameLogicOwner(containerId: string, kind: DocumentKind, from: string, to: string, db: UiDb) {
    return db
      .updateTable('ui_logic')
      .set({ owner_name: to })
      .where('container_id', '=', containerId)
      .where('owner_kind', '=', kind)
      .where('owner_name', '=', from)
      .execute();
  }

  logic(
    containerId: string,
    kind: DocumentKind,
    owner: string,
    uid: string,
    handler: string,
  ): Promise<LogicRow | undefined> {
    return this.db
      .selectFrom('ui_logic')
      .selectAll()
      .where('container_id', '=', containerId)
      .where('owner_kind', '=', kind)
      .where('owner_name', '=', owner)
      .where('component_uid', '=', uid)
      .where('handler_name', '=', handler)
      .executeTakeFirst();
  }

  allLogic(containerId: string, db: UiDb = this.db): Promise<LogicRow[]> {
    return db.selectFrom('ui_logic').selectAll().where('container_id', '=', containerId).execute();
  }

  insertLogic(row: LogicRow, db: UiDb = this.db) {
    return db.insertInto('ui_logic').values(row).execute();
  }

  updateLogic(row: LogicRow) {
    return this.db
      .updateTable('ui_logic')
      .set({ kind: row.kind, source: row.source, code: row.code, updated: row.updated })
      .where('container_id', '=', row.container_id)
      .where('owner_kind', '=', row.owner_kind)
      .where('owner_name', '=', row.owner_name)
      .where('component_uid', '=', row.component_uid)
      .where('handler_name', '=', row.handler_name)
      .execute();
  }

  async deleteLogic(
    containerId: string,
    kind: DocumentKind,
    owner: string,
    uids: string[],
    handler?: string,
  ): Promise<number> {
    if (!uids.length) return 0;
    let q = this.db
      .deleteFrom('ui_logic')
      .where('container_id', '=', containerId)
      .where('owner_kind', '=', kind)
      .where('owner_name', '=', owner)
      .where('component_uid', 'in', uids);
    if (handler !== undefined) q = q.where('handler_name', '=', handler);
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows ?? 0);
  }

  publications(containerId: string): Promise<Omit<PublicationRow, 'snapshot'>[]> {
    return this.db
      .selectFrom('ui_publications')
      .select(['id', 'app_id', 'container_id', 'number', 'description', 'author', 'size', 'created'])
      .where('container_id', '=', containerId)
      .orderBy('number', 'desc')
      .execute();
  }

  publication(id: string): Promise<PublicationRow | undefined> {
    return this.db.selectFrom('ui_publications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  publicationByNumber(containerId: string, number: number): Promise<Omit<PublicationRow, 'snapshot'> | undefined> {
    return this.db
      .selectFrom('ui_publications')
      .select(['id', 'app_id', 'container_id', 'number', 'description', 'author', 'size', 'created'])
      .where('container_id', '=', containerId)
      .where('number', '=', number)
      .executeTakeFirst();
  }

  /** Numbers of publications by id (for container lists). */
  async numbers(ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('ui_publications').select(['id', 'number']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, Number(r.number)]));
  }

  async lastNumber(containerId: string, db: UiDb): Promise<number> {
    const row = await db
      .selectFrom('ui_publications')
      .select((eb) => eb.fn.max('number').as('n'))
      .where('container_id', '=', containerId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  insertPublication(row: PublicationRow, db: UiDb) {
    return db.insertInto('ui_publications').values(row).execute();
  }

  /** The served publication of a live container, by app and name: the public pages' one read. */
  served(appId: string, name: string): Promise<{ id: string; publication_id: string | null } | undefined> {
    return this.db
      .selectFrom('ui_containers')
      .select(['id', 'publication_id'])
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
  }
}
