import type { ServerContext } from '../../context.js';
import { transactionAppOf } from '../../db/app-transaction.js';
import { type AppCaller } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import { columnEquals, type Condition } from '@basalt/shared';
import {
  checkClauses,
  relationTargets,
  unknownKeys,
  type AppSchema,
  type DataServices,
  type QueryAccess,
  type TableMeta,
} from '../data/index.js';
import { expressionColumns, isExpression } from '../data/records/special-values.js';
import { namesIn, readQuery, type QuerySpec } from './query-spec.js';
import type { RowFilter } from '../security/permission-engine.js';
import type { Answering } from '../../db/query-limits.js';
import { intercepted } from '../../events/interceptors.js';
import { AppRecordsRepo } from './app-records.repo.js';

type Rec = Record<string, unknown>;

/** Most records a bulk update, bulk delete or relation where may touch in one call. */
export const MAX_BULK = 10_000;
const ID = /^[A-Za-z0-9_-]{1,100}$/;
/** Written by the server only: app callers never set them (server code may set ownerId). */
const SERVER_SET = new Set(['created', 'updated', '___class', '__meta', 'user-token']);

const isRecord = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);

/** A query a before-handler left: an object, or nothing (anything else is refused as a bad query would be). */
function asQuery(v: unknown): Rec | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isRecord(v)) throw new ApiError('BAD_REQUEST', 'The query must be a JSON object');
  return v;
}

const asWhere = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

export function assertId(value: unknown, what = 'objectId'): string {
  if (typeof value !== 'string' || !ID.test(value)) throw new ApiError('BAD_REQUEST', `${what} must be a record id`);
  return value;
}

const isServerCode = (c: AppCaller) => c.roles.some((r) => r.name === 'ServerCodeUser');

/** Who a schema change made by a write is told as, in the audit log. */
export const actorOf = (c: AppCaller) => (c.userId ? `user:${c.userId}` : `anonymous (${c.deviceType} key)`);

/**
 * The data API of apps, with every call decided by the permission engine: rows a caller may not
 * see never leave the query (their restriction is ANDed into the where), denied columns are hidden
 * and cannot be filtered or sorted on, and writes check the record's ACL and owner first.
 */
export class AppData {
  /** Reads of the store beside the query engine, over this context's `dbs` (a transaction's, in a unit of work). */
  readonly records: AppRecordsRepo;

  constructor(private readonly ctx: ServerContext) {
    this.records = new AppRecordsRepo(ctx.dbs);
  }

  get data(): DataServices {
    return this.ctx.data;
  }

  /**
   * True when the app has any event handler at all (one map lookup): each operation below asks it
   * and, when false, calls its work directly, so an app without handlers gains no await.
   */
  private hooks(appId: string): boolean {
    return this.ctx.interceptors.active(appId);
  }

  /**
   * `work` between the table's `before<op>` and `after<op>` handlers when the app has any handler,
   * else `work` at once (no await): for the operations whose work sits outside this class (deep
   * save, grouping).
   */
  around<T>(caller: AppCaller, op: string, table: string, req: Rec, work: (req: Rec) => Promise<T>): Promise<T> {
    return this.hooks(caller.appId) ? this.hooked(caller, op, table, req, work) : work(req);
  }

  /** Runs `work` between the `before<op>` and `after<op>` handlers of the table (decision 0047). */
  private hooked<T>(
    caller: AppCaller,
    op: string,
    table: string,
    req: Rec,
    work: (req: Rec) => Promise<T>,
  ): Promise<T> {
    return intercepted(
      this.ctx.interceptors,
      { appId: caller.appId, provider: 'data', target: table, caller },
      { before: `before${op}`, after: `after${op}` },
      req,
      work,
    );
  }

  private get engine() {
    return this.ctx.security.engine;
  }

  async table(appId: string, name: string): Promise<{ schema: AppSchema; table: TableMeta }> {
    return this.pick(await this.data.schema(appId), name);
  }

  /**
   * The steps below come in two forms: one that answers at once from what is remembered already
   * (the app's schema, roles and rules: see settled.ts) and one that awaits loading it, used when
   * the first answers undefined. Both end in the same code, so they cannot decide differently; the
   * first only spares a record request its dozens of queued promise steps.
   */
  private tableNow(appId: string, name: string): { schema: AppSchema; table: TableMeta } | undefined {
    const schema = this.data.schemaNow(appId);
    return schema && this.pick(schema, name);
  }

