import { randomUUID } from 'node:crypto';
import type { GeneratePdf, PdfTemplate, PdfTemplateInput } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { translateError } from '../../db/db-errors.js';
import { escapeHtml } from '../ui-builder/render/html.js';
import { UiDocsRepo, type PdfTemplateRow } from './ui-docs.repo.js';
import type { PdfRenderer } from './pdf.renderer.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_TEMPLATES = 200;
/** `{{ name }}` or `{{ a.b.c }}`: a path of plain names. Nothing else is a placeholder (no code, no raw output). */
const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w$]{0,99}(?:\.[A-Za-z_$][\w$]{0,99}){0,4})\s*\}\}/g;

/** A value as text in a document: dates of DATETIME columns stay numbers, objects print as JSON. */
function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The template with every placeholder replaced by the record's value, HTML-escaped; unknown paths print nothing. */
export function fillTemplate(content: string, record: Record<string, unknown>): string {
  return content.replace(PLACEHOLDER, (_m, path: string) => {
    let v: unknown = record;
    for (const key of path.split('.')) {
      if (!v || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, key)) return '';
      v = (v as Record<string, unknown>)[key];
    }
    return escapeHtml(textOf(v));
  });
}

/** PDF templates (decision 0087): CRUD, and a template filled with a record printed by the renderer. */
export class PdfService {
  private readonly repo: UiDocsRepo;

  constructor(
    private readonly ctx: ServerContext,
    private readonly renderer: PdfRenderer,
  ) {
    this.repo = new UiDocsRepo(ctx.dbs);
  }

  private view(row: PdfTemplateRow): PdfTemplate {
    return {
      id: row.id,
      name: row.name,
      content: row.content,
      created: Number(row.created),
      updated: Number(row.updated),
    };
  }

  async list(appId: string): Promise<PdfTemplate[]> {
    return (await this.repo.templates(appId)).map((r) => this.view(r));
  }

  private async row(appId: string, id: string): Promise<PdfTemplateRow> {
    const row = ID.test(id) ? await this.repo.template(appId, id) : undefined;
    if (!row) throw ApiError.notFound(`PDF template '${id.slice(0, 64)}' not found`);
    return row;
  }

  async load(appId: string, id: string): Promise<PdfTemplate> {
    return this.view(await this.row(appId, id));
  }

  private nameOf(input: PdfTemplateInput): string {
    const name = input.name.trim();
    if (!name) throw ApiError.field('VALIDATION', 'name', 'The template needs a name');
    return name;
  }

  async create(appId: string, input: PdfTemplateInput): Promise<PdfTemplate> {
    const name = this.nameOf(input);
    if ((await this.repo.countTemplates(appId)) >= MAX_TEMPLATES)
      throw ApiError.badRequest(`An app has at most ${MAX_TEMPLATES} PDF templates`);
    const now = Date.now();
    const row: PdfTemplateRow = {
      id: randomUUID(),
      app_id: appId,
      name,
      content: input.content,
      created: now,
      updated: now,
    };
    try {
      await this.repo.insertTemplate(row);
    } catch (err) {
      throw translateError(err, {
        unique: ApiError.field('CONFLICT', 'name', `A PDF template named '${name}' already exists`),
      });
    }
    return this.view(row);
  }

  async update(appId: string, id: string, input: PdfTemplateInput): Promise<PdfTemplate> {
    const old = await this.row(appId, id);
    const set = { name: this.nameOf(input), content: input.content, updated: Date.now() };
    try {
      await this.repo.updateTemplate(appId, old.id, set);
    } catch (err) {
      throw translateError(err, {
        unique: ApiError.field('CONFLICT', 'name', `A PDF template named '${set.name}' already exists`),
      });
    }
    return this.view({ ...old, ...set });
  }

  async remove(appId: string, id: string): Promise<{ success: true }> {
    const row = await this.row(appId, id);
    await this.repo.deleteTemplate(appId, row.id);
    return { success: true };
  }

  /** The record a document is filled with: given, or read from the app's table (the developer reads every record). */
  private async recordOf(appId: string, body: GeneratePdf): Promise<Record<string, unknown>> {
    if (body.record) return body.record;
    if (body.table === undefined) return {};
    if (!body.objectId) throw ApiError.field('VALIDATION', 'objectId', 'Name the record to print: objectId');
    const schema = this.ctx.data.schemaNow(appId) ?? (await this.ctx.data.schema(appId));
    const table = schema.table(body.table);
    if (!table) throw ApiError.field('VALIDATION', 'table', `Table '${body.table}' does not exist`);
    const record = ID.test(body.objectId) ? await this.ctx.data.records.read(appId, table, body.objectId) : undefined;
    if (!record)
      throw ApiError.field('VALIDATION', 'objectId', `Table '${table.name}' has no record '${body.objectId}'`);
    return record;
  }

  async generate(appId: string, body: GeneratePdf): Promise<{ pdf: Buffer; fileName: string }> {
    let content: string;
    let name = 'document';
    if (body.templateId !== undefined) {
      const t = await this.row(appId, body.templateId);
      content = t.content;
      name = t.name;
    } else if (body.content !== undefined) content = body.content;
    else throw ApiError.field('VALIDATION', 'templateId', 'Name a template (templateId) or give its HTML (content)');
    const html = fillTemplate(content, await this.recordOf(appId, body));
    const pdf = await this.renderer.print(html);
    const fileName = `${(body.fileName ?? name).replace(/[^A-Za-z0-9 ._-]/g, '_').slice(0, 100) || 'document'}.pdf`;
    return { pdf, fileName: fileName.replace(/\.pdf\.pdf$/i, '.pdf') };
  }
}
