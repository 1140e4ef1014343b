import type { ServerContext } from '../../context.js';
import { type AppCaller } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import type { AppSchema, RelationMeta, TableMeta } from '../data/index.js';
import { newRecordId } from '../data/records/record-id.js';
import type { GraphRecord } from '../data/records/graph-save.js';
import { actorOf, assertId, type AppData } from './data-access.js';

type Rec = Record<string, unknown>;

/** Records one deep save may hold, and how deep its nesting may go. */
export const MAX_DEEP_RECORDS = 1000;
export const MAX_DEEP_DEPTH = 32;

/** An item under a relation: a record of the tree, a `__originSubID` stub, or a bare id. */
type Item = { node: Node } | { stub: string } | { id: string };

interface Node {
  table: TableMeta;
  objectId?: string;
  scalars: Rec;
  /** relation name → its items, in the order given; `many` keeps the array form for the answer */
  relations: Map<string, { relation: RelationMeta; many: boolean; items: Item[] }>;
  /** true for `{objectId}` alone or a bare id: linked, not written */
  linkOnly: boolean;
}

const bad = (message: string) => new ApiError('BAD_REQUEST', message);
const isObject = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);
/** Keys the SDK or the server sets that are never columns of the record. */
const SKIP = new Set(['___class', '__meta', 'created', 'updated', '___jsonclass', '___dates___']);

/**
 * `PUT /data/{table}/deep-save`: a record with nested records under its relation columns, saved
 * as one transaction (decision 0029). Children with an objectId of an existing record are updated,
 * the others created; each relation given is set to exactly the children given. `__subID` marks
 * a record that `{__originSubID}` stubs elsewhere in the body point back to (shared or cyclic
 * children). Every record is decided by the permission engine as the single routes decide it.
 */
export class AppDeepSave {
  constructor(
    private readonly ctx: ServerContext,
    private readonly data: AppData,
  ) {}

  private get engine() {
    return this.ctx.security.engine;
  }

  async save(caller: AppCaller, tableName: string, body: unknown): Promise<Rec> {
    if (!isObject(body)) throw bad('A record must be a JSON object');
    // A missing root table is made as a save makes it (dynamic schema; a 400 naming it when off).
    await this.data.data.dynamic.ensureTable(caller.appId, tableName, actorOf(caller));
    let { schema, table } = await this.data.table(caller.appId, tableName);
    // Relation columns named by `___class` children are created first (dynamic schema), then the
    // tree is read against the schema that holds them.
    if (await this.addRelations(caller, schema, table, body, 0, new Set()))
      ({ schema, table } = await this.data.table(caller.appId, tableName));
    const nodes: Node[] = [];
    const bySub = new Map<string, Node>();
    const byId = new Map<string, Node>();
    const root = this.read(schema, table, body, 0, nodes, bySub, byId);
    const resolve = (item: Item): Node => {
      if ('node' in item) return item.node;
      if ('stub' in item) {
        const n = bySub.get(item.stub);
        if (!n) throw bad(`__originSubID '${item.stub.slice(0, 80)}' names no record of the body (no __subID has it)`);
        return n;
      }
      throw new Error('unreachable');
    };
    // New columns for the values the records bring (dynamic schema, or a 400 naming the column).
    const tables = new Map<string, Rec[]>();
    for (const n of nodes) if (!n.linkOnly) tables.set(n.table.name, [...(tables.get(n.table.name) ?? []), n.scalars]);
    let changed = false;
    for (const [name, recs] of tables) {
      const before = (await this.data.table(caller.appId, name)).table;
      if ((await this.data.data.dynamic.ensureColumns(caller.appId, name, recs, actorOf(caller))) !== before)
        changed = true;
    }
    if (changed) {
      const fresh = await this.data.data.schema(caller.appId);
      for (const n of nodes) n.table = fresh.table(n.table.name)!;
    }

    const plan: GraphRecord[] = [];
    const planned = new Map<Node, GraphRecord>();
    const creatable = new Map<string, true>();
    for (const n of nodes) {
      const existing = n.objectId ? await this.data.raw(caller.appId, n.table, n.objectId) : undefined;
      if (n.linkOnly && !existing) throw bad(`Record '${n.objectId}' does not exist in table '${n.table.name}'`);
      const create = !existing;
      if (create && !creatable.has(n.table.tableId)) {
        await this.engine.require(caller, 'data', n.table.tableId, 'Create', undefined, `table '${n.table.name}'`);
        creatable.set(n.table.tableId, true);
      }
      if (existing && !n.linkOnly) {
        await this.engine.require(caller, 'data', n.table.tableId, 'Update', existing, `table '${n.table.name}'`);
        if (n.relations.size)
          await this.engine.require(
            caller,
            'data',
            n.table.tableId,
            'SetRelation',
            existing,
            `table '${n.table.name}'`,
          );
      }
      const values = n.linkOnly ? undefined : await this.data.writable(caller, n.table, n.scalars, create);
      if (values && !create) delete values.objectId;
      const record: GraphRecord = {
        table: n.table,
        objectId: n.objectId ?? newRecordId(),
        create,
        values,
        relations: [],
      };
      n.objectId = record.objectId;
      plan.push(record);
      planned.set(n, record);
    }
    for (const n of nodes) {
      for (const { relation, items } of n.relations.values()) {
        const ids = items.map((item) => ('id' in item ? item.id : resolve(item).objectId!));
        const target = relation.toTableName;
        for (const item of items)
          if (!('id' in item) && resolve(item).table.name !== target)
            throw bad(
              `Relation '${relation.name}' of table '${n.table.name}' holds records of table '${target}', not '${resolve(item).table.name}'`,
            );
        planned.get(n)!.relations.push({ relation, ids });
      }
    }
    const stored = await this.data.data.records.saveGraph(caller.appId, plan);
    return this.answer(caller, root, stored, resolve);
  }

