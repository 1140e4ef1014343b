import type { ServerContext } from '../../context.js';
import { columnDiffers, columnEquals, columnIn, whereAll, whereAny, type Condition } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import type { Access } from '@basalt/shared';
import type { PermissionsRepo, Rule, Service } from './permissions.repo.js';
import type { PolicyMemory } from './policy-memory.js';

/** Who makes an app API call, as the permission engine sees it. */
export interface Caller {
  appId: string;
  /** Client kind of the API key: its device type (JS, REST, ANDROID, BL ...), or `CUSTOM[:roleId]` for a custom key. */
  deviceType: string;
  /** The app user behind the `user-token`, or null for an anonymous call. */
  userId: string | null;
  /** Every role the caller has: implied (client type, authenticated or not) and assigned. */
  roles: Array<{ id: string; name: string }>;
}

export type DecidedBy = 'acl' | 'owner' | 'user' | 'role' | 'default';
export interface Decision {
  access: Access;
  by: DecidedBy;
}

/** The part of a record a decision needs. */
export interface RecordRef {
  objectId?: unknown;
  ownerId?: unknown;
}

/** A table with its columns, for turning column rules (kept by column id) into names. */
export interface ColumnsOf {
  tableId: string;
  columns: Array<{ columnId: string; name: string }>;
  relations?: Array<{ columnId: string; name: string }>;
}

/**
 * Rows a caller may act on: all, none, or those matching a condition. The condition is a syntax
 * tree, never text: queries AND it with the caller's own parsed where as a node, so no text a
 * caller writes can reach outside it.
 */
export type RowFilter = { kind: 'all' } | { kind: 'none' } | { kind: 'where'; where: Condition };

const MAX_ACL_ROWS = 10_000;
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

const GRANTED: Decision = { access: 'GRANT', by: 'default' };

/** Keys of the policy memory: the rules of a service, whether an item has any record ACL. */
const rulesKey = (service: Service) => `rules\u0000${service}`;
const aclKey = (service: Service, item: string) => `acl\u0000${service}\u0000${item}`;

/**
 * THE permission engine: every app API call is decided here, reads and writes alike. For one
 * operation on one item (a table, a file path, a channel, a service) the first rule that applies
 * wins, in this order (docs/security.md):
 *
 *   1. the record's ACL (a user entry, then the caller's roles: any DENY wins over GRANT);
 *   2. the owner policy, when the caller owns the record;
 *   3. a rule for the user on the item;
 *   4. rules for the caller's roles on the item (any DENY wins), then the roles' service-wide rules;
 *   5. columns: a granted table operation still hides (Find) or refuses (Update) denied columns;
 *   6. the default, GRANT.
 */
export class PermissionEngine {
  constructor(
    private readonly ctx: ServerContext,
    private readonly repo: PermissionsRepo,
    private readonly memory: PolicyMemory,
  ) {}

  /** Drops remembered rules of an app after a change on this node (the repo's writes do it too). */
  invalidate(appId: string): void {
    this.memory.forget(appId);
  }

  private rules(appId: string, service: Service): Promise<Rule[]> {
    return this.memory.remember(appId, rulesKey(service), () => this.repo.serviceRules(appId, service));
  }

  /**
   * Whether any record of the item has an ACL entry. Most tables have none, and then the ACL step
   * cannot decide anything, so its per-request query is skipped. An entry added through the console
   * goes through the repo, which makes the memory forget the app before the next request.
   */
  private hasAcl(appId: string, service: Service, item: string): Promise<boolean> {
    return this.memory.remember(appId, aclKey(service, item), () => this.repo.hasAcl(appId, service, item));
  }

  /** `general` answers per loaded rules and shared caller, as `columnsDenied` keeps its answers. */
  private readonly generalMemo = new WeakMap<Rule[], WeakMap<Caller, Map<string, Decision>>>();

  /** Steps 3–4 and 6 over items given most specific first (a file, then its folders). */
  private general(rules: Rule[], caller: Caller, items: string[], op: string): Decision {
    if (!Object.isFrozen(caller)) return this.generalNew(rules, caller, items, op);
    let byCaller = this.generalMemo.get(rules);
    if (!byCaller) this.generalMemo.set(rules, (byCaller = new WeakMap()));
    let byKey = byCaller.get(caller);
    if (!byKey) byCaller.set(caller, (byKey = new Map()));
    const key = items.length === 1 ? `${op}\u0000${items[0]}` : `${op}\u0000${items.join('\u0000')}`;
    let decision = byKey.get(key);
    if (!decision) {
      // Bounded: a caller asking about many distinct files would otherwise grow it without end.
      if (byKey.size >= 1000) byKey.clear();
      byKey.set(key, (decision = this.generalNew(rules, caller, items, op)));
    }
    return decision;
  }