  /**
   * The table a write names: created first when it is missing and the app's dynamic schema is on,
   * a 400 naming it when that is off (decision 0026).
   */
  private async writeTable(caller: AppCaller, name: string): Promise<{ schema: AppSchema; table: TableMeta }> {
    const known = this.data.schemaNow(caller.appId)?.table(name);
    // A unit of work changes data only (its schema changes would outlive a rollback).
    const table =
      known ??
      (transactionAppOf(this.ctx)
        ? this.pick(await this.data.schema(caller.appId), name).table
        : await this.data.dynamic.ensureTable(caller.appId, name, actorOf(caller)));
    return { schema: await this.data.schema(caller.appId), table };
  }

  /** New columns the values bring, made before the write (decision 0026); the table as it is then. */
  private async withColumns(caller: AppCaller, table: TableMeta, values: Rec[]): Promise<TableMeta> {
    if (!values.some((v) => unknownKeys(table, v).length) || transactionAppOf(this.ctx)) return table;
    return this.data.dynamic.ensureColumns(caller.appId, table.name, values, actorOf(caller));
  }

  private pick(schema: AppSchema, name: string): { schema: AppSchema; table: TableMeta } {
    const table = schema.table(name);
    if (!table) throw new ApiError('TABLE_NOT_FOUND', `Table '${name.slice(0, 80)}' does not exist`);
    return { schema, table };
  }

  /** Columns hidden from this caller (Find denied); Users passwords are never readable or filterable. */
  async hidden(caller: AppCaller, table: TableMeta): Promise<ReadonlySet<string>> {
    return this.withPassword(table, await this.engine.deniedColumns(caller, table, 'Find'));
  }

  private hiddenNow(caller: AppCaller, table: TableMeta): ReadonlySet<string> | undefined {
    const denied = this.engine.deniedColumnsNow(caller, table, 'Find');
    return denied && this.withPassword(table, denied);
  }

  /** A new set when it adds: the engine's answer may be shared by other requests. */
  private withPassword(table: TableMeta, denied: ReadonlySet<string>): ReadonlySet<string> {
    return table.system && table.name === 'Users' && !denied.has('password')
      ? new Set([...denied, 'password'])
      : denied;
  }

  /**
   * Tells the audit log what a caller read (recorded while the app's HIPAA compliance is on). Reads
   * that answered nothing are told too: the query itself is an access to the table.
   */
  private told(caller: AppCaller, table: TableMeta, count: number, objectId?: string): void {
    this.ctx.bus.emit('appapi.read', {
      appId: caller.appId,
      userId: caller.userId ?? null,
      table: table.name,
      ...(objectId ? { objectId } : {}),
      count,
    });
  }

  private async require(caller: AppCaller, table: TableMeta, op: string, record?: Rec): Promise<void> {
    await this.engine.require(caller, 'data', table.tableId, op, record, `table '${table.name}'`);
  }

  /**
   * Narrows a query to the rows the caller may `op` (answers undefined when that is none), and
   * to what it may read through the relation paths it names.
   */
  private async restrict(
    caller: AppCaller,
    schema: AppSchema,
    table: TableMeta,
    op: string,
    spec: QuerySpec,
  ): Promise<QuerySpec | undefined> {
    const now = this.restrictNow(caller, schema, table, op, spec);
    if (now) return now.spec;
    const narrowed = this.narrow(
      table,
      spec,
      await this.hidden(caller, table),
      await this.engine.rowFilter(caller, table.tableId, op),
    );
    if (!narrowed) return undefined;
    const targets = relationTargets(schema, table, spec.where, spec.sortBy);
    return targets.length ? { ...narrowed, access: await this.accessFor(caller, table, targets) } : narrowed;
  }

  /** `restrict` at once when everything it needs is remembered and no relation path is named. */
  private restrictNow(
    caller: AppCaller,
    schema: AppSchema,
    table: TableMeta,
    op: string,
    spec: QuerySpec,
  ): { spec: QuerySpec | undefined } | undefined {
    if (relationTargets(schema, table, spec.where, spec.sortBy).length) return undefined;
    const hidden = this.hiddenNow(caller, table);
    const filter = hidden && this.engine.rowFilterNow(caller, table.tableId, op);
    return filter && { spec: this.narrow(table, spec, hidden, filter) };
  }

