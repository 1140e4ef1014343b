import type { DataArea } from '../data-area.js';
import type { RelationMeta, TableMeta } from '../schema/app-schema.js';
import { prepareRecord, type PreparedRecord } from './record-input.js';
import type { RelationLinks } from './relation-links.js';
import { rowToRecord } from './values.js';

/**
 * One record of a deep save, decided by the caller already: its table, its id (given, or made
 * before the transaction so that parents can name it), whether it is new, the column values to
 * write (none: the record is only linked to) and the relations to set to exactly these children.
 */
export interface GraphRecord {
  table: TableMeta;
  objectId: string;
  create: boolean;
  /** column name → wire value; `undefined` = the record is not written, only related to */
  values?: Record<string, unknown>;
  relations: Array<{ relation: RelationMeta; ids: string[] }>;
}

/**
 * Writes a tree (or graph) of records in one transaction: every record first (creates and
 * updates, in the order given), then every relation, so a cycle (A → B → A) needs no ordering.
 * Answers each stored record by id, read inside the transaction; events follow the commit.
 */
export async function saveGraph(
  area: DataArea,
  links: RelationLinks,
  appId: string,
  records: GraphRecord[],
  constraintError: (table: TableMeta, err: unknown) => unknown,
): Promise<Map<string, Record<string, unknown>>> {
  // Checked and converted before the transaction opens: a bad value costs no lock.
  const prepared: Array<PreparedRecord | undefined> = [];
  for (const r of records) {
    const p = r.values ? await prepareRecord(r.table, { ...r.values, objectId: r.create ? r.objectId : undefined }, r.create ? 'create' : 'update', area.ctx.dbs.kind) : undefined;
    prepared.push(p);
  }
  const out = new Map<string, Record<string, unknown>>();
  const now = Date.now();
  let current: TableMeta | undefined;
  try {
    await area.db(appId).transaction().execute(async (trx) => {
      for (let i = 0; i < records.length; i++) {
        const r = records[i];
        const p = prepared[i];
        if (!p) continue;
        current = r.table;
        if (r.create) await trx.insertInto(r.table.sqlName).values({ ownerId: null, ...p.values, objectId: r.objectId, created: now, updated: now }).execute();
        else await trx.updateTable(r.table.sqlName).set({ ...p.values, updated: now }).where('objectId', '=', r.objectId).execute();
      }
      for (const r of records) {
        current = r.table;
        for (const rel of r.relations) await links.set(trx, appId, rel.relation, r.objectId, rel.ids, 'replace');
      }
      for (const r of records) {
        if (out.has(`${r.table.tableId}:${r.objectId}`)) continue;
        const row = await trx.selectFrom(r.table.sqlName).selectAll().where('objectId', '=', r.objectId).executeTakeFirst();
        if (row) out.set(`${r.table.tableId}:${r.objectId}`, rowToRecord(r.table, row));
      }
    });
  } catch (err) {
    throw current ? constraintError(current, err) : err;
  }
  for (const r of records) {
    const record = out.get(`${r.table.tableId}:${r.objectId}`);
    if (!record || (!r.values && !r.relations.length)) continue;
    area.ctx.bus.emit(r.create ? 'record.created' : 'record.updated', { appId, table: r.table.name, record });
  }
  return out;
}
