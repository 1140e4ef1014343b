import { randomUUID } from 'node:crypto';
import type { Form, FormAppSettings, FormField, FormSource, FieldError } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { AppCaller } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import { translateError } from '../../db/db-errors.js';
import type { FailureLimiter } from '../../http/rate-limit.js';
import type { ColumnMeta, TableMeta } from '../data/index.js';
import type { AppData } from '../appapi/data-access.js';
import { UiDocsRepo, type FormRow } from './ui-docs.repo.js';

/** Column types a form input can write (relations, files, geometry and JSON have no plain input). */
export const FORM_TYPES = new Set(['STRING', 'EXTENDED_STRING', 'TEXT', 'INT', 'DOUBLE', 'BOOLEAN', 'DATETIME']);
/** Most forms per app. */
const MAX_FORMS = 200;
/** Most characters of one submitted text value (the column's own limits apply after). */
const MAX_VALUE = 10_000;
/** The hidden input bots fill in and people do not see: a submission that fills it writes nothing. */
export const HONEYPOT = '__website';
const ID = /^[A-Za-z0-9_-]{1,64}$/;

type Rec = Record<string, unknown>;

/** A column a form may bind, or why not. */
function columnProblem(table: TableMeta, name: string): string | null {
  const column = table.columns.find((c) => c.name === name);
  if (!column) return `Table '${table.name}' has no column '${name}'`;
  if (column.system) return `Column '${name}' is written by the server, not by a form`;
  if (!FORM_TYPES.has(column.dataType)) return `Column '${name}' (${column.dataType}) has no form input`;
  return null;
}

/** The input type of a column's form field. */
export function inputTypeOf(
  column: Pick<ColumnMeta, 'dataType'>,
): 'text' | 'textarea' | 'number' | 'checkbox' | 'datetime-local' {
  switch (column.dataType) {
    case 'TEXT':
    case 'EXTENDED_STRING':
      return 'textarea';
    case 'INT':
    case 'DOUBLE':
      return 'number';
    case 'BOOLEAN':
      return 'checkbox';
    case 'DATETIME':
      return 'datetime-local';
    default:
      return 'text';
  }
}

const fieldErr = (field: string, message: string): FieldError => ({ field, code: 'VALIDATION', message });

/** A submitted value as its column stores it, or the field's error. Empty means "no value". */
function valueOf(field: FormField, column: ColumnMeta, raw: unknown): { value?: unknown; error?: FieldError } {
  const label = field.label || field.name;
  const text = typeof raw === 'string' ? raw.trim() : raw;
  const empty = text === undefined || text === null || text === '';
  if (column.dataType === 'BOOLEAN') {
    if (empty || text === false || text === 'false' || text === '0' || text === 'off') return { value: false };
    if (text === true || text === 'true' || text === '1' || text === 'on') return { value: true };
    return { error: fieldErr(field.name, `${label} must be yes or no`) };
  }
  if (empty) {
    if (field.required || (column.required && column.defaultValue === null))
      return { error: fieldErr(field.name, `${label} is required`) };
    return {};
  }
  switch (column.dataType) {
    case 'INT': {
      const n =
        typeof text === 'number' ? text : typeof text === 'string' && /^-?\d{1,16}$/.test(text) ? Number(text) : NaN;
      if (!Number.isSafeInteger(n)) return { error: fieldErr(field.name, `${label} must be a whole number`) };
      return { value: n };
    }
    case 'DOUBLE': {
      const n = typeof text === 'number' ? text : typeof text === 'string' && text.length <= 40 ? Number(text) : NaN;
      if (!Number.isFinite(n)) return { error: fieldErr(field.name, `${label} must be a number`) };
      return { value: n };
    }
    case 'DATETIME': {
      const t =
        typeof text === 'number' ? text : typeof text === 'string' && text.length <= 40 ? Date.parse(text) : NaN;
      if (!Number.isFinite(t)) return { error: fieldErr(field.name, `${label} must be a date and time`) };
      return { value: t };
    }
    default:
      if (typeof text !== 'string') return { error: fieldErr(field.name, `${label} must be text`) };
      if (text.length > MAX_VALUE)
        return { error: fieldErr(field.name, `${label} is longer than ${MAX_VALUE} characters`) };
      return { value: text };
  }
}