  private narrow(
    table: TableMeta,
    spec: QuerySpec,
    hidden: ReadonlySet<string>,
    filter: RowFilter,
  ): QuerySpec | undefined {
    const used = namesIn(spec);
    const bad = [...hidden].find((c) => used.has(c));
    if (bad) throw new ApiError('FORBIDDEN', `Permission denied: column '${bad}' of table '${table.name}' is hidden`);
    if (filter.kind === 'none') {
      checkClauses(spec);
      return undefined;
    }
    return filter.kind === 'all' ? spec : { ...spec, scope: [...(spec.scope ?? []), filter.where] };
  }

  /**
   * What the caller may read in the tables a query's relation paths reach: their hidden columns
   * (refused wherever named) and the rows it may Find there (the only related rows a path walks
   * through). The same decisions as a find on each of those tables.
   */
  private async accessFor(caller: AppCaller, root: TableMeta, targets: TableMeta[]): Promise<QueryAccess> {
    const hidden = new Map<string, ReadonlySet<string>>([[root.tableId, await this.hidden(caller, root)]]);
    const rows = new Map<string, Condition | 'all' | 'none'>();
    for (const t of targets) {
      hidden.set(t.tableId, await this.hidden(caller, t));
      const filter = await this.engine.rowFilter(caller, t.tableId, 'Find');
      rows.set(t.tableId, filter.kind === 'where' ? filter.where : filter.kind);
    }
    const key = JSON.stringify([...hidden].map(([id, h]) => [id, [...h].sort(), rows.get(id) ?? null]));
    const none: ReadonlySet<string> = new Set();
    return {
      hidden: (t) => hidden.get((t as TableMeta).tableId) ?? none,
      // A table not looked at above is not reached by the query's paths; refusing its rows keeps a
      // miss on the safe side.
      rows: (t) => rows.get((t as TableMeta).tableId) ?? 'none',
      key,
    };
  }

  /**
   * Takes out of answers what the caller may not see: hidden columns, and related records (of any
   * depth) in tables or rows the caller may not Find.
   */
  async guard(caller: AppCaller, schema: AppSchema, table: TableMeta, records: Rec[], depth = 0): Promise<Rec[]> {
    const now = this.guardNow(caller, table, records);
    if (now) return now;
    const hidden = await this.hidden(caller, table);
    for (const r of records) for (const c of hidden) delete r[c];
    if (depth > 5) return records;
    for (const rel of table.relations) {
      const child = schema.table(rel.toTableName);
      const nested = records.flatMap((r) =>
        Array.isArray(r[rel.name])
          ? (r[rel.name] as Rec[])
          : r[rel.name] && typeof r[rel.name] === 'object'
            ? [r[rel.name] as Rec]
            : [],
      );
      if (!child || !nested.length) continue;
      const access = await this.engine.decideRecords(caller, child.tableId, 'Find', nested);
      const denied = new Set(nested.filter((_, i) => access[i] === 'DENY'));
      for (const r of records) {
        const v = r[rel.name];
        if (Array.isArray(v)) r[rel.name] = (v as Rec[]).filter((x) => !denied.has(x));
        else if (v && typeof v === 'object' && denied.has(v as Rec)) r[rel.name] = null;
      }
      await this.guard(
        caller,
        schema,
        child,
        nested.filter((x) => !denied.has(x)),
        depth + 1,
      );
    }
    return records;
  }

  /** `guard` at once for a table without relations whose hidden columns are known already. */
  private guardNow(caller: AppCaller, table: TableMeta, records: Rec[]): Rec[] | undefined {
    if (table.relations.length) return undefined;
    const hidden = this.hiddenNow(caller, table);
    if (!hidden) return undefined;
    for (const r of records) for (const c of hidden) delete r[c];
    return records;
  }

  /**
   * `tell` false: a console preview (run as), not a read by the app's caller, so not audited as one.
   * `client`: the response the records are read for, whose client going away stops the read (0017).
   */
  find(
    caller: AppCaller,
    tableName: string,
    input: Rec | undefined,
    tell = true,
    scope?: Condition[],
    client?: Answering,
  ): Promise<Rec[]> {
    // A console preview (`tell` false) is not the app's call: no handlers.
    if (tell && this.hooks(caller.appId))
      return this.hooked(caller, 'Find', tableName, { query: input ?? {} }, (r) =>
        this.findUnhooked(caller, tableName, asQuery(r.query), tell, scope, client),
      );
    return this.findUnhooked(caller, tableName, input, tell, scope, client);
  }

