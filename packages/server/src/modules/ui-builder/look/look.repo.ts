import type { Kysely, Transaction } from 'kysely';
import type { Databases } from '../../../db/dialect.js';
import type { UiTables } from '../ui-builder.repo.js';

export interface ThemeRow {
  id: string;
  app_id: string;
  name: string;
  description: string;
  variables: string;
  style: string;
  released: string | null;
  version: number;
  published_at: number | string | null;
  created: number | string;
  updated: number | string;
}

export interface StyleRow {
  app_id: string;
  container_id: string;
  name: string;
  type: string;
  content: string;
  created: number | string;
  updated: number | string;
}

export interface I18nRow {
  app_id: string;
  container_id: string;
  lang: string;
  entries: string;
  updated: number | string;
}

export interface LookRow {
  container_id: string;
  app_id: string;
  theme_id: string | null;
  default_i18n: string;
  settings: string;
  favicon: string | null;
  favicon_type: string | null;
  pwa_icon: string | null;
  updated: number | string;
}

interface LookTables extends UiTables {
  ui_themes: ThemeRow;
  ui_styles: StyleRow;
  ui_i18n: I18nRow;
  ui_container_look: LookRow;
}

export type LookDb = Kysely<LookTables> | Transaction<LookTables>;

/** The look-and-text tables of the UI Builder (decision 0086). */
export class LookRepo {
  readonly db: Kysely<LookTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<LookTables>;
  }

  tx<T>(work: (db: Transaction<LookTables>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  // -- themes --
  themes(appId: string): Promise<ThemeRow[]> {
    return this.db.selectFrom('ui_themes').selectAll().where('app_id', '=', appId).orderBy('name').execute();
  }
  theme(appId: string, id: string): Promise<ThemeRow | undefined> {
    return this.db
      .selectFrom('ui_themes')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }
  async insertTheme(row: ThemeRow): Promise<void> {
    await this.db.insertInto('ui_themes').values(row).execute();
  }
  async updateTheme(appId: string, id: string, changes: Partial<ThemeRow>): Promise<void> {
    await this.db.updateTable('ui_themes').set(changes).where('app_id', '=', appId).where('id', '=', id).execute();
  }
  async deleteTheme(appId: string, id: string): Promise<void> {
    await this.tx(async (db) => {
      await db
        .updateTable('ui_container_look')
        .set({ theme_id: null })
        .where('app_id', '=', appId)
        .where('theme_id', '=', id)
        .execute();
      await db.deleteFrom('ui_themes').where('app_id', '=', appId).where('id', '=', id).execute();
    });
  }

  // -- styles --
  styles(containerId: string): Promise<StyleRow[]> {
    return this.db
      .selectFrom('ui_styles')
      .selectAll()
      .where('container_id', '=', containerId)
      .orderBy('name')
      .execute();
  }
  style(containerId: string, name: string): Promise<StyleRow | undefined> {
    return this.db
      .selectFrom('ui_styles')
      .selectAll()
      .where('container_id', '=', containerId)
      .where('name', '=', name)
      .executeTakeFirst();
  }
  async putStyle(row: StyleRow): Promise<void> {
    await this.tx(async (db) => {
      const had = await db
        .selectFrom('ui_styles')
        .select('name')
        .where('container_id', '=', row.container_id)
        .where('name', '=', row.name)
        .executeTakeFirst();
      if (had)
        await db
          .updateTable('ui_styles')
          .set({ type: row.type, content: row.content, updated: row.updated })
          .where('container_id', '=', row.container_id)
          .where('name', '=', row.name)
          .execute();
      else await db.insertInto('ui_styles').values(row).execute();
    });
  }
  async deleteStyle(containerId: string, name: string): Promise<number> {
    const r = await this.db
      .deleteFrom('ui_styles')
      .where('container_id', '=', containerId)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  // -- i18n --
  dictionaries(containerId: string, db: LookDb = this.db): Promise<I18nRow[]> {
    return db.selectFrom('ui_i18n').selectAll().where('container_id', '=', containerId).orderBy('lang').execute();
  }
  async putDictionary(row: I18nRow, db: LookDb = this.db): Promise<void> {
    const had = await db
      .selectFrom('ui_i18n')
      .select('lang')
      .where('container_id', '=', row.container_id)
      .where('lang', '=', row.lang)
      .executeTakeFirst();
    if (had)
      await db
        .updateTable('ui_i18n')
        .set({ entries: row.entries, updated: row.updated })
        .where('container_id', '=', row.container_id)
        .where('lang', '=', row.lang)
        .execute();
    else await db.insertInto('ui_i18n').values(row).execute();
  }
  async deleteDictionary(containerId: string, lang: string): Promise<number> {
    const r = await this.db
      .deleteFrom('ui_i18n')
      .where('container_id', '=', containerId)
      .where('lang', '=', lang)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  // -- per-container settings --
  look(containerId: string, db: LookDb = this.db): Promise<LookRow | undefined> {
    return db.selectFrom('ui_container_look').selectAll().where('container_id', '=', containerId).executeTakeFirst();
  }
  async putLook(row: LookRow, db: LookDb = this.db): Promise<void> {
    const had = await this.look(row.container_id, db);
    if (had) {
      const { container_id, app_id: _app, ...changes } = row;
      await db.updateTable('ui_container_look').set(changes).where('container_id', '=', container_id).execute();
    } else await db.insertInto('ui_container_look').values(row).execute();
  }

  /** The page and layout documents of a container (for `$t` key renames and use checks). */
  documents(containerId: string, db: LookDb = this.db) {
    return db
      .selectFrom('ui_documents')
      .select(['kind', 'name', 'document', 'revision'])
      .where('container_id', '=', containerId)
      .execute();
  }
  async updateDocument(
    containerId: string,
    kind: 'page' | 'layout',
    name: string,
    document: string,
    revision: number,
    db: LookDb,
  ) {
    await db
      .updateTable('ui_documents')
      .set({ document, revision, updated: Date.now() })
      .where('container_id', '=', containerId)
      .where('kind', '=', kind)
      .where('name', '=', name)
      .execute();
  }
}
