import { ScalarDataTypes } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import type { DataArea } from '../data-area.js';
import type { RelationMeta, TableMeta } from './app-schema.js';
import type { ColumnsService } from './columns.service.js';
import { assertColumnName, assertTableName } from './names.js';
import type { RelationsService } from './relations.service.js';
import type { TablesService } from './tables.service.js';
import { unknownKeys } from '../records/record-input.js';
import { isDbFailure } from '../../../db/db-errors.js';

/** New columns one write may bring with dynamic schema, and columns a table may have in all (PostgreSQL stops at 1,600). */
export const MAX_NEW_COLUMNS = 100;
export const MAX_COLUMNS = 1000;
/** Tables an app may have before writes stop creating more: every anonymous client could otherwise add tables without end. */
export const MAX_TABLES = 1000;

/** Who made a change, for the audit log, when the caller does not say (console record writes). */
const DEFAULT_ACTOR = 'data service';

/**
 * A date-time as JSON.stringify writes a JS Date (and ISO-8601 with an explicit zone in general):
 * the form in which every SDK body except save/upsert carries dates (decision 0026). Epoch
 * milliseconds cannot be told from other numbers, so they make numeric columns.
 */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** GeoJSON geometry types and the spatial column each makes, when that column type exists. */
const GEOMETRY_TYPES: Record<string, string> = { Point: 'POINT', LineString: 'LINESTRING', Polygon: 'POLYGON' };
const GEOMETRY_CLASSES: Record<string, string> = {
  'com.backendless.persistence.Point': 'POINT',
  'com.backendless.persistence.LineString': 'LINESTRING',
  'com.backendless.persistence.Polygon': 'POLYGON',
  'com.backendless.persistence.Geometry': 'GEOMETRY',
};

/** A column type this server has (JSON and the spatial types arrive with their own modules). */
const hasType = (t: string) => (ScalarDataTypes as readonly string[]).includes(t);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The column type a first value asks for (decision 0026): booleans BOOLEAN; whole numbers INT,
 * other numbers DOUBLE; ISO date-times DATETIME; text STRING (TEXT past 500 characters); GeoJSON
 * geometry the spatial type; other objects and arrays JSON. A type the server lacks, and values
 * that cannot type a column (a related record, an expression), are a 400 naming the column.
 */
export function columnTypeOf(column: string, value: unknown): string {
  const refuse = (why: string) => ApiError.field('BAD_REQUEST', column, `Column '${column}' does not exist and cannot be created from this value: ${why}`);
  if (value === null || value === undefined) return 'STRING';
  if (typeof value === 'boolean') return 'BOOLEAN';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? 'INT' : 'DOUBLE';
  if (typeof value === 'string') return ISO_DATE_TIME.test(value) && Number.isFinite(Date.parse(value)) ? 'DATETIME' : value.length > 500 ? 'TEXT' : 'STRING';
  if (isObj(value)) {
    const cls = typeof value.___class === 'string' ? value.___class : undefined;
    const geometry = (cls && GEOMETRY_CLASSES[cls]) || (typeof value.type === 'string' && Array.isArray(value.coordinates) ? GEOMETRY_TYPES[value.type] ?? 'GEOMETRY' : undefined);
    if (geometry) {
      if (hasType(geometry)) return geometry;
      throw refuse(`spatial columns (${geometry}) are not available on this server`);
    }
    if (cls === 'BackendlessExpression' || value.___operation !== undefined) throw refuse('an expression or JSON update needs an existing column');
    if (cls || value.objectId !== undefined) throw refuse(`a related record makes a relation column: call setRelation or addRelation with '${column}:Table:1' or '${column}:Table:n'`);
  }
  if (typeof value === 'object') {
    if (hasType('JSON')) return 'JSON';
    throw refuse(Array.isArray(value) ? 'a list needs a JSON column, which this server does not have' : 'an object needs a JSON column, which this server does not have');
  }
  throw refuse('unsupported value');
}

const RELATION_SPEC = /^([^:]+):([^:]+):(1|n|N)$/;

