import { sql, type Kysely } from 'kysely';
import { ErrorCodes, ScalarDataTypes, isSpatialType, type DataColumn, type ScalarDataType } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import { newId } from '../../../http/secrets.js';
import type { DataArea } from '../data-area.js';
import { TEXT_LIMITS, isTextType, toStored } from '../records/values.js';
import { tableToWire, type ColumnMeta, type TableMeta } from './app-schema.js';
import { addPhysicalColumn, dropPhysicalColumn, rebuildTable, setColumnIndexes, withStoreType, type RebuildColumn } from './ddl.js';
import { assertColumnName, physicalName, withSchemaLock } from './names.js';
import { assertMatchesValidator, parseCustomRegex } from './column-validators.js';
import { translateError } from '../../../db/db-errors.js';

export interface ColumnInput {
  name?: string;
  dataType?: string;
  required?: boolean;
  unique?: boolean;
  indexed?: boolean;
  defaultValue?: unknown;
  /** The column's validator (decision 0069): a regular expression, or null for none. */
  customRegex?: unknown;
}

const BASE = new Set(['objectId', 'created', 'updated', 'ownerId']);

/** Type changes that keep every stored value meaningful; anything else needs a new column. */
function canConvert(from: ScalarDataType, to: ScalarDataType): boolean {
  if (from === to) return true;
  // A point, line or polygon is a geometry; the other way a stored value may not fit.
  if (isSpatialType(from) || isSpatialType(to)) return isSpatialType(from) && to === 'GEOMETRY';
  if (isTextType(to)) return isTextType(from) || from === 'INT' || from === 'DOUBLE';
  return from === 'INT' && to === 'DOUBLE';
}

/** Scalar columns of a table: add, change (rename, type, options), delete — real DDL that keeps rows. */
export class ColumnsService {
  constructor(private readonly area: DataArea) {}

  /** Every column and relation name of the table is one namespace, compared without case. */
  assertColumnNameFree(table: TableMeta, name: string, exceptId?: string): void {
    const key = name.toLowerCase();
    const clash = [...table.columns, ...table.relations].find((c) => c.name.toLowerCase() === key && c.columnId !== exceptId);
    if (clash) throw ApiError.field('CONFLICT', 'name', `Table '${table.name}' already has a column named '${clash.name}'`);
  }

  /** A column as the DDL takes it: spatial columns carry the database's own geometry type. */
  private physical<C extends ColumnMeta>(c: C): C & { sqlType?: string } {
    return withStoreType(this.area.ctx.dbs, c);
  }

  /** Spatial columns need SpatiaLite or PostGIS: without them a 501 says what to install. */
  async assertTypeServed(dataType: ScalarDataType): Promise<void> {
    if (!isSpatialType(dataType)) return;
    const support = await this.area.ctx.dbs.spatial();
    if (!support.available) throw new ApiError(ErrorCodes.NOT_AVAILABLE_YET, support.reason, { dataType });
  }

  column(table: TableMeta, name: string): ColumnMeta {
    const col = table.columns.find((c) => c.name === name);
    if (!col) throw ApiError.notFound(`Column '${name.slice(0, 80)}' does not exist in table '${table.name}'`);
    return col;
  }

  private parseType(raw: unknown): ScalarDataType {
    if (!ScalarDataTypes.includes(raw as ScalarDataType)) {
      throw ApiError.field('BAD_REQUEST', 'dataType', `dataType must be one of ${ScalarDataTypes.join(', ')}`);
    }
    return raw as ScalarDataType;
  }

