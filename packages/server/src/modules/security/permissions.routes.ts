import type { FastifyInstance } from 'fastify';
import {
  DevOperations,
  PermissionDevOperations,
  Routes,
  type PermissionListRowWire,
  type PermissionListWire,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle, sendJson, type Authed } from '../../http/route.js';
import { ApiError } from '../../http/api-error.js';
import { assertOperation } from '../../http/dev-access.js';
import { canonicalAccess, canonicalOperation, type Rule, type RuleFilter, type Service } from './permissions.repo.js';
import {
  aclRoleDropOperation,
  dropVariant,
  readVariant,
  securitySegments,
  writeVariant,
  type Variant,
} from './permission-variants.js';
import { aclByOperation, columnEntries, entries, ownerAccess } from './permission-answers.js';
import type { Security } from './security.service.js';

const r = Routes.security;
const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Developer-team operation needed to change permissions of each kind. */
function devOperation(v: Variant): number {
  if (v.kind === 'owner') return DevOperations.OWNER_PERMISSIONS;
  if (v.kind === 'fileRoles' || v.kind === 'fileUsers') return DevOperations.FILE_PERMISSIONS;
  return PermissionDevOperations['service' in v ? v.service : 'localservices'];
}

/** How a row's rules become its `permissions` list (plain, or column permissions). */
type Shape = (rules: Rule[]) => PermissionListRowWire['permissions'];

/** `{operation, access}`, a list of them, or `{permissions: [...]}`. */
function permissionsOf(body: unknown): Array<{ operation: string; access: unknown; column?: string }> {
  const b = body as Record<string, unknown> | unknown[] | undefined;
  const list = Array.isArray(b) ? b : b && Array.isArray(b.permissions) ? (b.permissions as unknown[]) : [b];
  return list.map((p) => {
    if (!p || typeof p !== 'object') throw ApiError.badRequest('A permission is an object {operation, access}');
    const o = p as Record<string, unknown>;
    const column = o.columnId ?? o.column ?? o.columnName;
    return {
      operation: String(o.operation ?? ''),
      access: o.access,
      ...(column !== undefined ? { column: String(column) } : {}),
    };
  });
}