/** `column:Table:1` or `column:Table:n` (the SDK's relation auto-create suffix), or undefined. */
export function parseRelationSpec(raw: string): { column: string; toTable: string; relationshipType: 'ONE_TO_ONE' | 'ONE_TO_MANY' } | undefined {
  const m = RELATION_SPEC.exec(raw);
  if (!m) return undefined;
  return { column: assertColumnName(m[1]), toTable: assertTableName(m[2]), relationshipType: m[3] === '1' ? 'ONE_TO_ONE' : 'ONE_TO_MANY' };
}

const isConflict = (err: unknown) => (err instanceof ApiError && err.status === 409) || isDbFailure(err, 'unique');

/**
 * Dynamic schema (decision 0026): with the app's data config `dynamicSchema` on, a write creates
 * the table, the columns and the relation columns it needs; with it off each is a 400 naming what
 * is missing. Every change is published as `schema.changed` (audit log, console). Two writes that
 * need the same new table or column at once both succeed: the loser of the race finds the
 * winner's table or column instead of failing (in this process the schema lock orders them; across
 * PostgreSQL processes the metadata's unique names do).
 */
export class DynamicSchema {
  constructor(
    private readonly area: DataArea,
    private readonly tables: TablesService,
    private readonly columns: ColumnsService,
    private readonly relations: RelationsService,
  ) {}

  private async enabled(appId: string): Promise<boolean> {
    return (await this.tables.config(appId)).dynamicSchema;
  }

  private told(appId: string, actor: string, action: 'table.create' | 'column.create' | 'relation.create', table: string, summary: string, column?: string): void {
    this.area.ctx.bus.emit('schema.changed', { appId, actor, action, table, ...(column ? { column } : {}), summary });
  }

  /** The table, reloaded from the database (another process may have made it meanwhile). */
  private async fresh(appId: string, name: string): Promise<TableMeta | undefined> {
    this.area.schemas.invalidate(appId);
    return (await this.area.schema(appId)).table(name);
  }

  /** The table named by a write, created when it is missing and dynamic schema is on. */
  async ensureTable(appId: string, name: string, actor = DEFAULT_ACTOR): Promise<TableMeta> {
    const schema = await this.area.schema(appId);
    const existing = schema.table(name);
    if (existing) return existing;
    const sameKey = schema.tables.find((t) => t.name.toLowerCase() === name.toLowerCase());
    if (sameKey) throw ApiError.badRequest(`Table '${name.slice(0, 80)}' does not exist (table names ignore case: '${sameKey.name}' exists)`, { table: name.slice(0, 80) });
    if (!(await this.enabled(appId))) {
      throw ApiError.badRequest(`Table '${name.slice(0, 80)}' does not exist and the app's dynamic schema is off: create it in the console`, { table: name.slice(0, 80) });
    }
    if (schema.tables.length >= MAX_TABLES) throw ApiError.badRequest(`Writes create no table once an app has ${MAX_TABLES} (the tables limit): create '${name.slice(0, 80)}' in the console`, { limit: 'tables' });
    try {
      await this.tables.create(appId, { name });
    } catch (err) {
      const raced = isConflict(err) ? await this.fresh(appId, name) : undefined;
      if (raced) return raced;
      throw err;
    }
    this.told(appId, actor, 'table.create', name, `Created table ${name} (dynamic schema)`);
    return (await this.area.table(appId, name)).table;
  }

