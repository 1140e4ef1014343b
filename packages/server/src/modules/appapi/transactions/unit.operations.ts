import type { ServerContext } from '../../../context.js';
import { type AppCaller } from '../../../http/app-auth.js';
import { ApiError } from '../../../http/api-error.js';
import { unknownKeys, type DataServices, type TableMeta } from '../../data/index.js';
import { AppData } from '../data-access.js';
import { AppRelations, type RelationMode } from '../relations-access.js';
import type { UnitOperation } from './unit.parse.js';
import { idOf, idsOf, resolve, type Results } from './unit.refs.js';

type Rec = Record<string, unknown>;

/** Ids per bulk call chosen by objectIds: the where language takes at most 1,000 items in a list. */
const IDS_PER_CALL = 1000;

/** Why a unit cannot create a table or column: its schema changes would outlive a rollback's data. */
const DATA_ONLY = 'a transaction changes data only; create tables and columns before it runs';

const RELATION_MODE: Record<string, RelationMode> = {
  SET_RELATION: 'set',
  ADD_RELATION: 'add',
  DELETE_RELATION: 'delete',
};

/**
 * Runs the operations of one unit inside its transaction. Every operation goes through the app
 * API's own data access (`AppData`, `AppRelations`) made for the transaction's view of the context,
 * so permissions, column rules, owner policies and value checks are decided exactly as for the
 * single routes, and every write lands in the one transaction.
 */
export class UnitOperations {
  private readonly data: AppData;
  private readonly relations: AppRelations;
  private readonly services: DataServices;

  constructor(
    private readonly scoped: ServerContext,
    private readonly caller: AppCaller,
  ) {
    this.data = new AppData(scoped);
    this.relations = new AppRelations(scoped, this.data);
    this.services = scoped.data;
  }

  /** The operation's result as the SDK reads it (`results[opResultId].result`). */
  async run(op: UnitOperation, results: Results): Promise<unknown> {
    const payload = resolve(op.payload, results);
    const table = await this.table(op.table);
    const name = table.name;
    const c = this.caller;
    switch (op.operationType) {
      case 'CREATE':
        this.known(table, [payload as Rec]);
        return this.data.create(c, name, payload);
      case 'UPDATE': {
        const record = payload as Rec;
        this.known(table, [record]);
        return this.data.update(c, name, idOf(record.objectId), record);
      }
      case 'UPSERT': {
        this.known(table, [payload as Rec]);
        const record = await this.data.save(c, name, payload);
        this.scoped.bus.emit('record.upserted', { appId: c.appId, table: name, record });
        return record;
      }
      case 'DELETE':
        return (await this.data.remove(c, name, idOf(payload))).deletionTime;
      case 'CREATE_BULK':
        this.known(table, payload as Rec[]);
        return this.data.bulkCreate(c, name, payload);
      case 'UPSERT_BULK': {
        this.known(table, payload as Rec[]);
        const records: Rec[] = [];
        for (const r of payload as Rec[]) records.push(await this.data.save(c, name, r));
        this.scoped.bus.emit('records.bulk', { appId: c.appId, table: name, event: 'bulk-upserted', records });
        return records.map((r) => String(r.objectId));
      }
      case 'UPDATE_BULK': {
        const p = payload as Rec;
        this.known(table, [p.changes as Rec]);
        return this.bulk(p, (where) => this.data.bulkUpdate(c, name, where, p.changes), name, 'bulk-updated');
      }
      case 'DELETE_BULK':
        return this.bulk(payload as Rec, (where) => this.data.bulkDelete(c, name, where), name, 'bulk-deleted');
      case 'SET_RELATION':
      case 'ADD_RELATION':
      case 'DELETE_RELATION': {
        const p = payload as Rec;
        const column = String(p.relationColumn);
        if (!table.relations.some((r) => r.name === column)) {
          throw new ApiError(
            'BAD_REQUEST',
            `Relation column '${column.slice(0, 80)}' does not exist in table '${name}'; ${DATA_ONLY}`,
          );
        }
        const conditional = typeof p.conditional === 'string' ? p.conditional : undefined;
        const children = conditional ? undefined : idsOf(p.unconditional, 'child objectId');
        return this.relations.change(
          c,
          RELATION_MODE[op.operationType],
          name,
          idOf(p.parentObject, 'parentObject'),
          column,
          children,
          conditional,
        );
      }
      case 'FIND': {
        const p = (payload ?? {}) as Rec;
        const { queryOptions, ...query } = p;
        return this.data.find(c, name, {
          ...query,
          ...(queryOptions && typeof queryOptions === 'object' ? (queryOptions as Rec) : {}),
        });
      }
    }
  }

  /** The table an operation names: it must exist (a unit never creates one). */
  private async table(name: string): Promise<TableMeta> {
    const table = (await this.services.schema(this.caller.appId)).table(name);
    if (!table) throw new ApiError('TABLE_NOT_FOUND', `Table '${name.slice(0, 80)}' does not exist; ${DATA_ONLY}`);
    return table;
  }

  /** Every name the records bring must be a column or relation already (markers such as __subID aside). */
  private known(table: TableMeta, records: Rec[]): void {
    for (const r of records) {
      const extra = unknownKeys(table, r).find((k) => !k.startsWith('__'));
      if (extra !== undefined)
        throw new ApiError(
          'BAD_REQUEST',
          `Column '${extra.slice(0, 80)}' does not exist in table '${table.name}'; ${DATA_ONLY}`,
        );
    }
  }

  /**
   * A bulk update or delete by `conditional` (a where) or `unconditional` (objectIds, or a
   * reference to them), told to real-time listeners as the single bulk routes tell it.
   */
  private async bulk(
    p: Rec,
    write: (where: string) => Promise<number>,
    table: string,
    event: 'bulk-updated' | 'bulk-deleted',
  ): Promise<number> {
    const wheres = typeof p.conditional === 'string' ? [p.conditional] : [];
    if (!wheres.length) {
      const ids = [...new Set(idsOf(p.unconditional))];
      for (let i = 0; i < ids.length; i += IDS_PER_CALL)
        wheres.push(
          `objectId IN (${ids
            .slice(i, i + IDS_PER_CALL)
            .map((id) => `'${id}'`)
            .join(',')})`,
        );
    }
    let total = 0;
    for (const whereClause of wheres) {
      const count = await write(whereClause);
      total += count;
      this.scoped.bus.emit('records.bulk', { appId: this.caller.appId, table, event, whereClause, count });
    }
    return total;
  }
}
