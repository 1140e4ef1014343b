import {
  Routes,
  type DataColumn,
  type DataRecord,
  type DataRelation,
  type DataTable,
  type BodyOf,
  type Open,
  type ResponseOf,
} from '@basalt/shared';
import { CacheTags } from '../transport/cache-tags.js';
import { COUNT_CACHE_TTL } from '../transport/cache.js';
import type { Query } from '../transport/encode.js';
import type { DataWithTotal } from '../transport/transport.js';
import type { GroupContext } from './group-context.js';
import { recordsCountBody, recordsExportBody, recordsFindBody, type RecordsQuery } from './tables-query.js';

const r = Routes.tables;

/** A table as methods take it: from `tables.get`, or at least its name (and id for cache tags). */
export interface TableRef {
  name: string;
  tableId?: string;
  columns?: ReadonlyArray<Pick<DataColumn, 'name' | 'dataType'>>;
  relations?: ReadonlyArray<Pick<DataRelation, 'name' | 'toTableId'>>;
  geoRelations?: ReadonlyArray<Pick<DataRelation, 'name' | 'toTableId'>>;
}

/**
 * A column body with `dataType` as any text: the reference client takes the type as given and the
 * server names a wrong one (400), so callers holding the type as a string keep compiling.
 */
type TypedAsText<T> = Open<Omit<T, 'dataType'> & { dataType?: string }>;

/** A column to create: `dataType` DATA_REF / GEO_REF makes it a relation column (its own route and body). */
export type ColumnInput =
  TypedAsText<BodyOf<typeof r.createColumn>> | TypedAsText<BodyOf<typeof r.createRelationColumn>>;

/** A column's new name or options (`updateColumn`). */
export type ColumnChange = TypedAsText<BodyOf<typeof r.updateColumn>>;

/** An existing column as `deleteColumn` and `updateColumn` address it: its name, and its type for relations. */
export type ColumnRef = Pick<DataColumn, 'name'> & Partial<Pick<DataColumn, 'dataType'>>;

/** A record: column name → value (declared in the contract; the console imports it from here). */
export type { DataRecord };

/** A FILE_REF cell change of `updateImageTypeRecord`. */
export interface FileCellChange {
  columnName: string;
  objectId: string;
  /** Multipart form with the file, or a file path string. */
  value: unknown;
}

const RELATION_TYPES = new Set(['DATA_REF', 'GEO_REF']);
const seg = (name: string) => encodeURIComponent(name);

/** Stamps relation columns with their type and makes the two relation lists always present. */
export function normalizeTable<T extends Partial<DataTable>>(
  table: T,
): T & Pick<DataTable, 'relations' | 'geoRelations'> {
  return {
    ...table,
    relations: (table.relations ?? []).map((rel) => ({ ...rel, dataType: 'DATA_REF' as const })),
    geoRelations: (table.geoRelations ?? []).map((rel) => ({ ...rel, dataType: 'GEO_REF' as const })),
  };
}

