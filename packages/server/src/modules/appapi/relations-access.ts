import type { ServerContext } from '../../context.js';
import { transactionAppOf } from '../../db/app-transaction.js';
import { type AppCaller } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import { actorOf, assertId, MAX_BULK, type AppData } from './data-access.js';
import { columnIn } from '@basalt/shared';
import { parseRelationSpec } from '../data/index.js';
import type { Answering } from '../../db/query-limits.js';
import { intercepted } from '../../events/interceptors.js';

type Rec = Record<string, unknown>;
export type RelationMode = 'set' | 'add' | 'delete';
const OPERATION: Record<RelationMode, string> = { set: 'SetRelation', add: 'AddRelation', delete: 'DeleteRelation' };

/** Relations through the app API: set, add, delete children of a record, and load them. */
export class AppRelations {
  constructor(
    private readonly ctx: ServerContext,
    private readonly data: AppData,
  ) {}

  /**
   * The parent record and the relation column a call names, the caller's right to `op` on the
   * parent checked first. A set or add naming `column:Table:1|n` creates the relation column (and
   * its target table) when it is missing and the app's dynamic schema is on (decision 0026).
   */
  private async relation(
    caller: AppCaller,
    tableName: string,
    parentId: string,
    column: string,
    op: string,
    create: boolean,
  ) {
    const { table } = await this.data.table(caller.appId, tableName);
    const id = assertId(parentId);
    const parent = await this.data.raw(caller.appId, table, id);
    if (!parent) throw new ApiError('NOT_FOUND', `Record '${id}' does not exist in table '${table.name}'`);
    await this.ctx.security.engine.require(caller, 'data', table.tableId, op, parent, `table '${table.name}'`);
    const spec = column.includes(':') ? parseRelationSpec(column) : undefined;
    let relation =
      table.relations.find((r) => r.name === column) ?? (spec && table.relations.find((r) => r.name === spec.column));
    if (!relation && spec && create) {
      // A unit of work changes data only: its schema changes would outlive a rollback.
      if (transactionAppOf(this.ctx))
        throw new ApiError(
          'BAD_REQUEST',
          `Relation column '${spec.column}' does not exist in table '${table.name}'; a transaction changes data only`,
        );
      relation = await this.data.data.dynamic.ensureRelation(caller.appId, table.name, column, actorOf(caller));
    }
    if (!relation)
      throw new ApiError(
        'BAD_REQUEST',
        `Relation column '${(spec?.column ?? column).slice(0, 80)}' does not exist in table '${table.name}'`,
      );
    if (spec && relation.toTableName !== spec.toTable) {
      throw new ApiError(
        'BAD_REQUEST',
        `Relation column '${relation.name}' of table '${table.name}' points at '${relation.toTableName}', not '${spec.toTable}'`,
      );
    }
    const schema = await this.data.data.schema(caller.appId);
    const child = schema.tableById(relation.toTableId);
    if (!child) throw new ApiError('TABLE_NOT_FOUND', `The target table of relation '${relation.name}' does not exist`);
    return { schema, table, relation, child, parent, id };
  }

  /** Children given as ids or `{objectId}` objects, or chosen by a where over the child table. */
  private async childIds(
    caller: AppCaller,
    child: Parameters<AppData['idsWhere']>[1],
    body: unknown,
    where: string | undefined,
  ): Promise<string[]> {
    if (where) return this.data.idsWhere(caller, child, where, 'Find');
    if (!Array.isArray(body))
      throw new ApiError('BAD_REQUEST', 'Send the children as a JSON array of objectIds, or a whereClause');
    if (body.length > MAX_BULK) throw new ApiError('BAD_REQUEST', `At most ${MAX_BULK} children per call`);
    return body.map((x) => assertId(x && typeof x === 'object' ? (x as Rec).objectId : x, 'child objectId'));
  }

