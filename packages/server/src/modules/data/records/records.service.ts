import type { Kysely } from 'kysely';
import { ApiError } from '../../../http/api-error.js';
import { newRecordId } from './record-id.js';
import type { DataArea } from '../data-area.js';
import type { RelationMeta, TableMeta } from '../schema/app-schema.js';
import { translateError } from '../../../db/db-errors.js';
import type { ColumnsService } from '../schema/columns.service.js';
import type { TablesService } from '../schema/tables.service.js';
import { RelationsService } from '../schema/relations.service.js';
import { DynamicSchema } from '../schema/dynamic-schema.js';
import { assertObjectId, prepareRecord, unknownKeys, type PreparedRecord } from './record-input.js';
import { RelationLinks } from './relation-links.js';
import { insertReturning } from './insert-memory.js';
import { rowToRecord } from './values.js';
import { runGrouped } from '../../../db/group-commit.js';
import { saveGraph, type GraphRecord } from './graph-save.js';
import type { OutboxEvent, RecordEvent } from './record-outbox.js';

/** Values per INSERT statement in bulk work, below both databases' bind-parameter limits. */
const PARAMS_PER_STATEMENT = 30_000;
/** Rows per INSERT statement in bulk work, and records handled between two turns of the event loop. */
const ROWS_PER_TURN = 500;

/**
 * Lets the event loop answer other requests in the middle of bulk work. A bulk create of 10,000
 * records prepared, inserted (one statement) and announced in one go held the loop for a few
 * hundred milliseconds, and every other request of the server waited; now each step gives way
 * after every ROWS_PER_TURN records. The write stays all or nothing: its transaction stays open
 * across the turns. On SQLite every other statement of the store waits for Kysely's connection
 * lock meanwhile (`runNow`, group commits and limited reads check `inTransaction` first, decisions
 * 0014, 0016, 0017) and reader threads see only committed rows; on PostgreSQL the transaction is
 * the connection's own.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Records of a table: create, update, delete, bulk create/upsert; events after each commit. */
export class RecordsService {
  readonly links: RelationLinks;
  /** Tables, columns and relation columns that writes create (decision 0026). */
  readonly dynamic: DynamicSchema;

  constructor(
    private readonly area: DataArea,
    tables: TablesService,
    columns: ColumnsService,
  ) {
    this.links = new RelationLinks(area);
    this.dynamic = new DynamicSchema(area, tables, columns, new RelationsService(area, tables, columns));
  }

  /**
   * With dynamic schema on, names a record brings that the table lacks become columns (typed from
   * the first value); with it off they are a 400 naming the column (dynamic-schema.ts).
   */
  async withDynamicColumns(appId: string, tableName: string, records: Array<Record<string, unknown>>, actor?: string): Promise<TableMeta> {
    return this.dynamic.ensureColumns(appId, tableName, records, actor);
  }

  /** Deep save: many records and their relations in one transaction (graph-save.ts). */
  saveGraph(appId: string, records: GraphRecord[]): Promise<Map<string, Record<string, unknown>>> {
    return saveGraph(this.area, this.links, appId, records, (table, err) => this.constraintError(table, err));
  }

  /** Maps constraint errors of the database to 409/400 naming the column (db/db-errors.ts). */
  private constraintError(table: TableMeta, err: unknown): unknown {
    return translateError(err, {
      unique: (index = '') => {
        const column = table.columns.find((c) => index === c.sqlName || index.endsWith(`_${c.sqlName}`));
        if (column?.name === 'objectId' || index === 'objectId' || index.endsWith('_pkey')) return ApiError.field('CONFLICT', 'objectId', 'A record with this objectId already exists');
        const message = `Column '${column?.name ?? 'unknown'}' is unique and another record has this value`;
        return column ? ApiError.field('CONFLICT', column.name, message) : ApiError.conflict(message);
      },
      notNull: ApiError.badRequest('A required column has no value'),
      outOfRange: ApiError.badRequest('A computed value is out of range for its column'),
    });
  }

  private row(p: PreparedRecord, now: number): Record<string, unknown> {
    return { ownerId: null, ...p.values, objectId: p.objectId ?? newRecordId(), created: now, updated: now };
  }