  async create(appId: string, tableName: string, body: ColumnInput): Promise<DataColumn> {
    const name = assertColumnName(body.name);
    const dataType = this.parseType(body.dataType);
    const defaultValue = toStored(name, dataType, body.defaultValue);
    const customRegex = parseCustomRegex(name, dataType, body.customRegex);
    if (customRegex && typeof defaultValue === 'string') assertMatchesValidator(name, customRegex, defaultValue);
    await this.assertTypeServed(dataType);
    await withSchemaLock(appId, async () => {
      const { table } = await this.area.table(appId, tableName);
      this.assertColumnNameFree(table, name);
      const rows = await this.area.rowCount(appId, table.sqlName);
      const required = body.required === true;
      if (required && rows > 0 && defaultValue === null) {
        throw ApiError.field('BAD_REQUEST', 'defaultValue', `Column '${name}' is required and table '${table.name}' has records: give it a default value`);
      }
      const col: ColumnMeta = {
        columnId: newId(), name, sqlName: physicalName('c'), dataType, required, unique: body.unique === true,
        indexed: body.indexed === true || body.unique === true, defaultValue: body.defaultValue ?? null, system: false,
        position: Math.max(0, ...table.columns.map((c) => c.position)) + 1, customRegex,
      };
      await this.inTransaction(appId, col, async (trx) => {
        await trx.insertInto('meta_columns').values({
          column_id: col.columnId, table_id: table.tableId, name, name_key: name.toLowerCase(), sql_name: col.sqlName, data_type: dataType,
          required: col.required ? 1 : 0, uniq: col.unique ? 1 : 0, indexed: col.indexed ? 1 : 0,
          default_value: col.defaultValue === null ? null : JSON.stringify(col.defaultValue), system: 0, position: col.position,
          custom_regex: customRegex,
        }).execute();
        await addPhysicalColumn(trx, table.sqlName, this.physical(col));
        // Existing rows take the default, as new rows will.
        if (defaultValue !== null && rows > 0) await trx.updateTable(table.sqlName).set({ [col.sqlName]: defaultValue }).execute();
        if (col.required) await rebuildTable(trx, table.sqlName, this.rebuildColumns(table, col));
        else await setColumnIndexes(trx, table.sqlName, col.sqlName, col);
      });
    });
    const { table } = await this.area.table(appId, tableName);
    return tableToWire(table).columns.find((c) => c.name === name)!;
  }

  /** Current physical columns of a table with `changed` in place of (or added to) its old version. */
  private rebuildColumns(table: TableMeta, changed: ColumnMeta, castFrom?: ScalarDataType): RebuildColumn[] {
    const cols: RebuildColumn[] = table.columns.filter((c) => !BASE.has(c.name) && c.columnId !== changed.columnId).map((c) => this.physical(c));
    const at = table.columns.findIndex((c) => c.columnId === changed.columnId);
    const next: RebuildColumn = { ...this.physical(changed), castFrom };
    if (at < 0) cols.push(next);
    else cols.splice(Math.max(0, at - BASE.size), 0, next);
    return cols;
  }

  /** Runs schema work in one transaction; a unique index over duplicate values becomes a 409. */
  private async inTransaction(appId: string, col: { name: string }, work: (trx: Kysely<any>) => Promise<void>): Promise<void> {
    try {
      await this.area.db(appId).transaction().execute(work);
    } catch (err) {
      throw translateError(err, { unique: ApiError.field('CONFLICT', col.name, `Column '${col.name}' cannot be unique: records share a value`) });
    } finally {
      this.area.schemas.invalidate(appId);
    }
  }

