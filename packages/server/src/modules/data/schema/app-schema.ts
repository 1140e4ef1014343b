import type { Kysely } from 'kysely';
import type { DataColumn, DataRelation, DataTable, ScalarDataType } from '@basalt/shared';
import type { ColumnInfo, RelationInfo, SchemaResolver, TableInfo } from '../model.js';
import { settledValue, track } from '../../../settled.js';
import type { InvalidationBus } from '../../../cluster/invalidation.js';

/** ColumnInfo plus what the console needs to address and order it. */
export interface ColumnMeta extends ColumnInfo {
  columnId: string;
  position: number;
}

export interface RelationMeta extends RelationInfo {
  columnId: string;
  toTableId: string;
  required: boolean;
  position: number;
}

export interface TableMeta extends TableInfo {
  columns: ColumnMeta[];
  relations: RelationMeta[];
  options: Record<string, unknown>;
}

/** One app's schema as read from the metadata tables; immutable once built. */
export class AppSchema implements SchemaResolver {
  private readonly byName = new Map<string, TableMeta>();
  private readonly byId = new Map<string, TableMeta>();

  constructor(readonly tables: TableMeta[]) {
    for (const t of tables) {
      this.byName.set(t.name, t);
      this.byId.set(t.tableId, t);
    }
  }

  table(name: string): TableMeta | undefined {
    return this.byName.get(name);
  }

  tableById(id: string): TableMeta | undefined {
    return this.byId.get(id);
  }

  /** Relations of any table that point at `tableName`. */
  relationsTo(tableName: string): Array<{ from: TableMeta; relation: RelationMeta }> {
    const out: Array<{ from: TableMeta; relation: RelationMeta }> = [];
    for (const t of this.tables) for (const r of t.relations) if (r.toTableName === tableName) out.push({ from: t, relation: r });
    return out;
  }
}

const bool = (v: unknown) => v === 1 || v === true || v === '1';

export async function loadAppSchema(db: Kysely<any>): Promise<AppSchema> {
  const [tables, columns, relations] = await Promise.all([
    db.selectFrom('meta_tables').selectAll().orderBy('created').orderBy('name').execute(),
    db.selectFrom('meta_columns').selectAll().orderBy('position').execute(),
    db.selectFrom('meta_relations').selectAll().orderBy('position').execute(),
  ]);
  const names = new Map<string, string>(tables.map((t) => [t.table_id, t.name]));
  const out: TableMeta[] = tables.map((t) => ({
    tableId: t.table_id,
    name: t.name,
    sqlName: t.sql_name,
    system: bool(t.system),
    options: JSON.parse(t.options || '{}'),
    columns: columns.filter((c) => c.table_id === t.table_id).map((c) => ({
      columnId: c.column_id,
      name: c.name,
      sqlName: c.sql_name,
      dataType: c.data_type as ScalarDataType,
      required: bool(c.required),
      unique: bool(c.uniq),
      indexed: bool(c.indexed),
      defaultValue: c.default_value === null || c.default_value === undefined ? null : JSON.parse(c.default_value),
      system: bool(c.system),
      position: Number(c.position),
      customRegex: typeof c.custom_regex === 'string' ? c.custom_regex : null,
    })),
    relations: relations.filter((r) => r.table_id === t.table_id).map((r) => ({
      columnId: r.column_id,
      name: r.name,
      dataType: r.data_type,
      toTableName: names.get(r.to_table_id) ?? '',
      toTableId: r.to_table_id,
      relationshipType: r.relationship_type,
      linkTable: r.link_table,
      required: bool(r.required),
      position: Number(r.position),
    })),
  }));
  return new AppSchema(out);
}

/** The wire shape of a table (`tables.get`). */
export function tableToWire(t: TableMeta): DataTable {
  const relation = (r: RelationMeta): DataRelation => ({
    columnId: r.columnId, name: r.name, dataType: r.dataType, toTableName: r.toTableName, toTableId: r.toTableId,
    relationshipType: r.relationshipType, required: r.required, autoLoad: false,
  });
  return {
    tableId: t.tableId,
    name: t.name,
    system: t.system,
    columns: t.columns.map((c): DataColumn => ({
      columnId: c.columnId, name: c.name, dataType: c.dataType, required: c.required, unique: c.unique, indexed: c.indexed,
      defaultValue: c.defaultValue, system: c.system, primaryKey: c.name === 'objectId', customRegex: c.customRegex ?? null,
    })),
    relations: t.relations.filter((r) => r.dataType === 'DATA_REF').map(relation),
    geoRelations: t.relations.filter((r) => r.dataType === 'GEO_REF').map(relation),
  };
}

/**
 * How long a process trusts a schema it read. Every schema change drops the app's schema in every
 * process through the invalidation bus (decision 0030); this only bounds what a process keeps when
 * a message could not reach it.
 */
export const SCHEMA_TTL_MS = 60_000;
const MAX_APPS = 10_000;

/**
 * Schemas are read once per app and kept until a schema change drops them. The loading promise is
 * kept from the start, so dropping the entry also drops a read that overlapped the change.
 */
export class SchemaCache {
  private readonly cache = new Map<string, { schema: Promise<AppSchema>; until: number }>();

  /** `bus`: the invalidation bus of the server; without it (a lone cache) a change drops only this cache. */
  constructor(private readonly open: (appId: string) => Kysely<any>, private readonly bus?: InvalidationBus) {
    bus?.register('schema', (appId) => (appId === null ? this.cache.clear() : this.cache.delete(appId)));
  }

  get(appId: string): Promise<AppSchema> {
    const now = Date.now();
    const hit = this.cache.get(appId);
    if (hit && hit.until > now) return hit.schema;
    if (this.cache.size >= MAX_APPS) this.cache.clear();
    const entry = { schema: track(loadAppSchema(this.open(appId))), until: now + SCHEMA_TTL_MS };
    this.cache.set(appId, entry);
    entry.schema.catch(() => {
      if (this.cache.get(appId) === entry) this.cache.delete(appId);
    });
    return entry.schema;
  }

  /** The schema when it is loaded already, without waiting (see settled.ts); undefined otherwise. */
  peek(appId: string): AppSchema | undefined {
    const hit = this.cache.get(appId);
    return hit && hit.until > Date.now() ? settledValue(hit.schema)?.value : undefined;
  }

  /** The app's schema changed (call after the change committed): dropped here and in every other process. */
  invalidate(appId: string): void {
    if (this.bus) void this.bus.changed('schema', appId);
    else this.cache.delete(appId);
  }
}