  /** `find` without event handlers: for operations that run their own (load relations). */
  async findUnhooked(
    caller: AppCaller,
    tableName: string,
    input: Rec | undefined,
    tell = true,
    scope?: Condition[],
    client?: Answering,
  ): Promise<Rec[]> {
    const { schema, table } = this.tableNow(caller.appId, tableName) ?? (await this.table(caller.appId, tableName));
    // No table-level refusal: the owner policy or a record's ACL may still open some rows.
    const query = scope ? { ...readQuery(input, table), scope } : readQuery(input, table);
    query.client = client;
    const spec = (
      this.restrictNow(caller, schema, table, 'Find', query) ?? {
        spec: await this.restrict(caller, schema, table, 'Find', query),
      }
    ).spec;
    const found = spec ? await this.data.query.find(caller.appId, schema, table, spec) : [];
    const records = this.guardNow(caller, table, found) ?? (await this.guard(caller, schema, table, found));
    if (tell) this.told(caller, table, records.length);
    return records;
  }

  /** `tell` false: a console preview (run as), not a read by the app's caller, so not audited as one. */
  count(
    caller: AppCaller,
    tableName: string,
    input: Rec | undefined,
    tell = true,
    client?: Answering,
  ): Promise<number> {
    if (tell && this.hooks(caller.appId))
      return this.hooked(caller, 'Count', tableName, { query: input ?? {} }, (r) =>
        this.countNow(caller, tableName, asQuery(r.query), tell, client),
      );
    return this.countNow(caller, tableName, input, tell, client);
  }

  private async countNow(
    caller: AppCaller,
    tableName: string,
    input: Rec | undefined,
    tell: boolean,
    client?: Answering,
  ): Promise<number> {
    const { schema, table } = this.tableNow(caller.appId, tableName) ?? (await this.table(caller.appId, tableName));
    // No table-level refusal: the owner policy or a record's ACL may still open some rows.
    const query = readQuery(input, table);
    query.client = client;
    const spec = (
      this.restrictNow(caller, schema, table, 'Find', query) ?? {
        spec: await this.restrict(caller, schema, table, 'Find', query),
      }
    ).spec;
    const n = spec ? await this.data.query.count(caller.appId, schema, table, spec) : 0;
    if (tell) this.told(caller, table, n);
    return n;
  }

  /**
   * A query over `tableName` narrowed to what the caller may Find, as find narrows it (undefined
   * spec: no row); for the routes that shape their own answer from it (grouping, find by key).
   */
  async scoped(
    caller: AppCaller,
    tableName: string,
    input: Rec | undefined,
    scope?: Condition[],
    client?: Answering,
  ): Promise<{ schema: AppSchema; table: TableMeta; spec: QuerySpec | undefined }> {
    const { schema, table } = await this.table(caller.appId, tableName);
    const query = scope ? { ...readQuery(input, table), scope } : readQuery(input, table);
    query.client = client;
    return { schema, table, spec: await this.restrict(caller, schema, table, 'Find', query) };
  }

  findById(
    caller: AppCaller,
    tableName: string,
    objectId: string,
    input: Rec | undefined,
    client?: Answering,
  ): Promise<Rec> {
    if (this.hooks(caller.appId))
      return this.hooked(
        caller,
        'FindById',
        tableName,
        { itemId: objectId, relations: input?.loadRelations ?? null },
        (r) => this.findByIdNow(caller, tableName, String(r.itemId), input, client),
      );
    return this.findByIdNow(caller, tableName, objectId, input, client);
  }

  private async findByIdNow(
    caller: AppCaller,
    tableName: string,
    objectId: string,
    input: Rec | undefined,
    client?: Answering,
  ): Promise<Rec> {
    const { schema, table } = await this.table(caller.appId, tableName);
    const id = assertId(objectId);
    const existing = await this.raw(caller.appId, table, id);
    if (!existing) throw new ApiError('NOT_FOUND', `Record '${id}' does not exist in table '${table.name}'`);
    await this.require(caller, table, 'Find', existing);
    // The record was decided above; the caller's own where has no place in a get by id.
    const spec = readQuery({ ...input, where: undefined, whereClause: undefined, pageSize: 1, offset: 0 }, table);
    spec.client = client;
    const narrowed = this.narrow(table, spec, await this.hidden(caller, table), {
      kind: 'where',
      where: columnEquals('objectId', id),
    })!;
    const [record] = await this.data.query.find(caller.appId, schema, table, narrowed);
    if (!record) throw new ApiError('NOT_FOUND', `Record '${id}' does not exist in table '${table.name}'`);
    const [answered] = await this.guard(caller, schema, table, [record]);
    this.told(caller, table, 1, id);
    return answered;
  }

