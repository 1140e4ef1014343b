import { sql } from 'kysely';
import type { DataRelation, RelationshipType } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import { newId } from '../../../http/secrets.js';
import type { DataArea } from '../data-area.js';
import { tableToWire, type RelationMeta, type TableMeta } from './app-schema.js';
import { createLinkTable, dropPhysicalTable } from './ddl.js';
import { assertColumnName, assertTableName, physicalName, withSchemaLock } from './names.js';
import type { ColumnsService } from './columns.service.js';
import type { TablesService } from './tables.service.js';

export interface RelationInput {
  name?: string;
  prevName?: string;
  columnId?: string;
  toTableName?: string;
  relationshipType?: string;
  required?: boolean;
}

function parseRelationship(raw: unknown, fallback: RelationshipType): RelationshipType {
  if (raw === undefined || raw === null) return fallback;
  if (raw !== 'ONE_TO_ONE' && raw !== 'ONE_TO_MANY') throw ApiError.field('BAD_REQUEST', 'relationshipType', 'relationshipType must be ONE_TO_ONE or ONE_TO_MANY');
  return raw;
}

/** Relation columns (DATA_REF to a table, GEO_REF to the geo points table), each with a link table. */
export class RelationsService {
  constructor(
    private readonly area: DataArea,
    private readonly tables: TablesService,
    private readonly columns: ColumnsService,
  ) {}

  relation(table: TableMeta, name: string): RelationMeta {
    const rel = table.relations.find((r) => r.name === name);
    if (!rel) throw ApiError.notFound(`Relation column '${name.slice(0, 80)}' does not exist in table '${table.name}'`);
    return rel;
  }

  async create(appId: string, tableName: string, body: RelationInput, dataType: 'DATA_REF' | 'GEO_REF'): Promise<DataRelation> {
    const name = assertColumnName(body.name);
    const relationshipType = parseRelationship(body.relationshipType, 'ONE_TO_ONE');
    await withSchemaLock(appId, async () => {
      const { schema, table } = await this.area.table(appId, tableName);
      this.columns.assertColumnNameFree(table, name);
      let target: TableMeta | undefined;
      if (dataType === 'GEO_REF') {
        target = await this.tables.ensureGeoTable(appId, schema);
      } else {
        const toName = assertTableName(body.toTableName);
        target = schema.table(toName);
        if (!target) throw ApiError.notFound(`Table '${toName}' does not exist`);
      }
      const linkTable = physicalName('l');
      const position = Math.max(0, ...table.relations.map((r) => r.position)) + 1;
      try {
        await this.area.db(appId).transaction().execute(async (trx) => {
          await trx.insertInto('meta_relations').values({
            column_id: newId(), table_id: table.tableId, name, name_key: name.toLowerCase(), data_type: dataType, to_table_id: target.tableId,
            relationship_type: relationshipType, link_table: linkTable, required: body.required ? 1 : 0, position,
          }).execute();
          await createLinkTable(trx, linkTable);
        });
      } finally {
        this.area.schemas.invalidate(appId);
      }
    });
    const { table } = await this.area.table(appId, tableName);
    const wire = tableToWire(table);
    return [...wire.relations, ...wire.geoRelations].find((r) => r.name === name)!;
  }

  /**
   * Renames a relation or changes its options. The body names the column by `prevName` or
   * `columnId` when renaming, else by `name`. Narrowing to ONE_TO_ONE needs every record to hold
   * at most one related record.
   */
  async update(appId: string, tableName: string, body: RelationInput): Promise<DataRelation> {
    let finalName = '';
    await withSchemaLock(appId, async () => {
      const { table } = await this.area.table(appId, tableName);
      const old = body.columnId
        ? table.relations.find((r) => r.columnId === body.columnId)
        : table.relations.find((r) => r.name === (body.prevName ?? body.name));
      if (!old) throw ApiError.notFound(`Relation column '${String(body.prevName ?? body.columnId ?? body.name).slice(0, 80)}' does not exist in table '${table.name}'`);
      const name = body.name === undefined ? old.name : assertColumnName(body.name);
      if (name !== old.name) this.columns.assertColumnNameFree(table, name, old.columnId);
      if (body.toTableName !== undefined && body.toTableName !== old.toTableName && old.dataType === 'DATA_REF') {
        throw ApiError.field('BAD_REQUEST', old.name, `The target table of relation '${old.name}' cannot change; create a new relation column instead`);
      }
      const relationshipType = parseRelationship(body.relationshipType, old.relationshipType);
      const db = this.area.db(appId);
      if (relationshipType === 'ONE_TO_ONE' && old.relationshipType === 'ONE_TO_MANY') {
        const many = await db.selectFrom(old.linkTable).select('parent_id').groupBy('parent_id').having(sql`count(*)`, '>', 1).limit(1).executeTakeFirst();
        if (many) throw ApiError.field('CONFLICT', old.name, `Relation '${old.name}' cannot become one-to-one: some records have several related records`);
      }
      await db.updateTable('meta_relations').set({
        name, name_key: name.toLowerCase(), relationship_type: relationshipType, required: (body.required ?? old.required) ? 1 : 0,
      }).where('column_id', '=', old.columnId).execute();
      this.area.schemas.invalidate(appId);
      finalName = name;
    });
    const { table } = await this.area.table(appId, tableName);
    const wire = tableToWire(table);
    return [...wire.relations, ...wire.geoRelations].find((r) => r.name === finalName)!;
  }

  async remove(appId: string, tableName: string, name: string): Promise<void> {
    await withSchemaLock(appId, async () => {
      const { table } = await this.area.table(appId, tableName);
      const rel = this.relation(table, name);
      try {
        await this.area.db(appId).transaction().execute(async (trx) => {
          await trx.deleteFrom('meta_relations').where('column_id', '=', rel.columnId).execute();
          await dropPhysicalTable(trx, rel.linkTable);
        });
      } finally {
        this.area.schemas.invalidate(appId);
      }
    });
  }
}