  change(
    caller: AppCaller,
    mode: RelationMode,
    tableName: string,
    parentId: string,
    column: string,
    body: unknown,
    where: string | undefined,
  ): Promise<number> {
    if (!this.ctx.interceptors.active(caller.appId))
      return this.changeNow(caller, mode, tableName, parentId, column, body, where);
    // The runner's arguments: the children as a list or a where clause, in one argument.
    const req = { columnName: column, parentObjectId: parentId, childrenArrayORWhereClause: where ?? body };
    return intercepted(
      this.ctx.interceptors,
      { appId: caller.appId, provider: 'data', target: tableName, caller },
      { before: `before${OPERATION[mode]}`, after: `after${OPERATION[mode]}` },
      req,
      (r) => {
        const children = r.childrenArrayORWhereClause;
        return this.changeNow(
          caller,
          mode,
          tableName,
          String(r.parentObjectId),
          String(r.columnName),
          typeof children === 'string' ? undefined : children,
          typeof children === 'string' ? children : undefined,
        );
      },
    );
  }

  private async changeNow(
    caller: AppCaller,
    mode: RelationMode,
    tableName: string,
    parentId: string,
    column: string,
    body: unknown,
    where: string | undefined,
  ): Promise<number> {
    const { table, relation, child, id } = await this.relation(
      caller,
      tableName,
      parentId,
      column,
      OPERATION[mode],
      mode !== 'delete',
    );
    const ids = await this.childIds(caller, child, body, where);
    const links = this.data.data.records.links;
    const n = await this.ctx.dbs
      .app(caller.appId)
      .transaction()
      .execute((trx) =>
        mode === 'delete'
          ? links.remove(trx, relation, id, ids)
          : links.set(trx, caller.appId, relation, id, ids, mode === 'set' ? 'replace' : 'add'),
      );
    // As in the console: a set answers how many children the relation now holds.
    this.ctx.bus.emit('record.updated', {
      appId: caller.appId,
      table: table.name,
      record: { objectId: id, ___class: table.name },
    });
    this.ctx.bus.emit('relation.changed', {
      appId: caller.appId,
      table: table.name,
      event: mode,
      relationColumnName: relation.name,
      parentObjectId: id,
      ...(where ? { isConditional: true, whereClause: where } : { isConditional: false, children: ids }),
    });
    return mode === 'set' ? ids.length : n;
  }

  load(
    caller: AppCaller,
    tableName: string,
    parentId: string,
    column: string,
    input: Rec | undefined,
    client?: Answering,
  ): Promise<Rec[]> {
    if (!this.ctx.interceptors.active(caller.appId))
      return this.loadNow(caller, tableName, parentId, column, input, client);
    const req = {
      itemId: parentId,
      entityName: tableName,
      relationName: column,
      pageSize: input?.pageSize ?? null,
      offset: input?.offset ?? null,
    };
    return intercepted(
      this.ctx.interceptors,
      { appId: caller.appId, provider: 'data', target: tableName, caller },
      { before: 'beforeLoadRelations', after: 'afterLoadRelations' },
      req,
      (r) => {
        const paging = { ...input };
        if (r.pageSize !== null && r.pageSize !== undefined) paging.pageSize = r.pageSize;
        if (r.offset !== null && r.offset !== undefined) paging.offset = r.offset;
        return this.loadNow(caller, tableName, String(r.itemId), String(r.relationName), paging, client);
      },
    );
  }

  private async loadNow(
    caller: AppCaller,
    tableName: string,
    parentId: string,
    column: string,
    input: Rec | undefined,
    client?: Answering,
  ): Promise<Rec[]> {
    const { relation, child, id } = await this.relation(caller, tableName, parentId, column, 'LoadRelations', false);
    const links = await this.data.records.childIds(caller.appId, relation, id, MAX_BULK + 1);
    if (!links.length) return [];
    if (links.length > MAX_BULK) throw new ApiError('BAD_REQUEST', `The relation holds more than ${MAX_BULK} records`);
    // The children as a condition of their own, ANDed as a syntax tree with the caller's where.
    const children = columnIn('objectId', links);
    return this.data.findUnhooked(caller, child.name, input, true, [children], client);
  }
}