  /** Outbox rows for these records when a durable listener watches the table's `event`; none otherwise (one map look-up). */
  private outboxFor(appId: string, table: TableMeta, event: RecordEvent, records: () => Array<Record<string, unknown>>): OutboxEvent[] | undefined {
    const outbox = this.area.outbox;
    return outbox.wants(appId, table.name, event) ? outbox.eventsOf(table.name, event, records()) : undefined;
  }

  /** Tells the listener, after the commit (held with the other events inside a transaction), that outbox rows wait. */
  private outboxed(appId: string, events: OutboxEvent[] | undefined): void {
    if (events?.length) this.area.ctx.bus.emit('records.outboxed', { appId, ids: events.map((e) => e.id) });
  }

  async read(appId: string, table: TableMeta, objectId: string, db: Kysely<any> = this.area.db(appId)): Promise<Record<string, unknown> | undefined> {
    const row = await db.selectFrom(table.sqlName).selectAll().where('objectId', '=', objectId).executeTakeFirst();
    return row ? rowToRecord(table, row) : undefined;
  }

  async create(appId: string, tableName: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    // The table at once when the schema is loaded and the record brings no new column (settled.ts).
    const known = this.area.tableNow(appId, tableName)?.table;
    const table = known && !unknownKeys(known, input).length ? known : await this.withDynamicColumns(appId, tableName, [input]);
    const prepared = await prepareRecord(table, input, 'create');
    const row = this.row(prepared, Date.now());
    const durable = this.area.outbox.wants(appId, table.name, 'created');
    let record: Record<string, unknown> | undefined;
    let events: OutboxEvent[] | undefined;
    try {
      // Without relations one statement does it all (both databases support RETURNING), committed
      // with the other creates of this turn on SQLite (group-commit.ts). A watched table's create
      // adds its outbox row in the same transaction instead (decision 0072).
      if (!prepared.relations.length && !durable) {
        const db = this.area.db(appId);
        const [stored] = (await runGrouped<Record<string, unknown>>(db, insertReturning(db, table, row))).rows;
        record = stored && rowToRecord(table, stored);
      } else record = await this.area.db(appId).transaction().execute(async (trx) => {
        await trx.insertInto(table.sqlName).values(row).execute();
        for (const r of prepared.relations) await this.links.set(trx, appId, r.relation, String(row.objectId), r.ids, 'replace');
        const stored = await this.read(appId, table, String(row.objectId), trx);
        events = this.outboxFor(appId, table, 'created', () => [stored!]);
        if (events) await this.area.outbox.write(trx, events);
        return stored;
      });
    } catch (err) {
      throw this.constraintError(table, err);
    }
    this.area.ctx.bus.emit('record.created', { appId, table: table.name, record: record! });
    this.outboxed(appId, events);
    return record!;
  }

