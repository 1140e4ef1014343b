import type { SelectQueryBuilder } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import type { ColumnMeta, RelationMeta, TableMeta } from '../data/index.js';

type Rec = Record<string, unknown>;
type Select = SelectQueryBuilder<any, any, any>;
/** The conditions of a find (the caller's where, its scope, a group's path) from `RecordsQuery.filtered`. */
export type Filter = (q: Select) => Select;

/**
 * The app API's own reads of an app's store beside the query engine (`ctx.data.query`): a record's
 * owner, a relation's child ids, a grouping's values and counts. Table and column names come only
 * from the app's schema (`sqlName`); values are bound. Built over the `dbs` of the context its
 * service was made for, so inside a unit of work it reads the open transaction.
 */
export class AppRecordsRepo {
  constructor(private readonly dbs: Databases) {}

  /** objectId and ownerId of a stored record (every table has both columns under these names). */
  stamp(appId: string, table: TableMeta, objectId: string): Promise<Rec | undefined> {
    return this.dbs
      .app(appId)
      .selectFrom(table.sqlName)
      .select(['objectId', 'ownerId'])
      .where('objectId', '=', objectId)
      .executeTakeFirst();
  }

  /** Ids of a parent's children through a relation, at most `limit`. */
  async childIds(appId: string, relation: RelationMeta, parentId: string, limit: number): Promise<string[]> {
    const links = await this.dbs
      .app(appId)
      .selectFrom(relation.linkTable)
      .select('child_id')
      .where('parent_id', '=', parentId)
      .limit(limit)
      .execute();
    return links.map((l) => String(l.child_id));
  }

  /** One page of a column's distinct values among the records `filter` keeps, in order. */
  groupValues(appId: string, table: TableMeta, column: ColumnMeta, filter: Filter, limit: number, offset: number) {
    return filter(
      this.dbs
        .app(appId)
        .selectFrom(table.sqlName)
        .select(column.sqlName)
        .groupBy(column.sqlName)
        .orderBy(column.sqlName)
        .limit(limit)
        .offset(offset),
    ).execute() as Promise<Rec[]>;
  }

  /** How many records `filter` keeps. */
  async count(appId: string, table: TableMeta, filter: Filter): Promise<number> {
    const row = (await filter(
      this.dbs
        .app(appId)
        .selectFrom(table.sqlName)
        .select((eb) => eb.fn.countAll().as('n')),
    ).executeTakeFirst()) as Rec | undefined;
    return Number(row?.n ?? 0);
  }
}