  /** objectId and ownerId of a stored record (every table has both columns under these names). */
  async raw(appId: string, table: TableMeta, objectId: string): Promise<Rec | undefined> {
    return this.records.stamp(appId, table, objectId);
  }

  /** Removes what a caller may not write and refuses columns whose Update is denied. */
  async writable(caller: AppCaller, table: TableMeta, input: unknown, creating: boolean): Promise<Rec> {
    const values = this.writableWith(
      caller,
      table,
      input,
      creating,
      this.engine.deniedColumnsNow(caller, table, 'Update') ??
        (await this.engine.deniedColumns(caller, table, 'Update')),
    );
    // An expression may not read a column the caller cannot read: it would copy it into one it can.
    const reads = Object.values(values)
      .filter(isExpression)
      .flatMap((e) => expressionColumns(e.value));
    const hidden = reads.length ? await this.hidden(caller, table) : undefined;
    const bad = reads.find((c) => hidden?.has(c));
    if (bad) throw new ApiError('FORBIDDEN', `Permission denied: column '${bad}' of table '${table.name}' is hidden`);
    return values;
  }

  private writableWith(
    caller: AppCaller,
    table: TableMeta,
    input: unknown,
    creating: boolean,
    denied: ReadonlySet<string>,
  ): Rec {
    if (!input || typeof input !== 'object' || Array.isArray(input))
      throw new ApiError('BAD_REQUEST', 'A record must be a JSON object');
    // Copied key by key rather than spread and pruned: deleting keys turns an object into a slow
    // dictionary, and this runs on every app API write.
    const serverCode = isServerCode(caller);
    const out: Rec = {};
    for (const k of Object.keys(input)) {
      // Server-set values, and keys the SDK adds that are not columns (relation markers): the
      // table in the URL is authoritative.
      if (SERVER_SET.has(k) || k.startsWith('__') || (k === 'ownerId' && !serverCode)) continue;
      if (denied.has(k))
        throw new ApiError('FORBIDDEN', `Permission denied: column '${k}' of table '${table.name}' cannot be changed`);
      out[k] = (input as Rec)[k];
    }
    if (!serverCode && creating) {
      out.ownerId = caller.userId ?? null;
      if (denied.has('ownerId'))
        throw new ApiError(
          'FORBIDDEN',
          `Permission denied: column 'ownerId' of table '${table.name}' cannot be changed`,
        );
    }
    return out;
  }

  create(caller: AppCaller, tableName: string, input: unknown): Promise<Rec> {
    if (this.hooks(caller.appId))
      return this.hooked(caller, 'Create', tableName, { item: input }, (r) =>
        this.createNow(caller, tableName, r.item),
      );
    return this.createNow(caller, tableName, input);
  }

  private async createNow(caller: AppCaller, tableName: string, input: unknown): Promise<Rec> {
    const known = this.data.schemaNow(caller.appId)?.table(tableName);
    const { schema, table } = known
      ? this.tableNow(caller.appId, tableName)!
      : await this.writeTable(caller, tableName);
    const decided = this.engine.decideNow(caller, 'data', table.tableId, 'Create');
    // Not decided yet, or refused: `require` decides and throws the refusal.
    if (decided?.access !== 'GRANT') await this.require(caller, table, 'Create');
    const denied = this.engine.deniedColumnsNow(caller, table, 'Update');
    const values = denied
      ? this.writableWith(caller, table, input, true, denied)
      : await this.writable(caller, table, input, true);
    await this.withColumns(caller, table, [values]);
    const record = await this.data.records.create(caller.appId, table.name, values);
    return (this.guardNow(caller, table, [record]) ?? (await this.guard(caller, schema, table, [record])))[0];
  }