  private generalNew(rules: Rule[], caller: Caller, items: string[], op: string): Decision {
    const roleIds = new Set(caller.roles.map((r) => r.id));
    const plain = rules.filter((r) => r.column_name === '' && r.operation === op);
    for (const item of [...items, '*']) {
      const here = plain.filter((r) => r.item === item);
      // `*` entries (the SDK's grantForAllUsers / ForAllRoles on files) follow the user's own entry
      // and join the role entries, as in a record's ACL.
      const user = caller.userId
        ? (here.find((r) => r.principal_type === 'user' && r.principal === caller.userId) ??
          here.find((r) => r.principal_type === 'user' && r.principal === '*'))
        : undefined;
      if (user) return { access: user.access, by: 'user' };
      const roles = here.filter(
        (r) => r.principal_type === 'role' && (roleIds.has(r.principal) || r.principal === '*'),
      );
      if (roles.some((r) => r.access === 'DENY')) return { access: 'DENY', by: 'role' };
      if (roles.length) return { access: 'GRANT', by: 'role' };
    }
    return GRANTED;
  }

  /** Step 1 for one record: a user entry (this user, then any user), then role entries. */
  private acl(entries: Rule[], caller: Caller): Access | undefined {
    const roleIds = new Set(caller.roles.map((r) => r.id));
    if (caller.userId) {
      const mine =
        entries.find((r) => r.principal_type === 'user' && r.principal === caller.userId) ??
        entries.find((r) => r.principal_type === 'user' && r.principal === '*');
      if (mine) return mine.access;
    }
    const roles = entries.filter(
      (r) => r.principal_type === 'role' && (r.principal === '*' || roleIds.has(r.principal)),
    );
    if (roles.some((r) => r.access === 'DENY')) return 'DENY';
    return roles.length ? 'GRANT' : undefined;
  }

  private ownerRule(rules: Rule[], item: string, op: string): Access | undefined {
    return rules.find(
      (r) => r.principal_type === 'owner' && r.item === item && r.column_name === '' && r.operation === op,
    )?.access;
  }

  /** Decides one operation; `record` brings the ACL and owner steps into play. */
  async decide(
    caller: Caller,
    service: Service,
    items: string | string[],
    op: string,
    record?: RecordRef,
  ): Promise<Decision> {
    const list = Array.isArray(items) ? items : [items];
    const rules = await this.rules(caller.appId, service);
    const objectId = typeof record?.objectId === 'string' ? record.objectId : undefined;
    if (objectId && (await this.hasAcl(caller.appId, service, list[0]))) {
      const access = this.acl(await this.repo.aclOf(caller.appId, service, list[0], [objectId], op), caller);
      if (access) return { access, by: 'acl' };
    }
    return this.decideByRules(rules, caller, list, op, record);
  }

  /**
   * `decide` without waiting, when what it needs is remembered already (see settled.ts): the
   * service's rules and, for a record, that its table has no record ACL. Undefined otherwise, and
   * the caller awaits `decide`. Both end in the same steps, so they cannot decide differently.
   */
  decideNow(
    caller: Caller,
    service: Service,
    items: string | string[],
    op: string,
    record?: RecordRef,
  ): Decision | undefined {
    const list = Array.isArray(items) ? items : [items];
    const rules = this.memory.peek<Rule[]>(caller.appId, rulesKey(service));
    if (!rules) return undefined;
    if (
      typeof record?.objectId === 'string' &&
      record.objectId &&
      this.memory.peek<boolean>(caller.appId, aclKey(service, list[0])) !== false
    )
      return undefined;
    return this.decideByRules(rules, caller, list, op, record);
  }

  /** Steps 2–4 and 6 (the record's ACL, step 1, has not decided). */
  private decideByRules(rules: Rule[], caller: Caller, list: string[], op: string, record?: RecordRef): Decision {
    if (record && caller.userId && record.ownerId === caller.userId) {
      const access = this.ownerRule(rules, list[0], op);
      if (access) return { access, by: 'owner' };
    }
    return this.general(rules, caller, list, op);
  }