  async update(appId: string, tableName: string, columnName: string, body: ColumnInput): Promise<DataColumn> {
    let finalName = columnName;
    await withSchemaLock(appId, async () => {
      const { table } = await this.area.table(appId, tableName);
      const old = this.column(table, columnName);
      const name = body.name === undefined ? old.name : assertColumnName(body.name);
      if (old.system) {
        const same = name === old.name && (body.dataType ?? old.dataType) === old.dataType && (body.required ?? old.required) === old.required
          && (body.unique ?? old.unique) === old.unique && (body.indexed ?? old.indexed) === old.indexed
          && (body.customRegex === undefined || (body.customRegex || null) === (old.customRegex ?? null));
        if (!same) throw ApiError.field('BAD_REQUEST', old.name, `'${old.name}' is a system column and cannot be changed`);
        return;
      }
      if (name !== old.name) this.assertColumnNameFree(table, name, old.columnId);
      const dataType = body.dataType === undefined ? old.dataType : this.parseType(body.dataType);
      if (!canConvert(old.dataType, dataType)) {
        throw ApiError.field('BAD_REQUEST', old.name, `Column '${old.name}' cannot change from ${old.dataType} to ${dataType}; create a new column instead`);
      }
      const defaultRaw = body.defaultValue === undefined ? old.defaultValue : body.defaultValue;
      const defaultValue = toStored(name, dataType, defaultRaw);
      const customRegex = parseCustomRegex(name, dataType, body.customRegex === undefined ? old.customRegex : body.customRegex);
      if (customRegex && typeof defaultValue === 'string') assertMatchesValidator(name, customRegex, defaultValue);
      const next: ColumnMeta = {
        ...old, name, dataType,
        required: body.required ?? old.required,
        unique: body.unique ?? old.unique,
        indexed: (body.indexed ?? old.indexed) || (body.unique ?? old.unique),
        defaultValue: defaultRaw ?? null,
        customRegex,
      };
      const db = this.area.db(appId);
      const limit = TEXT_LIMITS[dataType];
      if (limit && dataType !== old.dataType) {
        const row = await db.selectFrom(table.sqlName).select(sql<number>`max(length(${sql.ref(old.sqlName)}))`.as('n')).executeTakeFirst();
        if (Number(row?.n ?? 0) > limit) throw ApiError.field('BAD_REQUEST', old.name, `Column '${old.name}' holds values longer than ${limit} characters, the limit of ${dataType}`);
      }
      const nulls = next.required && !old.required
        ? Number((await db.selectFrom(table.sqlName).select((eb) => eb.fn.countAll().as('n')).where(old.sqlName, 'is', null).executeTakeFirst())?.n ?? 0)
        : 0;
      if (nulls > 0 && defaultValue === null) {
        throw ApiError.field('BAD_REQUEST', old.name, `Column '${old.name}' cannot become required: ${nulls} records have no value and there is no default value`);
      }
      const physicalChange = next.required !== old.required || (old.dataType !== dataType && !(isTextType(old.dataType) && isTextType(dataType)));
      await this.inTransaction(appId, next, async (trx) => {
        await trx.updateTable('meta_columns').set({
          name, name_key: name.toLowerCase(), data_type: dataType, required: next.required ? 1 : 0, uniq: next.unique ? 1 : 0,
          indexed: next.indexed ? 1 : 0, default_value: next.defaultValue === null ? null : JSON.stringify(next.defaultValue),
          custom_regex: customRegex,
        }).where('column_id', '=', old.columnId).execute();
        if (nulls > 0) await trx.updateTable(table.sqlName).set({ [old.sqlName]: defaultValue }).where(old.sqlName, 'is', null).execute();
        if (physicalChange) await rebuildTable(trx, table.sqlName, this.rebuildColumns(table, next, old.dataType));
        else if (next.unique !== old.unique || next.indexed !== old.indexed) await setColumnIndexes(trx, table.sqlName, old.sqlName, next);
      });
      finalName = name;
    });
    const { table } = await this.area.table(appId, tableName);
    return tableToWire(table).columns.find((c) => c.name === finalName)!;
  }

  async remove(appId: string, tableName: string, columnName: string): Promise<void> {
    await withSchemaLock(appId, async () => {
      const { table } = await this.area.table(appId, tableName);
      const col = this.column(table, columnName);
      if (col.system) throw ApiError.field('BAD_REQUEST', col.name, `'${col.name}' is a system column and cannot be deleted`);
      await this.inTransaction(appId, col, async (trx) => {
        await trx.deleteFrom('meta_columns').where('column_id', '=', col.columnId).execute();
        await dropPhysicalColumn(trx, table.sqlName, col.sqlName);
      });
    });
  }
}
