import type { Kysely } from 'kysely';
import { ApiError } from '../../../http/api-error.js';
import type { DataArea } from '../data-area.js';
import type { AppSchema, RelationMeta, TableMeta } from '../schema/app-schema.js';
import { rowToRecord } from './values.js';

const CHUNK = 1000;

/** Rows of link tables: which child records each parent record relates to, in order. */
export class RelationLinks {
  constructor(private readonly area: DataArea) {}

  private async target(appId: string, relation: RelationMeta): Promise<TableMeta> {
    const table = (await this.area.schema(appId)).tableById(relation.toTableId);
    if (!table) throw ApiError.notFound(`The target table of relation '${relation.name}' does not exist`);
    return table;
  }

  /**
   * Relates `parentId` to `ids`. `replace` makes them the whole relation; `add` appends the ones
   * not yet related. A one-to-one relation always ends with at most one child. Unknown child ids
   * are a 400 naming the first.
   */
  async set(trx: Kysely<any>, appId: string, relation: RelationMeta, parentId: string, ids: string[], mode: 'replace' | 'add'): Promise<number> {
    const unique = [...new Set(ids)];
    if (relation.relationshipType === 'ONE_TO_ONE' && unique.length > 1) {
      throw ApiError.field('BAD_REQUEST', relation.name, `Relation '${relation.name}' is one-to-one and takes one record`);
    }
    const target = await this.target(appId, relation);
    const found = new Set<string>();
    for (let i = 0; i < unique.length; i += CHUNK) {
      const rows = await trx.selectFrom(target.sqlName).select('objectId').where('objectId', 'in', unique.slice(i, i + CHUNK)).execute();
      for (const r of rows) found.add(String(r.objectId));
    }
    const missing = unique.find((id) => !found.has(id));
    if (missing) throw ApiError.field('BAD_REQUEST', relation.name, `Record '${missing}' does not exist in table '${target.name}'`, { objectId: missing });

    if (mode === 'replace' || relation.relationshipType === 'ONE_TO_ONE') {
      await trx.deleteFrom(relation.linkTable).where('parent_id', '=', parentId).execute();
    }
    const existing = await trx.selectFrom(relation.linkTable).select(['child_id', 'position']).where('parent_id', '=', parentId).execute();
    const have = new Set(existing.map((r) => String(r.child_id)));
    let position = existing.reduce((m, r) => Math.max(m, Number(r.position)), -1);
    const rows = unique.filter((id) => !have.has(id)).map((child_id) => ({ parent_id: parentId, child_id, position: ++position }));
    // Two requests adding the same child at once both see it missing above: the second insert of
    // the pair is skipped rather than failing on the link's primary key.
    let added = 0;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const res = await trx.insertInto(relation.linkTable).values(rows.slice(i, i + CHUNK)).onConflict((oc) => oc.columns(['parent_id', 'child_id']).doNothing()).executeTakeFirst();
      added += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  }

  async remove(trx: Kysely<any>, relation: RelationMeta, parentId: string, ids: string[]): Promise<number> {
    let removed = 0;
    for (let i = 0; i < ids.length; i += CHUNK) {
      const res = await trx.deleteFrom(relation.linkTable).where('parent_id', '=', parentId).where('child_id', 'in', ids.slice(i, i + CHUNK)).executeTakeFirst();
      removed += Number(res.numDeletedRows);
    }
    return removed;
  }

  /** Drops the links of deleted records (`null` = every record of the table), in both directions. */
  async forget(trx: Kysely<any>, schema: AppSchema, table: TableMeta, ids: string[] | null): Promise<void> {
    for (const r of table.relations) {
      const q = trx.deleteFrom(r.linkTable);
      await (ids ? q.where('parent_id', 'in', ids) : q).execute();
    }
    for (const { relation } of schema.relationsTo(table.name)) {
      const q = trx.deleteFrom(relation.linkTable);
      await (ids ? q.where('child_id', 'in', ids) : q).execute();
    }
  }

  /** Children of each parent, in link order, as records (with their own relations loaded from `nested`). */
  async load(appId: string, relation: RelationMeta, parentIds: string[], nested: RelationTree): Promise<Map<string, Array<Record<string, unknown>>>> {
    const db = this.area.db(appId);
    const target = await this.target(appId, relation);
    const links: Array<{ parent_id: string; child_id: string }> = [];
    for (let i = 0; i < parentIds.length; i += CHUNK) {
      const rows = await db.selectFrom(relation.linkTable).select(['parent_id', 'child_id']).where('parent_id', 'in', parentIds.slice(i, i + CHUNK)).orderBy('parent_id').orderBy('position').execute();
      links.push(...rows.map((r) => ({ parent_id: String(r.parent_id), child_id: String(r.child_id) })));
    }
    const childIds = [...new Set(links.map((l) => l.child_id))];
    const children = new Map<string, Record<string, unknown>>();
    for (let i = 0; i < childIds.length; i += CHUNK) {
      const rows = await db.selectFrom(target.sqlName).selectAll().where('objectId', 'in', childIds.slice(i, i + CHUNK)).execute();
      for (const row of rows) children.set(String(row.objectId), rowToRecord(target, row));
    }
    await this.attach(appId, target, [...children.values()], nested);
    const out = new Map<string, Array<Record<string, unknown>>>();
    for (const l of links) {
      const child = children.get(l.child_id);
      if (child) out.set(l.parent_id, [...(out.get(l.parent_id) ?? []), child]);
    }
    return out;
  }

  /** Loads the relations named in `tree` into `records` (one-to-one → object or null, else a list). */
  async attach(appId: string, table: TableMeta, records: Array<Record<string, unknown>>, tree: RelationTree): Promise<void> {
    if (!records.length) return;
    for (const [name, nested] of tree) {
      const relation = table.relations.find((r) => r.name === name);
      if (!relation) throw ApiError.field('BAD_REQUEST', 'loadRelations', `Invalid loadRelations: '${name}' is not a relation of table '${table.name}'`, { token: name });
      const ids = records.map((r) => r.objectId).filter((x): x is string => typeof x === 'string');
      const byParent = await this.load(appId, relation, ids, nested);
      for (const r of records) {
        const list = byParent.get(String(r.objectId)) ?? [];
        r[name] = relation.relationshipType === 'ONE_TO_ONE' ? (list[0] ?? null) : list;
      }
    }
  }
}

/** `loadRelations` paths as a tree: `a,a.b,c` → {a: {b: {}}, c: {}}. */
export type RelationTree = Map<string, RelationTree>;

/** Deepest relation path loaded (each level is one more query per relation). */
export const MAX_RELATION_DEPTH = 5;

export function relationTree(paths: string[]): RelationTree {
  const root: RelationTree = new Map();
  for (const path of paths) {
    if (path.split('.').length > MAX_RELATION_DEPTH) throw ApiError.field('BAD_REQUEST', 'loadRelations', `Invalid loadRelations: '${path.slice(0, 80)}' is deeper than ${MAX_RELATION_DEPTH} levels`, { token: path.slice(0, 80) });
    let node = root;
    for (const part of path.split('.').map((p) => p.trim().replace(/^`|`$/g, ''))) {
      if (!part) continue;
      if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(part)) throw ApiError.field('BAD_REQUEST', 'loadRelations', `Invalid loadRelations: '${part.slice(0, 80)}' is not a relation name`, { token: part.slice(0, 80) });
      if (!node.has(part)) node.set(part, new Map());
      node = node.get(part)!;
    }
  }
  return root;
}