  /**
   * Items of the service's rules that lie strictly inside `prefix` (a file path, '' for the root),
   * shortest first. Only these can make a path inside `prefix` decide otherwise than `prefix`
   * itself: a path with none of them on its way up decides as its nearest folder does.
   */
  async itemsInside(appId: string, service: Service, prefix: string): Promise<string[]> {
    const head = prefix === '' ? '' : `${prefix}/`;
    const items = new Set<string>();
    for (const r of await this.rules(appId, service)) {
      if (r.item.length > head.length && r.item.startsWith(head) && r.item !== '*') items.add(r.item);
    }
    return [...items].sort((a, b) => a.length - b.length || a.localeCompare(b));
  }

  /** Like `decide`, refusing with 403 when the answer is DENY. */
  async require(
    caller: Caller,
    service: Service,
    items: string | string[],
    op: string,
    record?: RecordRef,
    what?: string,
  ): Promise<void> {
    const d = await this.decide(caller, service, items, op, record);
    if (d.access === 'DENY')
      throw ApiError.forbidden(`Permission denied: ${op} on ${what ?? (Array.isArray(items) ? items[0] : items)}`);
  }

  /** Decisions for many records of one table at once (relations loaded with a find). */
  async decideRecords(caller: Caller, tableId: string, op: string, records: RecordRef[]): Promise<Access[]> {
    const rules = await this.rules(caller.appId, 'data');
    const ids = records.map((r) => (typeof r.objectId === 'string' ? r.objectId : '')).filter(Boolean);
    const acl =
      ids.length && (await this.hasAcl(caller.appId, 'data', tableId))
        ? await this.repo.aclOf(caller.appId, 'data', tableId, [...new Set(ids)], op)
        : [];
    const general = this.general(rules, caller, [tableId], op).access;
    const owner = this.ownerRule(rules, tableId, op);
    return records.map((r) => {
      const byAcl =
        typeof r.objectId === 'string'
          ? this.acl(
              acl.filter((a) => a.object_id === r.objectId),
              caller,
            )
          : undefined;
      if (byAcl) return byAcl;
      if (owner && caller.userId && r.ownerId === caller.userId) return owner;
      return general;
    });
  }

  /**
   * Names of the columns of a table the caller may not use for `op` (Find: hidden; Update: not
   * writable). Column rules are kept by column id (a rename keeps them), so the table's columns are
   * needed to answer names; a rule of a dropped column matches nothing.
   */
  async deniedColumns(caller: Caller, table: ColumnsOf, op: 'Find' | 'Update'): Promise<ReadonlySet<string>> {
    return this.columnsDenied(await this.rules(caller.appId, 'data'), caller, table, op);
  }

  /** `deniedColumns` without waiting when the data rules are remembered already; else undefined. */
  deniedColumnsNow(caller: Caller, table: ColumnsOf, op: 'Find' | 'Update'): ReadonlySet<string> | undefined {
    const rules = this.memory.peek<Rule[]>(caller.appId, rulesKey('data'));
    return rules && this.columnsDenied(rules, caller, table, op);
  }

  /**
   * Denied columns per loaded rules, table and shared caller. A shared (frozen) caller is the
   * anonymous caller of an app's key (security.service.ts): its answer only changes when the rules
   * are read again (a new array) or the table changes (a new object), so it is worked out once.
   */
  private readonly deniedMemo = new WeakMap<
    Rule[],
    WeakMap<ColumnsOf, WeakMap<Caller, Map<string, ReadonlySet<string>>>>
  >();

  private columnsDenied(all: Rule[], caller: Caller, table: ColumnsOf, op: 'Find' | 'Update'): ReadonlySet<string> {
    if (!Object.isFrozen(caller)) return this.columnsDeniedNew(all, caller, table, op);
    let byTable = this.deniedMemo.get(all);
    if (!byTable) this.deniedMemo.set(all, (byTable = new WeakMap()));
    let byCaller = byTable.get(table);
    if (!byCaller) byTable.set(table, (byCaller = new WeakMap()));
    let byOp = byCaller.get(caller);
    if (!byOp) byCaller.set(caller, (byOp = new Map()));
    let denied = byOp.get(op);
    if (!denied) byOp.set(op, (denied = this.columnsDeniedNew(all, caller, table, op)));
    return denied;
  }