  /**
   * With dynamic schema on, a key that is not a column of its table and holds a record (or records)
   * naming an existing table by `___class` becomes a relation column to that table (one-to-one for
   * an object, one-to-many for an array). Answers whether any was made.
   */
  private async addRelations(
    caller: AppCaller,
    schema: AppSchema,
    table: TableMeta,
    input: Rec,
    depth: number,
    seen: Set<Rec>,
  ): Promise<boolean> {
    if (depth > MAX_DEEP_DEPTH || seen.has(input)) return false;
    seen.add(input);
    let made = false;
    for (const [key, value] of Object.entries(input)) {
      if (SKIP.has(key) || key.startsWith('__')) continue;
      const items = Array.isArray(value) ? value : [value];
      const records = items.filter(isObject);
      const rel = table.relations.find((r) => r.name === key);
      if (rel) {
        const child = schema.tableById(rel.toTableId);
        if (child)
          for (const r of records) if (await this.addRelations(caller, schema, child, r, depth + 1, seen)) made = true;
        continue;
      }
      if (table.columns.some((c) => c.name === key)) continue;
      const named = records.find((r) => typeof r.___class === 'string');
      if (!named || !records.length) continue;
      // The dynamic-schema path of relation calls (`column:Table:1|n`): it makes the target table
      // too, records the change in the audit log, and is a 400 naming the column when it is off.
      const spec = `${key}:${String(named.___class)}:${Array.isArray(value) ? 'n' : '1'}`;
      const relation = await this.data.data.dynamic.ensureRelation(caller.appId, table.name, spec, actorOf(caller));
      if (!relation) throw bad(`Relation column '${key.slice(0, 80)}' does not exist in table '${table.name}'`);
      made = true;
      const fresh = await this.data.data.schema(caller.appId);
      const target = fresh.tableById(relation.toTableId);
      if (target) for (const r of records) await this.addRelations(caller, fresh, target, r, depth + 1, seen);
    }
    return made;
  }