/**
 * Forms of the form editor (decision 0087): a form is a table and an ordered list of its columns;
 * saving checks every field against the app's schema, and a submission writes one record through
 * the app API's data access as the form's caller, so table, column and record permissions apply.
 */
export class FormsService {
  readonly repo: UiDocsRepo;

  constructor(
    private readonly ctx: ServerContext,
    private readonly data: AppData,
    private readonly limiter: FailureLimiter,
  ) {
    this.repo = new UiDocsRepo(ctx.dbs);
  }

  urlOf(appId: string, id: string): string {
    return `${this.ctx.config.publicUrl.replace(/\/$/, '')}/api/app/${appId}/form-editor/${id}/view`;
  }

  view(row: FormRow): Form {
    const source = JSON.parse(row.source) as FormSource;
    const settings = JSON.parse(row.settings) as { open: boolean; role: string | null };
    return {
      id: row.id,
      name: row.name,
      table: row.table_name,
      fields: source.fields,
      submitLabel: source.submitLabel || 'Submit',
      successMessage: source.successMessage || 'Thank you: your answer is saved.',
      appSettings: { open: settings.open, role: settings.role },
      url: this.urlOf(row.app_id, row.id),
      created: Number(row.created),
      updated: Number(row.updated),
    };
  }

  async list(appId: string): Promise<Form[]> {
    return (await this.repo.forms(appId)).map((r) => this.view(r));
  }

  async row(appId: string, id: string): Promise<FormRow> {
    const row = ID.test(id) ? await this.repo.form(appId, id) : undefined;
    if (!row) throw ApiError.notFound(`Form '${id.slice(0, 64)}' not found`);
    return row;
  }

  /** The source as stored, after every field is checked against the table (400 naming the first bad one). */
  private async checked(appId: string, source: FormSource, settings: FormAppSettings | undefined) {
    const name = source.name.trim();
    if (!name) throw ApiError.field('VALIDATION', 'name', 'The form needs a name');
    const schema = this.ctx.data.schemaNow(appId) ?? (await this.ctx.data.schema(appId));
    const table = schema.table(source.table);
    if (!table) throw ApiError.field('VALIDATION', 'table', `Table '${source.table}' does not exist`);
    const seen = new Set<string>();
    source.fields.forEach((f, i) => {
      const problem =
        columnProblem(table, f.name) ?? (seen.has(f.name) ? `Column '${f.name}' is on the form twice` : null);
      if (problem) throw ApiError.field('VALIDATION', `fields.${i}.name`, problem);
      seen.add(f.name);
    });
    const role = settings?.role?.trim() || null;
    if (role) {
      const roles = await this.ctx.security.roles.rows(appId);
      if (!roles.some((r) => r.name === role))
        throw ApiError.field('VALIDATION', 'appSettings.role', `Role '${role}' does not exist`);
    }
    const stored: FormSource = {
      name,
      table: table.name,
      fields: source.fields.map((f) => ({
        name: f.name,
        ...(f.label ? { label: f.label } : {}),
        ...(f.placeholder ? { placeholder: f.placeholder } : {}),
        ...(f.required ? { required: true } : {}),
      })),
      ...(source.submitLabel ? { submitLabel: source.submitLabel } : {}),
      ...(source.successMessage ? { successMessage: source.successMessage } : {}),
    };
    return { name, table: table.name, source: stored, settings: { open: settings?.open ?? true, role } };
  }

