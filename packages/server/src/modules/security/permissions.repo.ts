import {
  ColumnPermissionOperations,
  PermissionOperations,
  PermissionServices,
  type PermissionService,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { Access } from '@basalt/shared';
import type { PrincipalType, SecurityKysely, SecurityTables } from './security.migrations.js';

/** A permission service; the table of services and operations is the contract's (`PermissionOperations`). */
export type Service = PermissionService;

/** The SDK's object-ACL and file-permission names (FIND, READ ...) mapped onto ours. */
export function canonicalOperation(service: Service, op: string, column = false): string {
  const list = column ? ColumnPermissionOperations : PermissionOperations[service];
  const found = list.find((o) => o.toLowerCase() === String(op).toLowerCase().replace(/[_ ]/g, ''));
  if (!found)
    throw ApiError.field(
      'BAD_REQUEST',
      'operation',
      `Unknown ${service}${column ? ' column' : ''} operation '${String(op).slice(0, 40)}'; use one of ${list.join(', ')}`,
    );
  return found;
}

export function canonicalAccess(value: unknown): Access {
  const v = String(value ?? '').toUpperCase();
  if (v === 'GRANT' || v === 'DENY') return v;
  throw ApiError.field('BAD_REQUEST', 'access', "access must be 'GRANT' or 'DENY'");
}

export function asService(value: string): Service {
  if ((PermissionServices as readonly string[]).includes(value)) return value as Service;
  throw ApiError.notFound(`Unknown permission service '${value.slice(0, 40)}'`);
}

export type Rule = SecurityTables['sec_permissions'];

/** Which permissions a list or a drop is about; undefined fields match anything. */
export interface RuleFilter {
  service: Service;
  item?: string;
  objectId?: string;
  column?: string;
  principalType?: PrincipalType;
  principal?: string;
  operation?: string;
}

/** SQL of the permission rules; every value is a bound parameter. */
export class PermissionsRepo {
  private readonly db: SecurityKysely;
  /**
   * Called after every committed change of an app's rules, whoever made it (console routes, role
   * permissions, default seeding): the engine's memory of the app must go before the next request.
   */
  onChange?: (appId: string) => void;

  constructor(ctx: ServerContext) {
    this.db = ctx.dbs.system as unknown as SecurityKysely;
  }

  async set(
    appId: string,
    key: Required<Omit<RuleFilter, 'objectId' | 'column'>> & { objectId?: string; column?: string },
    access: Access,
  ): Promise<void> {
    const row: Rule = {
      app_id: appId,
      service: key.service,
      item: key.item,
      object_id: key.objectId ?? '',
      column_name: key.column ?? '',
      principal_type: key.principalType,
      principal: key.principal,
      operation: key.operation,
      access,
      updated: Date.now(),
    };
    await this.db.transaction().execute(async (trx) => {
      await this.where(trx.deleteFrom('sec_permissions'), appId, {
        ...key,
        objectId: row.object_id,
        column: row.column_name,
      }).execute();
      await trx.insertInto('sec_permissions').values(row).execute();
    });
    this.onChange?.(appId);
  }

  async drop(appId: string, filter: RuleFilter): Promise<number> {
    const res = await this.where(this.db.deleteFrom('sec_permissions'), appId, filter).executeTakeFirst();
    this.onChange?.(appId);
    return Number(res.numDeletedRows);
  }

  async list(appId: string, filter: RuleFilter): Promise<Rule[]> {
    return this.where(this.db.selectFrom('sec_permissions').selectAll(), appId, filter).execute();
  }

  /** Every rule of a service that is not a record's ACL (the engine caches these). */
  async serviceRules(appId: string, service: Service): Promise<Rule[]> {
    return this.db
      .selectFrom('sec_permissions')
      .selectAll()
      .where('app_id', '=', appId)
      .where('service', '=', service)
      .where('object_id', '=', '')
      .execute();
  }

  /**
   * Does any record of this item (a table, a file path, a channel) carry an ACL entry? One row at
   * most, read through the primary key's prefix (app, service, item, object id).
   */
  async hasAcl(appId: string, service: Service, item: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sec_permissions')
      .select('object_id')
      .where('app_id', '=', appId)
      .where('service', '=', service)
      .where('item', '=', item)
      .where('object_id', '!=', '')
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /** ACL rules of some records, for one operation. */
  async aclOf(appId: string, service: Service, item: string, objectIds: string[], operation: string): Promise<Rule[]> {
    if (!objectIds.length) return [];
    const out: Rule[] = [];
    for (let i = 0; i < objectIds.length; i += 500) {
      out.push(
        ...(await this.db
          .selectFrom('sec_permissions')
          .selectAll()
          .where('app_id', '=', appId)
          .where('service', '=', service)
          .where('item', '=', item)
          .where('object_id', 'in', objectIds.slice(i, i + 500))
          .where('operation', '=', operation)
          .execute()),
      );
    }
    return out;
  }

  /** ACL rules of a table that name one of the given principals, for one operation. */
  async aclFor(
    appId: string,
    service: Service,
    item: string,
    operation: string,
    users: string[],
    roles: string[],
  ): Promise<Rule[]> {
    return this.db
      .selectFrom('sec_permissions')
      .selectAll()
      .where('app_id', '=', appId)
      .where('service', '=', service)
      .where('item', '=', item)
      .where('object_id', '!=', '')
      .where('operation', '=', operation)
      .where((eb) =>
        eb.or([
          eb.and([eb('principal_type', '=', 'user'), eb('principal', 'in', users.length ? users : [''])]),
          eb.and([eb('principal_type', '=', 'role'), eb('principal', 'in', roles.length ? roles : [''])]),
        ]),
      )
      .limit(10_001)
      .execute();
  }

  private where<Q extends { where: (...args: any[]) => any }>(q: Q, appId: string, f: RuleFilter): Q {
    let out: any = q.where('app_id', '=', appId).where('service', '=', f.service);
    if (f.item !== undefined) out = out.where('item', '=', f.item);
    if (f.objectId !== undefined) out = out.where('object_id', '=', f.objectId);
    if (f.column !== undefined) out = out.where('column_name', '=', f.column);
    if (f.principalType !== undefined) out = out.where('principal_type', '=', f.principalType);
    if (f.principal !== undefined) out = out.where('principal', '=', f.principal);
    if (f.operation !== undefined) out = out.where('operation', '=', f.operation);
    return out as Q;
  }
}