  /**
   * Names the records bring that the table lacks become columns typed from their first non-null
   * value (columnTypeOf). Limits are checked before the first column is added: each is a schema
   * change, and 20,000 unknown keys once took 20 s to reach the database's own column limit.
   */
  async ensureColumns(appId: string, tableName: string, records: Obj[], actor = DEFAULT_ACTOR): Promise<TableMeta> {
    let { table } = await this.area.table(appId, tableName);
    const missing = new Map<string, unknown>();
    for (const r of records) for (const k of unknownKeys(table, r)) if (!missing.has(k) || missing.get(k) == null) missing.set(k, r[k]);
    if (!missing.size) return table;
    const [name] = missing.keys();
    if (!(await this.enabled(appId))) {
      throw ApiError.field('BAD_REQUEST', name.slice(0, 80), `Column '${name.slice(0, 80)}' does not exist in table '${table.name}' and the app's dynamic schema is off`);
    }
    if (missing.size > MAX_NEW_COLUMNS) throw ApiError.badRequest(`A write may add at most ${MAX_NEW_COLUMNS} new columns (the new-columns limit); this one brings ${missing.size}`, { limit: 'newColumns' });
    if (table.columns.length + table.relations.length + missing.size > MAX_COLUMNS) {
      throw ApiError.badRequest(`Table '${table.name}' may have at most ${MAX_COLUMNS} columns (the columns limit)`, { limit: 'columns' });
    }
    // Every name and type is checked before the first column is made, so a bad one adds nothing.
    const planned = [...missing].map(([key, sample]) => ({ name: assertColumnName(key), dataType: columnTypeOf(key, sample) }));
    for (const col of planned) {
      try {
        await this.columns.create(appId, table.name, col);
      } catch (err) {
        // Another write made the same column meanwhile: use it.
        if (isConflict(err) && (await this.fresh(appId, table.name))?.columns.some((c) => c.name === col.name)) continue;
        throw err;
      }
      this.told(appId, actor, 'column.create', table.name, `Added column ${col.name} (${col.dataType}) to table ${table.name} (dynamic schema)`, col.name);
    }
    ({ table } = await this.area.table(appId, tableName));
    return table;
  }

  /**
   * The relation column a relation call names: an existing one by its name, or, from the
   * `column:Table:1|n` suffix, one created with its target table when dynamic schema is on.
   */
  async ensureRelation(appId: string, tableName: string, raw: string, actor = DEFAULT_ACTOR): Promise<RelationMeta | undefined> {
    let { table } = await this.area.table(appId, tableName);
    const byName = table.relations.find((r) => r.name === raw);
    if (byName) return byName;
    const spec = parseRelationSpec(raw);
    if (!spec) return undefined;
    const existing = table.relations.find((r) => r.name === spec.column);
    if (existing) {
      if (existing.toTableName !== spec.toTable) throw ApiError.field('BAD_REQUEST', spec.column, `Relation column '${spec.column}' of table '${table.name}' points at '${existing.toTableName}', not '${spec.toTable}'`);
      return existing;
    }
    if (table.columns.some((c) => c.name === spec.column)) throw ApiError.field('BAD_REQUEST', spec.column, `Column '${spec.column}' of table '${table.name}' is not a relation column`);
    if (!(await this.enabled(appId))) {
      throw ApiError.field('BAD_REQUEST', spec.column, `Relation column '${spec.column}' does not exist in table '${table.name}' and the app's dynamic schema is off`);
    }
    if (table.columns.length + table.relations.length + 1 > MAX_COLUMNS) throw ApiError.badRequest(`Table '${table.name}' may have at most ${MAX_COLUMNS} columns (the columns limit)`, { limit: 'columns' });
    await this.ensureTable(appId, spec.toTable, actor);
    try {
      await this.relations.create(appId, table.name, { name: spec.column, toTableName: spec.toTable, relationshipType: spec.relationshipType }, 'DATA_REF');
      this.told(appId, actor, 'relation.create', table.name, `Added relation column ${spec.column} (${spec.relationshipType} to ${spec.toTable}) to table ${table.name} (dynamic schema)`, spec.column);
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
    table = (await this.fresh(appId, table.name)) ?? table;
    const made = table.relations.find((r) => r.name === spec.column);
    if (!made) throw ApiError.field('CONFLICT', spec.column, `Table '${table.name}' already has a column named like '${spec.column}'`);
    if (made.toTableName !== spec.toTable) throw ApiError.field('BAD_REQUEST', spec.column, `Relation column '${spec.column}' of table '${table.name}' points at '${made.toTableName}', not '${spec.toTable}'`);
    return made;
  }
}