  async create(appId: string, source: FormSource, settings?: FormAppSettings): Promise<Form> {
    const c = await this.checked(appId, source, settings);
    if ((await this.repo.countForms(appId)) >= MAX_FORMS)
      throw ApiError.badRequest(`An app has at most ${MAX_FORMS} forms`);
    const now = Date.now();
    const row: FormRow = {
      id: randomUUID(),
      app_id: appId,
      name: c.name,
      table_name: c.table,
      source: JSON.stringify(c.source),
      settings: JSON.stringify(c.settings),
      created: now,
      updated: now,
    };
    try {
      await this.repo.insertForm(row);
    } catch (err) {
      throw translateError(err, {
        unique: ApiError.field('CONFLICT', 'name', `A form named '${c.name}' already exists`),
      });
    }
    return this.view(row);
  }

  async update(appId: string, id: string, source: FormSource, settings?: FormAppSettings): Promise<Form> {
    const old = await this.row(appId, id);
    const keep = JSON.parse(old.settings) as FormAppSettings;
    const c = await this.checked(appId, source, settings ?? keep);
    const set = {
      name: c.name,
      table_name: c.table,
      source: JSON.stringify(c.source),
      settings: JSON.stringify(c.settings),
      updated: Date.now(),
    };
    try {
      await this.repo.updateForm(appId, old.id, set);
    } catch (err) {
      throw translateError(err, {
        unique: ApiError.field('CONFLICT', 'name', `A form named '${c.name}' already exists`),
      });
    }
    return this.view({ ...old, ...set });
  }

  async remove(appId: string, id: string): Promise<{ success: true }> {
    const row = await this.row(appId, id);
    await this.repo.deleteForm(appId, row.id);
    return { success: true };
  }

  /** A form open to the public with its table as the schema has it now (404 when closed, gone or its table is). */
  async launched(appId: string, id: string): Promise<{ form: Form; table: TableMeta }> {
    const row = ID.test(appId) ? await this.row(appId, id) : undefined;
    const form = row && this.view(row);
    if (!form || !form.appSettings.open) throw ApiError.notFound('Form not found');
    const schema = this.ctx.data.schemaNow(appId) ?? (await this.ctx.data.schema(appId));
    const table = schema.table(form.table);
    if (!table) throw ApiError.notFound('Form not found');
    return { form, table };
  }

  /** The caller a submission writes as: the form's role alone, or the anonymous JS visitor. */
  private async callerOf(appId: string, role: string | null): Promise<AppCaller> {
    const visitor =
      this.ctx.security.callerNow(appId, 'JS', null) ?? (await this.ctx.security.callerFor(appId, 'JS', null));
    if (!role) return { ...visitor, apiKey: '', token: null };
    const found = (await this.ctx.security.roles.rows(appId)).find((r) => r.name === role);
    // A role deleted after the form was saved gives the submission no role at all (every write refused).
    return { ...visitor, roles: found ? [{ id: found.id, name: found.name }] : [], apiKey: '', token: null };
  }

  /**
   * Writes one record from a submission. Every field is read as its column's type first (all bad
   * values answered at once, each under its field), then the app API's create decides permissions
   * and runs the column validators. A filled honeypot answers as a success and writes nothing.
   */
  async submit(appId: string, id: string, body: Rec, ip: string): Promise<{ form: Form; record: Rec | null }> {
    const { form, table } = await this.launched(appId, id);
    const key = `${appId}:${ip}`;
    if (await this.limiter.isBlocked(key))
      throw ApiError.rateLimited('Too many submissions from this address: try again in a minute');
    await this.limiter.recordFailure(key);
    const honey = body[HONEYPOT];
    if (typeof honey === 'string' && honey !== '') return { form, record: null };
    const values: Rec = {};
    const errors: FieldError[] = [];
    for (const field of form.fields) {
      const column = table.columns.find((c) => c.name === field.name);
      if (!column) {
        errors.push(fieldErr(field.name, `${field.label || field.name} can no longer be saved: its column is gone`));
        continue;
      }
      const got = valueOf(field, column, body[field.name]);
      if (got.error) errors.push(got.error);
      else if (got.value !== undefined) values[field.name] = got.value;
    }
    if (errors.length) throw new ApiError('VALIDATION', errors[0].message, { fields: errors });
    const record = await this.data.create(await this.callerOf(appId, form.appSettings.role), table.name, values);
    return { form, record };
  }
}