  private columnsDeniedNew(all: Rule[], caller: Caller, table: ColumnsOf, op: 'Find' | 'Update'): Set<string> {
    const rules = all.filter((r) => r.item === table.tableId && r.column_name !== '' && r.operation === op);
    const out = new Set<string>();
    if (!rules.length) return out;
    const nameOf = new Map([...table.columns, ...(table.relations ?? [])].map((c) => [c.columnId, c.name]));
    const roleIds = new Set(caller.roles.map((r) => r.id));
    for (const column of new Set(rules.map((r) => r.column_name))) {
      const name = nameOf.get(column);
      if (!name) continue;
      const here = rules.filter((r) => r.column_name === column);
      const user = caller.userId
        ? here.find((r) => r.principal_type === 'user' && r.principal === caller.userId)
        : undefined;
      const denied = user
        ? user.access === 'DENY'
        : here.some((r) => r.principal_type === 'role' && roleIds.has(r.principal) && r.access === 'DENY');
      if (denied) out.add(name);
    }
    return out;
  }

  /**
   * Which rows of a table the caller may act on with `op`, as a where-language condition that the
   * data query ANDs with the caller's own where. Ids come from our own records and are checked
   * against the id alphabet before they are written into the condition.
   */
  async rowFilter(caller: Caller, tableId: string, op: string): Promise<RowFilter> {
    const rules = await this.rules(caller.appId, 'data');
    const me = caller.userId && SAFE_ID.test(caller.userId) ? caller.userId : undefined;
    // Without any record ACL on the table only the table rules and the owner policy (both from the
    // remembered rules) shape the filter: no per-request query.
    const entries = (await this.hasAcl(caller.appId, 'data', tableId))
      ? await this.repo.aclFor(caller.appId, 'data', tableId, op, me ? [me, '*'] : [], [
          '*',
          ...caller.roles.map((r) => r.id),
        ])
      : [];
    return this.filterOf(rules, entries, caller, tableId, op);
  }

  /** `rowFilter` without waiting when the data rules are remembered and the table has no record ACL; else undefined. */
  rowFilterNow(caller: Caller, tableId: string, op: string): RowFilter | undefined {
    const rules = this.memory.peek<Rule[]>(caller.appId, rulesKey('data'));
    if (!rules || this.memory.peek<boolean>(caller.appId, aclKey('data', tableId)) !== false) return undefined;
    return this.filterOf(rules, [], caller, tableId, op);
  }

  private filterOf(rules: Rule[], entries: Rule[], caller: Caller, tableId: string, op: string): RowFilter {
    const base = this.general(rules, caller, [tableId], op).access;
    const me = caller.userId && SAFE_ID.test(caller.userId) ? caller.userId : undefined;
    const owner = me ? this.ownerRule(rules, tableId, op) : undefined;
    if (entries.length > MAX_ACL_ROWS)
      throw new ApiError(
        'ACL_TOO_LARGE',
        'This table has too many record permissions for this caller to filter a query',
      );
    const byObject = new Map<string, Rule[]>();
    for (const e of entries) byObject.set(e.object_id, [...(byObject.get(e.object_id) ?? []), e]);
    const grant: string[] = [];
    const deny: string[] = [];
    for (const [id, list] of byObject) {
      if (!SAFE_ID.test(id)) continue;
      const access = this.acl(list, caller);
      if (access === 'GRANT') grant.push(id);
      else if (access === 'DENY') deny.push(id);
    }
    // Each part is true (all rows), false (no row) or a condition; folded so that 'all' and 'none'
    // stay recognisable and cost the query nothing.
    let inner: Condition | boolean;
    if (base === 'GRANT') inner = owner === 'DENY' ? columnDiffers('ownerId', me!) : true;
    else inner = owner === 'GRANT' ? columnEquals('ownerId', me!) : false;
    let rest: Condition | boolean = inner;
    if (deny.length && inner !== false)
      rest = inner === true ? columnIn('objectId', deny, true) : whereAll([columnIn('objectId', deny, true), inner])!;
    let full: Condition | boolean = rest;
    if (grant.length && rest !== true)
      full = rest === false ? columnIn('objectId', grant) : whereAny([columnIn('objectId', grant), rest])!;
    if (full === true) return { kind: 'all' };
    if (full === false) return { kind: 'none' };
    return { kind: 'where', where: full };
  }
}