  async update(appId: string, tableName: string, objectId: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const table = await this.withDynamicColumns(appId, tableName, [input]);
    const prepared = await prepareRecord(table, { ...input, objectId: undefined }, 'update', this.area.ctx.dbs.kind);
    const missing = () => ApiError.notFound(`Record '${objectId.slice(0, 100)}' does not exist in table '${table.name}'`);
    const durable = this.area.outbox.wants(appId, table.name, 'updated');
    let record: Record<string, unknown> | undefined;
    let events: OutboxEvent[] | undefined;
    try {
      if (!prepared.relations.length && !durable) {
        // Without relations one statement does it all, committed with the other writes of this
        // turn on SQLite (group-commit.ts), as a create is.
        const db = this.area.db(appId);
        const query = db.updateTable(table.sqlName).set({ ...prepared.values, updated: Date.now() }).where('objectId', '=', objectId).returningAll().compile();
        const [stored] = (await runGrouped<Record<string, unknown>>(db, query)).rows;
        if (!stored) throw missing();
        record = rowToRecord(table, stored);
      } else record = await this.area.db(appId).transaction().execute(async (trx) => {
        const res = await trx.updateTable(table.sqlName).set({ ...prepared.values, updated: Date.now() }).where('objectId', '=', objectId).executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) throw missing();
        for (const r of prepared.relations) await this.links.set(trx, appId, r.relation, objectId, r.ids, 'replace');
        const stored = await this.read(appId, table, objectId, trx);
        events = this.outboxFor(appId, table, 'updated', () => [stored!]);
        if (events) await this.area.outbox.write(trx, events);
        return stored;
      });
    } catch (err) {
      throw this.constraintError(table, err);
    }
    this.area.ctx.bus.emit('record.updated', { appId, table: table.name, record: record! });
    this.outboxed(appId, events);
    return record!;
  }

  /**
   * Creates every record or none; answers their objectIds in order. `within` runs in the same
   * transaction after the rows are in (a CSV import job records which rows it wrote, and refuses
   * the batch when the job was rolled back meanwhile, decision 0041).
   */
  async bulkCreate(appId: string, tableName: string, inputs: Array<Record<string, unknown>>, within?: (trx: Kysely<any>, ids: string[]) => Promise<void>): Promise<string[]> {
    const table = await this.withDynamicColumns(appId, tableName, inputs);
    const prepared = await this.prepareAll(table, inputs, 'create');
    const now = Date.now();
    const rows = prepared.map((p) => this.row(p, now));
    const events = this.outboxFor(appId, table, 'created', () => rows.map((r) => rowToRecord(table, r)));
    await this.insertRows(appId, table, rows, prepared, [], async (trx) => {
      if (events) await this.area.outbox.write(trx, events);
      if (within) await within(trx, rows.map((r) => String(r.objectId)));
    });
    this.outboxed(appId, events);
    const records: Array<Record<string, unknown>> = [];
    for (let i = 0; i < rows.length; i++) {
      if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
      const record = rowToRecord(table, rows[i]);
      records.push(record);
      this.area.ctx.bus.emit('record.created', { appId, table: table.name, record });
    }
    this.area.ctx.bus.emit('records.bulk', { appId, table: table.name, event: 'bulk-created', records });
    return rows.map((r) => String(r.objectId));
  }

  private async prepareAll(table: TableMeta, inputs: Array<Record<string, unknown>>, mode: 'create' | 'update'): Promise<PreparedRecord[]> {
    const out: PreparedRecord[] = [];
    for (let i = 0; i < inputs.length; i++) {
      if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
      try {
        out.push(await prepareRecord(table, inputs[i], mode, this.area.ctx.dbs.kind));
      } catch (err) {
        if (err instanceof ApiError) throw new ApiError(err.code, `Record ${i}: ${err.message}`, { ...err.details, index: i });
        throw err;
      }
    }
    return out;
  }

  private async insertRows(appId: string, table: TableMeta, rows: Array<Record<string, unknown>>, prepared: PreparedRecord[], updates: Array<{ id: string; values: Record<string, unknown> }> = [], within?: (trx: Kysely<any>) => Promise<void>): Promise<void> {
    try {
      await this.area.db(appId).transaction().execute(async (trx) => {
        // Rows of one statement must share their key set, so rows are grouped by their keys.
        const groups = new Map<string, Array<Record<string, unknown>>>();
        for (const row of rows) {
          const key = Object.keys(row).sort().join(',');
          // Appended in place: copying the group for every row made large bulk writes quadratic.
          const group = groups.get(key);
          if (group) group.push(row);
          else groups.set(key, [row]);
        }
        let statements = 0;
        for (const [key, group] of groups) {
          const per = Math.min(ROWS_PER_TURN, Math.max(1, Math.floor(PARAMS_PER_STATEMENT / key.split(',').length)));
          for (let i = 0; i < group.length; i += per) {
            if (statements++ > 0) await nextTurn();
            await trx.insertInto(table.sqlName).values(group.slice(i, i + per)).execute();
          }
        }
        if (updates.length > 1) await this.lockInOrder(trx, table, updates.map((u) => u.id));
        for (let i = 0; i < updates.length; i++) {
          if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
          await trx.updateTable(table.sqlName).set(updates[i].values).where('objectId', '=', updates[i].id).execute();
        }
        for (let i = 0; i < prepared.length; i++) {
          if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
          const id = String(prepared[i].objectId ?? rows[i]?.objectId);
          for (const r of prepared[i].relations) await this.links.set(trx, appId, r.relation, id, r.ids, 'replace');
        }
        if (within) await within(trx);
      });
    } catch (err) {
      throw this.constraintError(table, err);
    }
  }

  /**
   * On PostgreSQL, locks the rows a bulk update or delete will write, in the database's own order
   * of ids, before writing any: a statement with `objectId IN (…)` locks rows in the order it finds
   * them, and row-by-row updates in the order given, so two bulk writes over the same rows could
   * each hold a row the other waits for (a deadlock, found only after a second). SQLite writes one
   * transaction at a time and needs none of this.
   */
  private async lockInOrder(trx: Kysely<any>, table: TableMeta, ids: string[]): Promise<void> {
    if (this.area.ctx.dbs.kind !== 'postgres' || ids.length < 2) return;
    for (let i = 0; i < ids.length; i += 10_000) {
      await trx.selectFrom(table.sqlName).select('objectId').where('objectId', 'in', ids.slice(i, i + 10_000)).orderBy('objectId').forUpdate().execute();
    }
  }

  /** Updates records whose objectId exists and creates the others, all or nothing. */
  async bulkUpsert(appId: string, tableName: string, inputs: Array<Record<string, unknown>>): Promise<string[]> {
    const table = await this.withDynamicColumns(appId, tableName, inputs);
    const given = inputs.map((r) => (r && typeof r === 'object' && typeof r.objectId === 'string' ? r.objectId : undefined)).filter((x): x is string => !!x);
    const existing = new Set<string>();
    for (let i = 0; i < given.length; i += 1000) {
      const found = await this.area.db(appId).selectFrom(table.sqlName).select('objectId').where('objectId', 'in', given.slice(i, i + 1000)).execute();
      for (const f of found) existing.add(String(f.objectId));
    }
    const now = Date.now();
    const ids: string[] = [];
    const creates: PreparedRecord[] = [];
    const rows: Array<Record<string, unknown>> = [];
    const updates: Array<{ id: string; values: Record<string, unknown>; prepared: PreparedRecord }> = [];
    for (let i = 0; i < inputs.length; i++) {
      if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
      const isUpdate = typeof inputs[i]?.objectId === 'string' && existing.has(inputs[i].objectId as string);
      const [p] = await this.prepareAll(table, [inputs[i]], isUpdate ? 'update' : 'create').catch((err) => {
        throw err instanceof ApiError ? new ApiError(err.code, err.message.replace(/^Record 0/, `Record ${i}`), { ...err.details, index: i }) : err;
      });
      if (isUpdate) {
        updates.push({ id: p.objectId!, values: { ...p.values, updated: now }, prepared: p });
        ids.push(p.objectId!);
      } else {
        const row = this.row(p, now);
        creates.push({ ...p, objectId: String(row.objectId) });
        rows.push(row);
        ids.push(String(row.objectId));
      }
    }
    const created = this.outboxFor(appId, table, 'created', () => rows.map((r) => rowToRecord(table, r)));
    const updated = this.area.outbox.wants(appId, table.name, 'updated') && updates.length ? updates : [];
    let events: OutboxEvent[] | undefined = created;
    await this.insertRows(appId, table, rows, [...creates, ...updates.map((u) => u.prepared)], updates, async (trx) => {
      // Updated records are read back inside the transaction, as the write left them.
      if (updated.length) {
        const stored: Array<Record<string, unknown>> = [];
        for (const u of updated) {
          const r = await this.read(appId, table, u.id, trx);
          if (r) stored.push(r);
        }
        events = [...(events ?? []), ...this.area.outbox.eventsOf(table.name, 'updated', stored)];
      }
      if (events) await this.area.outbox.write(trx, events);
    });
    this.outboxed(appId, events);
    for (const row of rows) this.area.ctx.bus.emit('record.created', { appId, table: table.name, record: rowToRecord(table, row) });
    for (const u of updates) this.area.ctx.bus.emit('record.updated', { appId, table: table.name, record: { objectId: u.id, ___class: table.name } });
    return ids;
  }

  /**
   * Deletes the listed records (unknown ids are ignored) with their relation links; answers how
   * many. Each deleted record is told with its owner, which real time needs to decide who may hear
   * of it once the row is gone.
   */
  async deleteMany(appId: string, tableName: string, ids: string[]): Promise<number> {
    const { schema, table } = await this.area.table(appId, tableName);
    ids.forEach((id) => assertObjectId(id));
    let gone: Array<{ objectId: unknown; ownerId: unknown }> = [];
    const durable = this.area.outbox.wants(appId, table.name, 'deleted');
    let events: OutboxEvent[] | undefined;
    if (ids.length === 1 && !durable && !table.relations.length && !schema.relationsTo(table.name).length) {
      // One record and no relation links to forget: one statement, committed with the other
      // writes of this turn on SQLite (group-commit.ts), as a create is.
      const db = this.area.db(appId);
      gone = (await runGrouped<{ objectId: unknown; ownerId: unknown }>(db, db.deleteFrom(table.sqlName).where('objectId', '=', ids[0]).returning(['objectId', 'ownerId']).compile())).rows;
    } else await this.area.db(appId).transaction().execute(async (trx) => {
      // Rows locked in one order by every bulk write, so two of them cannot wait on each other.
      const sorted = [...new Set(ids)].sort();
      await this.lockInOrder(trx, table, sorted);
      for (let i = 0; i < sorted.length; i += 1000) {
        if (i > 0) await nextTurn();
        const chunk = sorted.slice(i, i + 1000);
        // A watched table's delete keeps each record as it was, for the outbox (decision 0072).
        const rows = (durable
          ? await trx.deleteFrom(table.sqlName).where('objectId', 'in', chunk).returningAll().execute()
          : await trx.deleteFrom(table.sqlName).where('objectId', 'in', chunk).returning(['objectId', 'ownerId']).execute()) as Array<Record<string, unknown> & { objectId: unknown; ownerId: unknown }>;
        gone.push(...rows);
        if (durable) {
          const chunkEvents = this.area.outbox.eventsOf(table.name, 'deleted', rows.map((r) => rowToRecord(table, r)));
          await this.area.outbox.write(trx, chunkEvents);
          events = [...(events ?? []), ...chunkEvents];
        }
        await this.links.forget(trx, schema, table, chunk);
      }
    });
    this.outboxed(appId, events);
    for (const r of gone) this.area.ctx.bus.emit('record.deleted', { appId, table: table.name, record: { objectId: String(r.objectId), ownerId: r.ownerId ?? null, ___class: table.name } });
    return gone.length;
  }

  /**
   * Adds children to a record's relation (console's relation editor), in one transaction that
   * first checks the parent exists (404 otherwise); answers what `links.set` answers.
   */
  addRelations(appId: string, table: TableMeta, relation: RelationMeta, parentId: string, ids: string[]) {
    return this.area.db(appId).transaction().execute(async (trx) => {
      const parent = await trx.selectFrom(table.sqlName).select('objectId').where('objectId', '=', parentId).executeTakeFirst();
      if (!parent) throw ApiError.notFound(`Record '${parentId}' does not exist in table '${table.name}'`);
      return this.links.set(trx, appId, relation, parentId, ids, 'add');
    });
  }

  /** Removes children from a record's relation; answers how many links went. */
  removeRelations(appId: string, relation: RelationMeta, parentId: string, ids: string[]) {
    return this.area.db(appId).transaction().execute((trx) => this.links.remove(trx, relation, parentId, ids));
  }

  /** Removes every record of the table and its relation links. */
  async deleteAll(appId: string, tableName: string): Promise<number> {
    const { schema, table } = await this.area.table(appId, tableName);
    const db = this.area.db(appId);
    // Listeners hear about each record while that stays cheap; a huge truncate is not replayed.
    const count = await this.area.rowCount(appId, table.sqlName);
    const ids = count <= 10_000 ? await db.selectFrom(table.sqlName).select(['objectId', 'ownerId']).execute() : [];
    const durable = this.area.outbox.wants(appId, table.name, 'deleted');
    let deleted = 0;
    let events: OutboxEvent[] | undefined;
    await db.transaction().execute(async (trx) => {
      // A watched table keeps every deleted record in the outbox, read inside the delete's transaction.
      if (durable) {
        const rows = await trx.selectFrom(table.sqlName).selectAll().execute();
        events = this.area.outbox.eventsOf(table.name, 'deleted', rows.map((r) => rowToRecord(table, r)));
        await this.area.outbox.write(trx, events);
      }
      const res = await trx.deleteFrom(table.sqlName).executeTakeFirst();
      deleted = Number(res.numDeletedRows);
      await this.links.forget(trx, schema, table, null);
    });
    this.outboxed(appId, events);
    for (const r of ids) this.area.ctx.bus.emit('record.deleted', { appId, table: table.name, record: { objectId: String(r.objectId), ownerId: r.ownerId ?? null, ___class: table.name } });
    return deleted;
  }
}