  /** Reads one record of the body and, through its relation columns, the records below it. */
  private read(
    schema: AppSchema,
    table: TableMeta,
    input: Rec,
    depth: number,
    nodes: Node[],
    bySub: Map<string, Node>,
    byId: Map<string, Node>,
  ): Node {
    if (depth > MAX_DEEP_DEPTH) throw bad(`A deep save nests at most ${MAX_DEEP_DEPTH} levels`);
    if (typeof input.___class === 'string' && depth > 0 && input.___class !== table.name) {
      throw bad(
        `A record of table '${input.___class.slice(0, 80)}' cannot stand where table '${table.name}' is expected`,
      );
    }
    const objectId = input.objectId === undefined || input.objectId === null ? undefined : assertId(input.objectId);
    // The same stored record given twice is one record (its values merged, later ones winning).
    const known = objectId ? byId.get(`${table.tableId}:${objectId}`) : undefined;
    const node: Node = known ?? { table, objectId, scalars: {}, relations: new Map(), linkOnly: true };
    if (!known) {
      if (nodes.length >= MAX_DEEP_RECORDS) throw bad(`A deep save holds at most ${MAX_DEEP_RECORDS} records`);
      nodes.push(node);
      if (objectId) byId.set(`${table.tableId}:${objectId}`, node);
    }
    if (input.__subID !== undefined && typeof input.__subID !== 'string') throw bad('__subID must be text');
    if (typeof input.__subID === 'string') {
      if (bySub.has(input.__subID) && bySub.get(input.__subID) !== node)
        throw bad(`__subID '${input.__subID.slice(0, 80)}' is given to two records`);
      bySub.set(input.__subID, node);
    }
    for (const [key, value] of Object.entries(input)) {
      if (SKIP.has(key) || key.startsWith('__') || key === 'objectId') continue;
      const relation = table.relations.find((r) => r.name === key);
      if (!relation) {
        node.scalars[key] = value;
        node.linkOnly = false;
        continue;
      }
      node.linkOnly = false;
      const child = schema.tableById(relation.toTableId);
      if (!child) throw bad(`The target table of relation '${relation.name}' does not exist`);
      const list = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
      if (list.length > MAX_DEEP_RECORDS) throw bad(`A deep save holds at most ${MAX_DEEP_RECORDS} records`);
      const items: Item[] = list.map((v): Item => {
        if (typeof v === 'string') return { id: assertId(v, `${relation.name} objectId`) };
        if (!isObject(v)) throw bad(`Relation '${relation.name}' takes records, objectIds or null`);
        if ('__originSubID' in v) {
          if (typeof v.__originSubID !== 'string')
            throw bad(`Relation '${relation.name}': __originSubID must be text naming a __subID of the body`);
          return { stub: v.__originSubID };
        }
        return { node: this.read(schema, child, v, depth + 1, nodes, bySub, byId) };
      });
      if (relation.relationshipType === 'ONE_TO_ONE' && items.length > 1)
        throw bad(`Relation '${relation.name}' is one-to-one and takes one record`);
      node.relations.set(key, { relation, many: Array.isArray(value), items });
    }
    // A record given only by objectId is linked to, never written; without one it is a new record.
    if (!objectId) node.linkOnly = false;
    return node;
  }

  /**
   * The saved tree in the body's shape: each record as stored (hidden columns removed), relation
   * columns holding their children. A record met a second time is answered as a
   * `{__originSubID}` stub of the first, which then carries `__subID`, so cycles stay finite.
   */
  private async answer(
    caller: AppCaller,
    root: Node,
    stored: Map<string, Rec>,
    resolve: (item: Item) => Node,
  ): Promise<Rec> {
    const seen = new Map<Node, Rec>();
    const hiddenOf = new Map<string, ReadonlySet<string>>();
    let sub = 0;
    const emit = async (n: Node): Promise<Rec> => {
      const first = seen.get(n);
      if (first) {
        if (typeof first.__subID !== 'string') first.__subID = String(++sub);
        return { __originSubID: first.__subID };
      }
      const out: Rec = {
        ...(stored.get(`${n.table.tableId}:${n.objectId}`) ?? { objectId: n.objectId, ___class: n.table.name }),
      };
      seen.set(n, out);
      let hidden = hiddenOf.get(n.table.tableId);
      if (!hidden) hiddenOf.set(n.table.tableId, (hidden = await this.data.hidden(caller, n.table)));
      for (const c of hidden) delete out[c];
      for (const [name, { many, items }] of n.relations) {
        const children: Rec[] = [];
        for (const item of items) {
          if ('id' in item) children.push({ objectId: item.id, ___class: n.relations.get(name)!.relation.toTableName });
          else children.push(await emit(resolve(item)));
        }
        out[name] = many ? children : (children[0] ?? null);
      }
      return out;
    };
    return emit(root);
  }
}
