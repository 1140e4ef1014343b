import type { Kysely } from 'kysely';
import {
  countRows,
  fromStored,
  insertRows,
  linkPage,
  loadAppSchema,
  readSchemaRows,
  recordPage,
  replaceSchema,
  toStored,
  type LinkRow,
  type SchemaRows,
  type TableMeta,
} from '../../../data/index.js';
import type { ArchiveSink, ArchiveSource } from '../../archive/archive.js';
import type { PartRun } from '../context.js';
import { STORE_TABLES } from '../system-tables.js';
import { SystemRowsRepo } from '../system-rows.repo.js';
import { exportSystemRows, importSystemRows, systemUnits } from './system.js';
import { seg, type PartCodec } from './part.js';

/** Records per page read and per insert batch. */
const PAGE = 2000;
const SCHEMA = 'schema/schema.json';
const recordsEntry = (t: TableMeta) => `data/${seg(t.tableId)}.jsonl`;
const linksEntry = (columnId: string) => `links/${seg(columnId)}.jsonl`;
const storeEntry = (table: string) => `store/${table}.jsonl`;

/**
 * The schema: the metadata rows of the app store (tables, columns, relations, views, options).
 * Importing it replaces every table of the target with empty ones of the archive's shape.
 */
export const schemaPart: PartCodec = {
  part: 'schema',
  units: async () => 1,
  async export(run, sink) {
    await sink.json(SCHEMA, await run.read(run.appId, readSchemaRows));
    run.progress.add(1);
  },
  async import(run, source) {
    const rows = await source.json<SchemaRows>(SCHEMA);
    await replaceSchema(run.core.ctx.dbs.app(run.appId), run.core.ctx.dbs, rows);
    await run.core.ctx.cluster.invalidation.changed('schema', run.appId);
    run.progress.add(1);
  },
};

/** A stored row as its archive line: every column by name, in its wire form (types follow the schema). */
function encodeRecord(t: TableMeta, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of t.columns) if (c.sqlName in row) out[c.name] = fromStored(c.dataType, row[c.sqlName]);
  return out;
}

/** An archive line as the stored row; each value is checked against its column as any write is. */
function decodeRecord(t: TableMeta, line: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of t.columns) if (c.name in line) out[c.sqlName] = toStored(c.name, c.dataType, line[c.name]);
  return out;
}

async function exportTable(run: PartRun, db: Kysely<any>, sink: ArchiveSink, t: TableMeta): Promise<void> {
  run.progress.at(`data: ${t.name}`);
  const out = sink.lines(recordsEntry(t));
  for (let after: string | null = null; ;) {
    const page = await recordPage(db, t.sqlName, after, PAGE);
    for (const row of page) await out.write(encodeRecord(t, row));
    run.progress.add(page.length);
    if (page.length < PAGE) break;
    after = String(page[page.length - 1].objectId);
  }
  await out.end();
  for (const r of t.relations) {
    const links = sink.lines(linksEntry(r.columnId));
    for (let after: LinkRow | null = null; ;) {
      const page = await linkPage(db, r.linkTable, after, PAGE);
      for (const l of page) await links.write([l.parent_id, l.child_id, Number(l.position)]);
      run.progress.add(page.length);
      if (page.length < PAGE) break;
      after = page[page.length - 1];
    }
    await links.end();
  }
}

/** Reads an entry in batches of PAGE values. */
async function eachBatch(source: ArchiveSource, name: string, use: (batch: unknown[]) => Promise<void>): Promise<void> {
  if (!source.has(name)) return;
  let batch: unknown[] = [];
  for await (const value of source.lines(name)) {
    batch.push(value);
    if (batch.length >= PAGE) {
      await use(batch);
      batch = [];
    }
  }
  if (batch.length) await use(batch);
}

/**
 * The records: every data table as JSON Lines (values in their wire form, dates as epoch ms,
 * geometry as WKT-derived objects, JSON as JSON), relations as `[parent, child, position]` lines by
 * objectId, the store's counters and hives, and the users' social identities.
 */
export const dataPart: PartCodec = {
  part: 'data',
  async units(run) {
    const counted = await run.read(run.appId, async (db) => {
      const schema = await loadAppSchema(db);
      let n = 0;
      for (const t of schema.tables) {
        n += await countRows(db, t.sqlName);
        for (const r of t.relations) n += await countRows(db, r.linkTable);
      }
      return n;
    });
    return counted + STORE_TABLES.length + systemUnits('data');
  },
  async export(run, sink) {
    const repo = new SystemRowsRepo(run.core.ctx.dbs);
    await run.read(run.appId, async (db) => {
      const schema = await loadAppSchema(db);
      for (const t of schema.tables) await exportTable(run, db, sink, t);
    });
    run.progress.at('data: counters and hives');
    for (const table of STORE_TABLES) {
      const out = sink.lines(storeEntry(table));
      for (const row of await repo.storeRows(run.appId, table)) await out.write(row);
      await out.end();
      run.progress.add(1);
    }
    await exportSystemRows(run, sink, 'data');
  },
  async import(run, source) {
    const db = run.core.ctx.dbs.app(run.appId);
    const schema = await loadAppSchema(db);
    for (const t of schema.tables) {
      run.progress.at(`data: ${t.name}`);
      await eachBatch(source, recordsEntry(t), async (batch) => {
        await insertRows(
          db,
          t.sqlName,
          batch.map((line) => decodeRecord(t, line as Record<string, unknown>)),
        );
        run.progress.add(batch.length);
      });
      for (const r of t.relations) {
        await eachBatch(source, linksEntry(r.columnId), async (batch) => {
          const rows = (batch as Array<[string, string, number]>).map(([parent_id, child_id, position]) => ({
            parent_id,
            child_id,
            position,
          }));
          await insertRows(db, r.linkTable, rows);
          run.progress.add(batch.length);
        });
      }
    }
    run.progress.at('data: counters and hives');
    const store: Array<{ table: string; rows: Array<Record<string, unknown>> }> = [];
    for (const table of STORE_TABLES) {
      const rows: Array<Record<string, unknown>> = [];
      if (source.has(storeEntry(table)))
        for await (const row of source.lines(storeEntry(table))) rows.push(row as Record<string, unknown>);
      store.push({ table, rows });
      run.progress.add(1);
    }
    await new SystemRowsRepo(run.core.ctx.dbs).replaceStore(run.appId, store);
    await importSystemRows(run, source, 'data');
  },
};