  update(caller: AppCaller, tableName: string, objectId: string, input: unknown): Promise<Rec> {
    if (this.hooks(caller.appId) && isRecord(input))
      return this.hooked(caller, 'Update', tableName, { item: { ...input, objectId } }, (r) =>
        this.updateUnhooked(caller, tableName, objectId, r.item),
      );
    return this.updateUnhooked(caller, tableName, objectId, input);
  }

  /** `update` without event handlers: the users service runs the user events instead. */
  async updateUnhooked(caller: AppCaller, tableName: string, objectId: string, input: unknown): Promise<Rec> {
    const { schema, table } = await this.table(caller.appId, tableName);
    const id = assertId(objectId);
    const existing = await this.raw(caller.appId, table, id);
    if (!existing) throw new ApiError('NOT_FOUND', `Record '${id}' does not exist in table '${table.name}'`);
    await this.require(caller, table, 'Update', existing);
    const values = await this.writable(caller, table, input, false);
    delete values.objectId;
    await this.withColumns(caller, table, [values]);
    const record = await this.data.records.update(caller.appId, table.name, id, values);
    return (await this.guard(caller, schema, table, [record]))[0];
  }

  /** `save`: an objectId of an existing record updates it, anything else creates (create or update events). */
  save(caller: AppCaller, tableName: string, input: unknown): Promise<Rec> {
    return this.saveAs(caller, tableName, input, true);
  }

  /** An upsert (`/data/{table}/upsert`): a save between the upsert events, not the create or update ones. */
  upsert(caller: AppCaller, tableName: string, input: unknown): Promise<Rec> {
    if (this.hooks(caller.appId))
      return this.hooked(caller, 'Upsert', tableName, { item: input }, (r) =>
        this.saveAs(caller, tableName, r.item, false),
      );
    return this.saveAs(caller, tableName, input, false);
  }

  /** A bulk upsert (`/data/bulkupsert/{table}`): one pair of UpsertBulk events around every save. */
  bulkUpsert(caller: AppCaller, tableName: string, input: unknown): Promise<Rec[]> {
    if (this.hooks(caller.appId))
      return this.hooked(caller, 'UpsertBulk', tableName, { items: input }, (r) =>
        this.bulkUpsertNow(caller, tableName, r.items),
      );
    return this.bulkUpsertNow(caller, tableName, input);
  }

  private async bulkUpsertNow(caller: AppCaller, tableName: string, input: unknown): Promise<Rec[]> {
    if (!Array.isArray(input)) throw new ApiError('BAD_REQUEST', 'Send the records as a JSON array');
    if (input.length > MAX_BULK) throw new ApiError('BAD_REQUEST', `At most ${MAX_BULK} records per call`);
    const records: Rec[] = [];
    for (const r of input) records.push(await this.saveAs(caller, tableName, r, false));
    return records;
  }

  private async saveAs(caller: AppCaller, tableName: string, input: unknown, events: boolean): Promise<Rec> {
    const id = input && typeof input === 'object' ? (input as Rec).objectId : undefined;
    if (typeof id === 'string' && id) {
      // A missing table holds no record: the create below makes it (dynamic schema).
      const table = (await this.data.schema(caller.appId)).table(tableName);
      if (table && (await this.raw(caller.appId, table, assertId(id))))
        return events ? this.update(caller, tableName, id, input) : this.updateUnhooked(caller, tableName, id, input);
    }
    return events ? this.create(caller, tableName, input) : this.createNow(caller, tableName, input);
  }

  remove(caller: AppCaller, tableName: string, objectId: string): Promise<{ deletionTime: number }> {
    if (this.hooks(caller.appId))
      return this.hooked(caller, 'Remove', tableName, { itemId: objectId }, (r) =>
        this.removeNow(caller, tableName, String(r.itemId)),
      );
    return this.removeNow(caller, tableName, objectId);
  }

  private async removeNow(caller: AppCaller, tableName: string, objectId: string): Promise<{ deletionTime: number }> {
    const { table } = await this.table(caller.appId, tableName);
    const id = assertId(objectId);
    const existing = await this.raw(caller.appId, table, id);
    if (!existing) throw new ApiError('NOT_FOUND', `Record '${id}' does not exist in table '${table.name}'`);
    await this.require(caller, table, 'Remove', existing);
    await this.data.records.deleteMany(caller.appId, table.name, [id]);
    return { deletionTime: Date.now() };
  }

