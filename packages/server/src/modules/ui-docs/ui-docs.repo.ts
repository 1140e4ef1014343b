import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

export interface FormRow {
  id: string;
  app_id: string;
  name: string;
  table_name: string;
  source: string;
  settings: string;
  created: number | string;
  updated: number | string;
}

export interface PdfTemplateRow {
  id: string;
  app_id: string;
  name: string;
  content: string;
  created: number | string;
  updated: number | string;
}

export interface UiDocsTables {
  ui_forms: FormRow;
  ui_pdf_templates: PdfTemplateRow;
}

/** The SQL of forms, PDF templates, charts and dashboards (system database, parameterised). */
export class UiDocsRepo {
  constructor(private readonly dbs: Databases) {}

  private get db(): Kysely<UiDocsTables> {
    return this.dbs.system as unknown as Kysely<UiDocsTables>;
  }

  forms(appId: string): Promise<FormRow[]> {
    return this.db.selectFrom('ui_forms').selectAll().where('app_id', '=', appId).orderBy('name').execute();
  }

  countForms(appId: string): Promise<number> {
    return this.db
      .selectFrom('ui_forms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_id', '=', appId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  form(appId: string, id: string): Promise<FormRow | undefined> {
    return this.db
      .selectFrom('ui_forms')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertForm(row: FormRow): Promise<void> {
    await this.db.insertInto('ui_forms').values(row).execute();
  }

  async updateForm(appId: string, id: string, set: Partial<FormRow>): Promise<void> {
    await this.db.updateTable('ui_forms').set(set).where('app_id', '=', appId).where('id', '=', id).execute();
  }

  async deleteForm(appId: string, id: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('ui_forms')
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  templates(appId: string): Promise<PdfTemplateRow[]> {
    return this.db.selectFrom('ui_pdf_templates').selectAll().where('app_id', '=', appId).orderBy('name').execute();
  }

  countTemplates(appId: string): Promise<number> {
    return this.db
      .selectFrom('ui_pdf_templates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_id', '=', appId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  template(appId: string, id: string): Promise<PdfTemplateRow | undefined> {
    return this.db
      .selectFrom('ui_pdf_templates')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertTemplate(row: PdfTemplateRow): Promise<void> {
    await this.db.insertInto('ui_pdf_templates').values(row).execute();
  }

  async updateTemplate(appId: string, id: string, set: Partial<PdfTemplateRow>): Promise<void> {
    await this.db.updateTable('ui_pdf_templates').set(set).where('app_id', '=', appId).where('id', '=', id).execute();
  }

  async deleteTemplate(appId: string, id: string): Promise<void> {
    await this.db.deleteFrom('ui_pdf_templates').where('app_id', '=', appId).where('id', '=', id).execute();
  }
}