/** GRANT/DENY rules in every variant of the reference's permission URL table. */
export function registerPermissionRoutes(app: FastifyInstance, ctx: ServerContext, s: Security): void {
  const changed = (a: Authed<any, any, any>, summary: string) =>
    ctx.bus.emit('console.changed', {
      appId: (a.params as { appId: string }).appId,
      developerId: a.developer.id,
      action: 'permission.change',
      target: a.req.url.split('?')[0],
      summary,
      origin: a.req,
    });

  async function table(appId: string, idOrName: string) {
    const schema = await ctx.data.schema(appId);
    const t = schema.tableById(idOrName) ?? schema.table(idOrName);
    if (!t) throw ApiError.notFound(`Table '${idOrName.slice(0, 80)}' does not exist`);
    return t;
  }

  /** Rules are kept by table id (stable across renames), file path without outer slashes, else as given. */
  async function itemOf(appId: string, service: Service, item: string): Promise<string> {
    if (service === 'data') return (await table(appId, item)).tableId;
    if (service === 'files') return item.split('/').filter(Boolean).join('/');
    if (!item || item.length > 1024) throw ApiError.badRequest('Name the item of the permission');
    return item;
  }

  async function principalOf(
    appId: string,
    policy: 'users' | 'roles',
    id: string | undefined,
  ): Promise<{ principalType: 'user' | 'role'; principal: string }> {
    if (!id) throw ApiError.badRequest(`Name the ${policy === 'users' ? 'user' : 'role'} of the permission`);
    if (policy === 'roles') return { principalType: 'role', principal: (await s.roles.get(appId, id)).id };
    if (!USER_ID.test(id)) throw ApiError.badRequest('A user is named by its objectId');
    return { principalType: 'user', principal: id };
  }

  async function roleRows(appId: string, rules: Rule[], shape: Shape = entries): Promise<PermissionListWire> {
    const roles = await s.roles.rows(appId);
    const data = roles.map((role) => ({
      id: role.id,
      roleId: role.id,
      name: role.name,
      permissions: shape(rules.filter((x) => x.principal_type === 'role' && x.principal === role.id)),
    }));
    return { data, totalRows: data.length };
  }

  async function userRows(
    appId: string,
    rules: Rule[],
    search?: string,
    shape: Shape = entries,
  ): Promise<PermissionListWire> {
    const mine = rules.filter((x) => x.principal_type === 'user');
    const ids = [...new Set(mine.map((x) => x.principal))];
    const names = await s.users.identities(appId, ids, search);
    const listed = search ? [...names.keys()] : ids;
    const data = listed
      .map((id) => ({
        id,
        userId: id,
        name: names.get(id) ?? (id === '*' ? 'All users' : id),
        permissions: shape(mine.filter((x) => x.principal === id)),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { data, totalRows: data.length };
  }

  /** Names of the columns (and relations) of a table by column id. */
  async function columnNames(appId: string, item: string): Promise<Map<string, string>> {
    const t = await table(appId, item);
    return new Map([...t.columns, ...t.relations].map((c) => [c.columnId, c.name]));
  }

  handle(app, ctx, r.loadPermissions, async ({ params, req, query }) => {
    const segs = securitySegments(req.url);
    const v = readVariant(segs);
    const appId = params.appId;
    const search =
      typeof query.name === 'string' ? query.name : typeof query.identity === 'string' ? query.identity : undefined;
    switch (v.kind) {
      case 'owner':
        return readOwner(v.service, v.item);
      case 'acl': {
        const item = await itemOf(appId, v.service, v.itemName);
        const rules = await s.repo.list(appId, { service: v.service, item, objectId: v.objectId });
        if (v.policy === 'roles') return roleRows(appId, rules);
        // The users search of a record's ACL answers the bare list (the reference client wraps it).
        if (v.search !== undefined) return (await userRows(appId, rules, v.search)).data;
        return userRows(appId, rules, search);
      }
      case 'fileRoles':
      case 'fileUsers': {
        const rules = await s.repo.list(appId, {
          service: 'files',
          item: await itemOf(appId, 'files', v.item),
          objectId: '',
          column: '',
        });
        return v.kind === 'fileRoles' ? roleRows(appId, rules) : userRows(appId, rules, v.search ?? search);
      }
      case 'columns': {
        const t = await table(appId, v.item);
        // Rules are kept by column id; answers also name the column as it is called now.
        const names = await columnNames(appId, t.tableId);
        const rules = (await s.repo.list(appId, { service: 'data', item: t.tableId, objectId: '' })).filter((x) =>
          names.has(x.column_name),
        );
        const shape: Shape = (rs) => columnEntries(rs, names);
        // Only principals with column rules: the reference client reads the first row to tell a
        // column list (mapped by column id) from an operation list.
        const data = [
          ...(await roleRows(appId, rules, shape)).data,
          ...(await userRows(appId, rules, undefined, shape)).data,
        ].filter((row) => row.permissions.length > 0);
        return { data, totalRows: data.length };
      }
      case 'default': {
        if (v.policy === 'owner') return readOwner(v.service, v.item);
        if (v.policy === 'columns') throw ApiError.notFound('Column permissions are listed at …/columns/permissions');
        const rules = await s.repo.list(appId, {
          service: v.service,
          item: await itemOf(appId, v.service, v.item),
          objectId: '',
          column: '',
        });
        return v.policy === 'roles' ? roleRows(appId, rules) : userRows(appId, rules, search);
      }
      default:
        throw ApiError.notFound('No such permission list');
    }
    async function readOwner(service: Service, item: string): Promise<PermissionListWire> {
      const rules = await s.repo.list(appId, {
        service,
        item: await itemOf(appId, service, item),
        objectId: '',
        column: '',
        principalType: 'owner',
      });
      return { data: [{ id: 'owner', name: 'Owner', permissions: entries(rules) }], totalRows: 1 };
    }
  });

  /** Where one write lands: the rule key without operation and access. */
  async function target(
    appId: string,
    v: Variant,
  ): Promise<Omit<RuleFilter, 'operation'> & { service: Service; item: string }> {
    switch (v.kind) {
      case 'owner':
        return {
          service: v.service,
          item: await itemOf(appId, v.service, v.item),
          objectId: '',
          column: '',
          principalType: 'owner',
          principal: '',
        };
      case 'acl': {
        const base = { service: v.service, item: await itemOf(appId, v.service, v.itemName), objectId: v.objectId };
        if (!USER_ID.test(v.objectId)) throw ApiError.badRequest('objectId must be a record id');
        if (v.principal === '*')
          return { ...base, column: '', principalType: v.policy === 'users' ? 'user' : 'role', principal: '*' };
        return v.principal === undefined
          ? { ...base, column: '', principalType: 'role' }
          : { ...base, column: '', ...(await principalOf(appId, v.policy, v.principal)) };
      }
      case 'fileRoles':
        return {
          service: 'files',
          item: await itemOf(appId, 'files', v.item),
          objectId: '',
          column: '',
          ...(await principalOf(appId, 'roles', v.principal)),
        };
      case 'fileUsers':
        return {
          service: 'files',
          item: await itemOf(appId, 'files', v.item),
          objectId: '',
          column: '',
          ...(await principalOf(appId, 'users', v.principal)),
        };
      case 'columns': {
        const role = await s.roles.find(appId, v.principal ?? '');
        return {
          service: v.service,
          item: await itemOf(appId, v.service, v.item),
          objectId: '',
          ...(role ? { principalType: 'role', principal: role.id } : await principalOf(appId, 'users', v.principal)),
        };
      }
      case 'localAccess':
        return {
          service: 'localservices',
          item: await itemOf(appId, 'localservices', v.item),
          objectId: '',
          column: '',
          ...(await principalOf(appId, v.policy, v.principal)),
        };
      case 'default': {
        const item = await itemOf(appId, v.service, v.item);
        if (v.policy === 'owner')
          return { service: v.service, item, objectId: '', column: '', principalType: 'owner', principal: '' };
        if (v.policy === 'columns') {
          const role = await s.roles.find(appId, v.principal ?? '');
          return {
            service: v.service,
            item,
            objectId: '',
            ...(role ? { principalType: 'role', principal: role.id } : await principalOf(appId, 'users', v.principal)),
          };
        }
        return {
          service: v.service,
          item,
          objectId: '',
          column: '',
          ...(await principalOf(appId, v.policy, v.principal)),
        };
      }
    }
  }

  /**
   * Column rules are stored under the column's id, not its name: ids never change, so a renamed
   * column keeps its rules and a new column that takes an old name does not inherit them. (Renaming
   * the rules along with the column cannot share one transaction: the column lives in the app's
   * store, the rules in the system database.) Stored names are re-keyed at start
   * (column-rules.migration.ts).
   */
  async function columnOf(appId: string, item: string, column: string | undefined): Promise<string> {
    const t = await table(appId, item);
    const c = t.columns.find((x) => x.columnId === column || x.name === column);
    if (!c)
      throw ApiError.field(
        'BAD_REQUEST',
        'columnId',
        `Name an existing column of table '${t.name}' (columnId or column)`,
      );
    return c.columnId;
  }

  /**
   * The rules after a write or a drop, shaped as the reference client reads them for the variant
   * (see permission-answers.ts). `written` are the operations the request named.
   */
  async function answer(
    appId: string,
    v: Variant,
    t: Awaited<ReturnType<typeof target>>,
    written: string[],
  ): Promise<unknown> {
    if (t.principalType === 'owner') {
      const rules = await s.repo.list(appId, { ...t, column: '' });
      return written.length === 1 ? ownerAccess(rules, written[0]) : entries(rules);
    }
    if (v.kind === 'acl' && v.policy === 'roles') {
      const rules = await s.repo.list(appId, {
        service: t.service,
        item: t.item,
        objectId: t.objectId,
        column: '',
        principalType: 'role',
      });
      return aclByOperation(rules, new Map((await s.roles.rows(appId)).map((r) => [r.id, r.name])));
    }
    if (isColumnVariant(v))
      return columnEntries(await s.repo.list(appId, { ...t, column: undefined }), await columnNames(appId, t.item));
    return entries(await s.repo.list(appId, { ...t, column: '' }));
  }

  function isColumnVariant(v: Variant): boolean {
    return v.kind === 'columns' || (v.kind === 'default' && v.policy === 'columns');
  }

  handle(app, ctx, r.setPermission, async (a) => {
    const { params, req, body } = a;
    const v = writeVariant(securitySegments(req.url));
    assertOperation(a.access, devOperation(v));
    const t = await target(params.appId, v);
    if (!t.principalType || t.principal === undefined)
      throw ApiError.badRequest('Name the user or role of the permission');
    const list = v.kind === 'localAccess' ? [{ operation: 'Invoke', access: v.access }] : permissionsOf(body);
    const written: string[] = [];
    for (const p of list) {
      const isColumn = isColumnVariant(v);
      const operation = canonicalOperation(
        t.service,
        v.kind === 'columns' ? (v.operation ?? p.operation) : p.operation,
        isColumn,
      );
      written.push(operation);
      const column = isColumn ? await columnOf(params.appId, t.item, p.column) : '';
      const key = {
        service: t.service,
        item: t.item,
        objectId: t.objectId ?? '',
        column,
        principalType: t.principalType,
        principal: t.principal,
        operation,
      };
      if (p.access === null || p.access === undefined || p.access === 'INHERIT') await s.repo.drop(params.appId, key);
      else await s.repo.set(params.appId, key, canonicalAccess(p.access));
    }
    s.engine.invalidate(params.appId);
    changed(a, `Changed ${t.service} permissions of ${t.item}`);
    return sendJson(a.reply, await answer(params.appId, v, t, written));
  });

  handle(app, ctx, r.dropPermissions, async (a) => {
    const { params, req } = a;
    const segs = securitySegments(req.url);
    const v = dropVariant(segs);
    assertOperation(a.access, devOperation(v));
    const t = await target(params.appId, v);
    let operation =
      v.kind === 'owner' || v.kind === 'default'
        ? v.operation
        : v.kind === 'acl' && v.policy === 'roles'
          ? aclRoleDropOperation(segs)
          : undefined;
    if (operation === 'all' || operation === '') operation = undefined;
    const isColumn = v.kind === 'default' && v.policy === 'columns';
    const filter: RuleFilter = {
      ...t,
      ...(operation ? { operation: canonicalOperation(t.service, operation, isColumn) } : {}),
    };
    if (isColumn) {
      // The path names no column: every column rule of the principal goes, its table rules stay.
      for (const rule of (await s.repo.list(params.appId, { ...filter, column: undefined })).filter(
        (x) => x.column_name !== '',
      )) {
        await s.repo.drop(params.appId, { ...filter, column: rule.column_name, operation: rule.operation });
      }
    } else await s.repo.drop(params.appId, { ...filter, column: filter.column ?? '' });
    s.engine.invalidate(params.appId);
    changed(a, `Reset ${t.service} permissions of ${t.item}`);
    return sendJson(a.reply, await answer(params.appId, v, t, filter.operation ? [filter.operation] : []));
  });
}