/** Tables, columns, relations and records (`tables` group of the reference client). */
export function createTablesGroup({ request }: GroupContext) {
  const dataTag = (table: TableRef) => (table.tableId ? [CacheTags.TABLE_DATA(table.tableId)] : []);

  // A filtered count is a POST to the URL of the unfiltered GET count, and the response cache keys
  // on the URL alone: reading the cache here would answer a search with the cached table total.
  // The reference client's POST counts never stayed cached anyway (their own tags flush them).
  const countOf = (appId: string, table: TableRef, query: RecordsQuery = {}, resetCache = false): Promise<number> =>
    request.route(r.getRecordsCount, [appId, seg(table.name)], {
      body: recordsCountBody(table, query),
      cacheTags: dataTag(table),
      resetCache,
    });

  // Relation edits also change what the target table's cached lists show.
  const relationTags = (table: TableRef, columnName: string) => {
    const column = [...(table.relations ?? []), ...(table.geoRelations ?? [])].find((c) => c.name === columnName);
    if (!column) throw new TypeError(`Table '${table.name}' has no relation column '${columnName}'`);
    return [...dataTag(table), ...(column.toTableId ? [CacheTags.TABLE_DATA(column.toTableId)] : [])];
  };

  return {
    /** The app's tables (`{tables}`), relation columns stamped DATA_REF / GEO_REF. `query` is passed through. */
    async get(appId: string, query?: Query): Promise<ResponseOf<typeof r.get>> {
      const answer = await request.route(r.get, [appId], { query });
      // As the reference client does, an answer without tables reads as none (servers that predate the list).
      return { ...answer, tables: (answer?.tables ?? []).map(normalizeTable) };
    },

    /** Creates a table. */
    async create(appId: string, table: Open<BodyOf<typeof r.create>>): Promise<DataTable> {
      return normalizeTable(await request.route(r.create, [appId], { body: table }));
    },

    /** Renames a table or changes its options. */
    async update(appId: string, table: TableRef, props: Open<BodyOf<typeof r.update>>): Promise<DataTable> {
      return normalizeTable(await request.route(r.update, [appId, seg(table.name)], { body: props }));
    },

    /** Deletes a table; refused with 409 while relations point at it unless `options.cascade`. */
    remove(appId: string, table: TableRef, options: { cascade?: boolean } = {}): Promise<ResponseOf<typeof r.remove>> {
      return request.route(r.remove, [appId, seg(table.name)], {
        query: { cascade: options.cascade || undefined },
        cacheTags: dataTag(table),
      });
    },

    /**
     * A page of records (body by the record-query rules). Unless `ignoreCounter`, the count goes
     * out alongside and the answer is `{totalRows, data}`; otherwise the bare list.
     */
    async loadRecords<I extends boolean = false>(
      appId: string,
      table: TableRef,
      query: RecordsQuery = {},
      ignoreCounter?: I,
    ): Promise<I extends true ? DataRecord[] : DataWithTotal<DataRecord[]>> {
      type Answer = I extends true ? DataRecord[] : DataWithTotal<DataRecord[]>;
      const find = () =>
        request.route(r.loadRecords, [appId, seg(table.name)], {
          body: recordsFindBody(table, query),
          cacheTags: dataTag(table),
        });
      if (ignoreCounter) return (await find()) as Answer; // the conditional type cannot be narrowed by `ignoreCounter`
      // The count goes first, then the page, both at once (the reference's order).
      const [totalRows, data] = await Promise.all([countOf(appId, table, query), find()]);
      return { totalRows, data } as Answer;
    },

    /** CSV of the records matching the query (`connectorId` prefixes the table name); read as every answer is. */
    exportRecords(
      appId: string,
      connectorId: string | null | undefined,
      table: TableRef,
      query: RecordsQuery = {},
    ): Promise<string> {
      const name = connectorId ? `${connectorId}.${table.name}` : table.name;
      return request.route(r.exportRecords, [appId, seg(name)], { body: recordsExportBody(table, query) });
    },

    /** Number of records matching the query (always asked); `resetCache` drops the table's cached counts first. */
    getRecordsCount(appId: string, table: TableRef, query?: RecordsQuery, resetCache?: boolean): Promise<number> {
      return countOf(appId, table, query, resetCache);
    },

    /**
     * Number of records by GET, cached 30 s. As in the reference client no filter travels with it
     * (`query` is accepted for compatibility only): use `getRecordsCount` for a filtered count.
     */
    getCount(appId: string, table: TableRef, _query?: RecordsQuery): Promise<number> {
      return request.route(r.getCount, [appId, seg(table.name)], { cache: COUNT_CACHE_TTL, cacheTags: dataTag(table) });
    },

    /** Record counts of many tables at once. */
    getRecordsCountForTables(
      appId: string,
      tables: BodyOf<typeof r.getRecordsCountForTables>['tables'],
      connectorId?: string | null,
      resetCache?: boolean,
    ): Promise<Record<string, number>> {
      return request.route(r.getRecordsCountForTables, [appId], { body: { tables, connectorId, resetCache } });
    },

    /** The full value of one (large) cell. */
    getCellData(
      appId: string,
      tableName: string,
      recordId: string,
      columnName: string,
    ): Promise<ResponseOf<typeof r.getCellData>> {
      return request.route(r.getCellData, [appId, seg(tableName), seg(recordId), seg(columnName)]);
    },

    /** Creates a record. */
    createRecord(appId: string, table: TableRef, record: DataRecord): Promise<ResponseOf<typeof r.createRecord>> {
      return request.route(r.createRecord, [appId, seg(table.name)], { body: record, cacheTags: dataTag(table) });
    },

    /** Creates many records at once (all or nothing). */
    bulkCreateRecords(
      appId: string,
      tableName: string,
      records: DataRecord[],
    ): Promise<ResponseOf<typeof r.bulkCreateRecords>> {
      return request.route(r.bulkCreateRecords, [appId, seg(tableName)], { body: records });
    },

    /** Creates or updates many records at once (by objectId). */
    bulkUpsertRecords(
      appId: string,
      tableName: string,
      records: DataRecord[],
    ): Promise<ResponseOf<typeof r.bulkUpsertRecords>> {
      return request.route(r.bulkUpsertRecords, [appId, seg(tableName)], { body: records });
    },

    /** Updates a record (its `objectId` picks it). */
    updateRecord(appId: string, table: TableRef, record: DataRecord): Promise<ResponseOf<typeof r.updateRecord>> {
      return request.route(r.updateRecord, [appId, seg(table.name), record.objectId && seg(record.objectId)], {
        body: record,
        cacheTags: dataTag(table),
      });
    },

    /** Sets the file of a FILE_REF cell (body: `record.value`). */
    updateImageTypeRecord(
      appId: string,
      table: TableRef,
      record: FileCellChange,
    ): Promise<ResponseOf<typeof r.updateImageTypeRecord>> {
      return request.route(
        r.updateImageTypeRecord,
        [appId, seg(table.name), seg(record.columnName), seg(record.objectId)],
        { body: record.value, cacheTags: dataTag(table) },
      );
    },

    /** Deletes the listed records, or every record when `recordIds` is absent. */
    deleteRecords(
      appId: string,
      table: TableRef,
      recordIds?: string[] | null,
    ): Promise<ResponseOf<typeof r.deleteRecords>> {
      if (recordIds == null)
        return request.route(r.deleteAllRecords, [appId, seg(table.name)], { cacheTags: dataTag(table) });
      const body = recordIds.map((objectId) => ({ objectId }));
      return request.route(r.deleteRecords, [appId, seg(table.name)], { body, cacheTags: dataTag(table) });
    },

    /** Clears the file of a FILE_REF cell. */
    deleteImageTypeRecord(
      appId: string,
      tableName: string,
      columnName: string,
      recordId: string,
    ): Promise<ResponseOf<typeof r.deleteImageTypeRecord>> {
      return request.route(r.deleteImageTypeRecord, [appId, seg(tableName), seg(columnName), seg(recordId)]);
    },

    /** Sets the related records of a relation cell. Rejects with a TypeError for an unknown relation column. */
    async updateRelations(
      appId: string,
      table: TableRef,
      columnName: string,
      recordId: string,
      relationIds: BodyOf<typeof r.updateRelations>,
    ): Promise<ResponseOf<typeof r.updateRelations>> {
      const cacheTags = relationTags(table, columnName);
      return request.route(r.updateRelations, [appId, seg(table.name), seg(recordId), seg(columnName)], {
        body: relationIds,
        cacheTags,
      });
    },

    /** Removes related records from a relation cell. Rejects with a TypeError for an unknown relation column. */
    async removeRelations(
      appId: string,
      table: TableRef,
      columnName: string,
      recordId: string,
      relationIds: BodyOf<typeof r.removeRelations>,
    ): Promise<ResponseOf<typeof r.removeRelations>> {
      const cacheTags = relationTags(table, columnName);
      return request.route(r.removeRelations, [appId, seg(table.name), seg(recordId), seg(columnName)], {
        body: relationIds,
        cacheTags,
      });
    },

    /** Adds a column (`…/relation` for DATA_REF, `…/georelation` for GEO_REF); the answer keeps the sent type. */
    async createColumn(appId: string, table: TableRef, column: ColumnInput): Promise<DataColumn | DataRelation> {
      const route =
        column.dataType === 'DATA_REF'
          ? r.createRelationColumn
          : column.dataType === 'GEO_REF'
            ? r.createGeoRelationColumn
            : r.createColumn;
      const created = await request.route(route, [appId, seg(table.name)], { body: column });
      // The sent type wins (the reference client's rule); a relation's is one of the two relation types.
      return { ...created, dataType: column.dataType ?? created.dataType } as DataColumn | DataRelation;
    },

    /** Drops a column (relation columns of both kinds use the `…/columns/relation/{name}` form). */
    deleteColumn(appId: string, table: TableRef, column: ColumnRef): Promise<ResponseOf<typeof r.deleteColumn>> {
      const route = RELATION_TYPES.has(column.dataType ?? '') ? r.deleteRelationColumn : r.deleteColumn;
      return request.route(route, [appId, seg(table.name), seg(column.name)]);
    },

    /**
     * Renames a column or changes its options. The URL names the previous column, or says
     * `relation` / `georelation` for relation columns; the answer's type falls back to the old one.
     */
    async updateColumn(
      appId: string,
      table: TableRef,
      prevColumn: ColumnRef,
      column: ColumnChange,
    ): Promise<DataColumn | DataRelation> {
      const segment =
        prevColumn.dataType === 'DATA_REF'
          ? 'relation'
          : prevColumn.dataType === 'GEO_REF'
            ? 'georelation'
            : seg(prevColumn.name);
      const updated = await request.route(r.updateColumn, [appId, seg(table.name), segment], { body: column });
      // A stubbed or older server may leave the type out: the previous column's stands in.
      return { ...updated, dataType: updated?.dataType ?? prevColumn.dataType } as DataColumn | DataRelation;
    },

    /** Data settings of the app (`dynamicSchema`, `includeObjectIdByDefault`). */
    loadConfigs(appId: string): Promise<ResponseOf<typeof r.loadConfigs>> {
      return request.route(r.loadConfigs, [appId]);
    },

    /** Changes data settings of the app. */
    setConfigs(appId: string, configs: BodyOf<typeof r.setConfigs>): Promise<ResponseOf<typeof r.setConfigs>> {
      return request.route(r.setConfigs, [appId], { body: configs });
    },

    /** Roles assigned to the given users (ids sent comma-joined). */
    loadAssignedUserRoles(appId: string, users: string[]): Promise<unknown> {
      return request.route(r.loadAssignedUserRoles, [appId], { query: { users: users.join(',') } });
    },

    /** Assigns or unassigns roles of users. */
    updateAssignedUserRoles(appId: string, roles: unknown[], users: string[]): Promise<unknown> {
      return request.route(r.updateAssignedUserRoles, [appId], { body: { roles, users } });
    },

    /** The owner-policy delay check setting of a table. */
    loadTableOwnerPolicyDelayCheck(
      appId: string,
      tableName: string,
    ): Promise<ResponseOf<typeof r.loadTableOwnerPolicyDelayCheck>> {
      return request.route(r.loadTableOwnerPolicyDelayCheck, [appId, seg(tableName)]);
    },

    /** Changes the owner-policy delay check setting of a table. */
    changeTableOwnerPolicyDelayCheck(
      appId: string,
      tableName: string,
      data: Open<BodyOf<typeof r.changeTableOwnerPolicyDelayCheck>>,
    ): Promise<ResponseOf<typeof r.changeTableOwnerPolicyDelayCheck>> {
      return request.route(r.changeTableOwnerPolicyDelayCheck, [appId, seg(tableName)], { body: data });
    },
  };
}

/** The `tables` group's methods. */
export type TablesGroup = ReturnType<typeof createTablesGroup>;