  bulkCreate(caller: AppCaller, tableName: string, input: unknown): Promise<string[]> {
    if (this.hooks(caller.appId))
      return this.hooked(caller, 'CreateBulk', tableName, { items: input }, (r) =>
        this.bulkCreateNow(caller, tableName, r.items),
      );
    return this.bulkCreateNow(caller, tableName, input);
  }

  private async bulkCreateNow(caller: AppCaller, tableName: string, input: unknown): Promise<string[]> {
    if (!Array.isArray(input)) throw new ApiError('BAD_REQUEST', 'Send the records as a JSON array');
    if (input.length > MAX_BULK) throw new ApiError('BAD_REQUEST', `At most ${MAX_BULK} records per call`);
    const { table } = await this.writeTable(caller, tableName);
    await this.require(caller, table, 'Create');
    const values = [];
    for (const r of input) values.push(await this.writable(caller, table, r, true));
    await this.withColumns(caller, table, values);
    return this.data.records.bulkCreate(caller.appId, table.name, values);
  }

  /** Ids of the rows matching `where` that the caller may `op` (at most MAX_BULK). */
  async idsWhere(
    caller: AppCaller,
    table: TableMeta,
    where: string | undefined,
    op: string,
    client?: Answering,
  ): Promise<string[]> {
    const { schema } = await this.table(caller.appId, table.name);
    const spec = await this.restrict(caller, schema, table, op, {
      ...readQuery({ where }, table),
      props: ['objectId'],
      pageSize: 100,
      client,
    });
    if (!spec) return [];
    // One count first: a condition over too many rows is refused at once, not after a hundred pages.
    if ((await this.data.query.count(caller.appId, schema, table, spec)) > MAX_BULK) {
      throw new ApiError('BAD_REQUEST', `The condition matches more than ${MAX_BULK} records; narrow it`);
    }
    const ids: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await this.data.query.find(caller.appId, schema, table, { ...spec, sortBy: ['objectId'], offset });
      ids.push(...page.map((r) => String(r.objectId)));
      if (ids.length > MAX_BULK)
        throw new ApiError('BAD_REQUEST', `The condition matches more than ${MAX_BULK} records; narrow it`);
      if (page.length < 100) return ids;
    }
  }

  bulkUpdate(
    caller: AppCaller,
    tableName: string,
    where: string | undefined,
    changes: unknown,
    client?: Answering,
  ): Promise<number> {
    if (this.hooks(caller.appId))
      return this.hooked(caller, 'UpdateBulk', tableName, { tableName, whereClause: where ?? null, changes }, (r) =>
        this.bulkUpdateNow(caller, tableName, asWhere(r.whereClause), r.changes, client),
      );
    return this.bulkUpdateNow(caller, tableName, where, changes, client);
  }

  private async bulkUpdateNow(
    caller: AppCaller,
    tableName: string,
    where: string | undefined,
    changes: unknown,
    client?: Answering,
  ): Promise<number> {
    const { table } = await this.table(caller.appId, tableName);
    const values = await this.writable(caller, table, changes, false);
    delete values.objectId;
    const ids = await this.idsWhere(caller, table, where, 'Update', client);
    if (!ids.length) return 0;
    await this.withColumns(caller, table, [values]);
    // Rows are locked in the order bulk deletes lock them (JavaScript's string order, not the
    // database collation's, which ignores the dashes of ids), so the two cannot deadlock.
    const ordered = [...ids].sort();
    await this.data.records.bulkUpsert(
      caller.appId,
      table.name,
      ordered.map((objectId) => ({ ...values, objectId })),
    );
    return ids.length;
  }

  bulkDelete(caller: AppCaller, tableName: string, where: string | undefined, client?: Answering): Promise<number> {
    if (this.hooks(caller.appId))
      return this.hooked(caller, 'RemoveBulk', tableName, { tableName, whereClause: where ?? null }, (r) =>
        this.bulkDeleteNow(caller, tableName, asWhere(r.whereClause), client),
      );
    return this.bulkDeleteNow(caller, tableName, where, client);
  }

  private async bulkDeleteNow(
    caller: AppCaller,
    tableName: string,
    where: string | undefined,
    client?: Answering,
  ): Promise<number> {
    const { table } = await this.table(caller.appId, tableName);
    const ids = await this.idsWhere(caller, table, where, 'Remove', client);
    return ids.length ? this.data.records.deleteMany(caller.appId, table.name, ids) : 0;
  }
}
