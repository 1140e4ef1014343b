import crypto from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';

/** The record events a durable listener can ask for. */
export type RecordEvent = 'created' | 'updated' | 'deleted';

/** One event kept in the app's store until its listener has taken it (decision 0072). */
export interface OutboxEvent {
  id: string;
  table: string;
  event: RecordEvent;
  objectId: string;
  record: Record<string, unknown>;
  /** Who wrote it, when a flow's step did (its version id): the flow does not start itself again. */
  writer: string | null;
  created: number;
}

interface OutboxRow {
  id: string;
  table_name: string;
  event: string;
  object_id: string;
  record: string;
  writer: string | null;
  created: number;
}

/** Outbox rows read or removed per statement. */
const PAGE = 500;

/**
 * The writer of the record writes under way (a flow version's id while its step writes), for the
 * events those writes leave; read at the write, so it travels with the event through the outbox.
 */
export const recordWriter = new AsyncLocalStorage<string>();

/**
 * A transactional outbox of record events (decision 0072). A listener that must not lose an event
 * (a LIVE data-triggered flow) says which tables and events of an app it watches; every write to a
 * watched table then adds one `_record_outbox` row per record in the same transaction as the write,
 * in the app's own store, so the event exists exactly when the write committed. The listener takes
 * the rows and removes them once handled. A write to an app nobody watches pays one map look-up.
 */
export class RecordOutbox {
  /** appId → lower-case table name → events watched. */
  private watched = new Map<string, Map<string, Set<RecordEvent>>>();

  /** Replaces everything watched (the listener's index of every app, loaded or reloaded). */
  watchAll(all: Map<string, Map<string, Set<RecordEvent>>>): void {
    this.watched = all;
  }

  /** Replaces what is watched in one app; an empty map stops watching it. */
  watch(appId: string, tables: Map<string, Set<RecordEvent>>): void {
    if (tables.size) this.watched.set(appId, tables);
    else this.watched.delete(appId);
  }

  /** Whether writes of `event` to `table` must leave an outbox row: the write path's only cost. */
  wants(appId: string, table: string, event: RecordEvent): boolean {
    const tables = this.watched.get(appId);
    return !!tables && !!tables.get(table.toLowerCase())?.has(event);
  }

  /** Outbox rows of the records, for `write` (ids made now, the writer taken from the context). */
  eventsOf(table: string, event: RecordEvent, records: Array<Record<string, unknown>>): OutboxEvent[] {
    const writer = recordWriter.getStore() ?? null;
    const created = Date.now();
    return records.map((record) => ({
      id: crypto.randomUUID(),
      table,
      event,
      objectId: String(record.objectId),
      record,
      writer,
      created,
    }));
  }

  /** Adds the events to the outbox through `trx`, the write's own transaction. */
  async write(trx: Kysely<any>, events: OutboxEvent[]): Promise<void> {
    for (let i = 0; i < events.length; i += PAGE) {
      const rows: OutboxRow[] = events.slice(i, i + PAGE).map((e) => ({
        id: e.id,
        table_name: e.table,
        event: e.event,
        object_id: e.objectId,
        record: JSON.stringify(e.record),
        writer: e.writer,
        created: e.created,
      }));
      await trx.insertInto('_record_outbox').values(rows).execute();
    }
  }

  /** Waiting events of an app, oldest first: the ones named, or those written before `before`. */
  async pending(db: Kysely<any>, opts: { ids?: string[]; before?: number; limit?: number }): Promise<OutboxEvent[]> {
    let q = db.selectFrom('_record_outbox').selectAll();
    if (opts.ids) {
      if (!opts.ids.length) return [];
      q = q.where('id', 'in', opts.ids.slice(0, PAGE));
    }
    if (opts.before !== undefined) q = q.where('created', '<', opts.before);
    const rows = (await q
      .orderBy('created')
      .orderBy('id')
      .limit(Math.min(opts.limit ?? PAGE, PAGE))
      .execute()) as OutboxRow[];
    return rows.map((r) => ({
      id: r.id,
      table: r.table_name,
      event: r.event as RecordEvent,
      objectId: r.object_id,
      record: JSON.parse(r.record) as Record<string, unknown>,
      writer: r.writer,
      created: Number(r.created),
    }));
  }

  /** Removes handled events. */
  async remove(db: Kysely<any>, ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += PAGE)
      await db
        .deleteFrom('_record_outbox')
        .where('id', 'in', ids.slice(i, i + PAGE))
        .execute();
  }
}

/** The outbox table of every app store (data migrations range). */
export async function createRecordOutbox(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('_record_outbox')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('event', 'varchar(16)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('writer', 'varchar(64)')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('_record_outbox_created').on('_record_outbox').column('created').execute();
}
