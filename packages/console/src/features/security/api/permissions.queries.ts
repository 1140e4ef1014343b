import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Access, ColumnPermissionEntry, PermissionList, PermissionListWire } from '@basalt/shared';
import type { PermissionPolicy, PermissionService } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { securityKeys } from './security.keys';

/** What a permission list is about: a table, a file path or a channel, and optionally one record. */
export interface PermissionScope {
  service: PermissionService;
  /** Table id, file path, channel name … */
  itemId: string;
  /** Table name (record ACLs address the table by name). */
  itemName?: string;
  /** A record id for its ACL; absent for the item's own permissions. */
  objectId?: string;
}

/** One cell change: `access` null drops the rule back to inherited. `column` for column permissions. */
export interface CellChange {
  policy: PermissionPolicy;
  principalId: string;
  operation: string;
  access: Access | null;
  column?: string;
}

const keyOf = (appId: string, policy: PermissionPolicy, scope: PermissionScope, search = '') =>
  securityKeys.permissions(appId, policy, scope.service, scope.itemId, scope.objectId ?? 'all', search);

/** Column rules as matrix rows: permissions keyed `column:operation` (the cells' keys, see `cellKey`). */
function columnMatrix(answer: PermissionListWire): PermissionList {
  const data = answer.data.map((row) => ({
    id: row.id,
    name: row.name,
    permissions: Object.fromEntries(
      (row.permissions as ColumnPermissionEntry[]).map((p) => [`${p.column}:${p.operation}`, p.access]),
    ),
  }));
  return { data, totalRows: answer.totalRows };
}

export function usePermissionList(
  appId: string,
  policy: PermissionPolicy,
  scope: PermissionScope | undefined,
  search = '',
) {
  return useQuery({
    queryKey: keyOf(appId, policy, scope ?? { service: 'data', itemId: '' }, search),
    queryFn: () => {
      const s = scope!;
      if (policy === 'columns') return getSdk().security.loadColumnPermissions(appId, s.itemId).then(columnMatrix);
      return getSdk().security.loadPermissions(
        appId,
        policy,
        s.service,
        s.itemId,
        s.itemName,
        s.objectId ?? 'all',
        search ? { name: search } : {},
      );
    },
    enabled: !!scope?.itemId,
    placeholderData: keepPreviousData,
  });
}

/** The cache key a cell lives under, with the map key of its operation. */
function cellKey(change: CellChange): string {
  return change.column ? `${change.column}:${change.operation}` : change.operation;
}

/** Sends one cell change the way the reference client does for that variant. */
function send(appId: string, scope: PermissionScope, c: CellChange) {
  const sdk = getSdk().security;
  const objectId = scope.objectId ?? 'all';
  if (c.policy === 'columns') {
    // A column rule is dropped by sending it with no access: the path form would drop every column.
    return sdk.setPermission(appId, 'columns', c.principalId, scope.service, scope.itemId, scope.itemName, objectId, {
      operation: c.operation,
      access: c.access,
      columnId: c.column,
    });
  }
  if (c.access === null)
    return sdk.dropPermissions(
      appId,
      c.policy,
      c.principalId,
      scope.service,
      scope.itemId,
      scope.itemName,
      objectId,
      c.operation,
    );
  return sdk.setPermission(appId, c.policy, c.principalId, scope.service, scope.itemId, scope.itemName, objectId, {
    operation: c.operation,
    access: c.access,
  });
}

/**
 * Changes permission cells optimistically (docs/console-screens.md › Optimistic changes): the cache shows the new state at once
 * and rolls back when the server refuses. Several cells (a bulk row or column) go as one change.
 */
export function useChangePermissions(
  appId: string,
  policy: PermissionPolicy,
  scope: PermissionScope | undefined,
  search = '',
) {
  const qc = useQueryClient();
  const key = keyOf(appId, policy, scope ?? { service: 'data', itemId: '' }, search);
  return useMutation({
    mutationFn: async (changes: CellChange[]) => {
      for (const c of changes) await send(appId, scope!, c);
    },
    onMutate: async (changes) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<PermissionList>(key);
      qc.setQueryData<PermissionList>(key, (list) => {
        if (!list) return list;
        const data = list.data.map((row) => {
          const mine = changes.filter((c) => c.principalId === row.id || (policy === 'owner' && row.id === 'owner'));
          if (!mine.length) return row;
          const permissions = { ...row.permissions };
          for (const c of mine) {
            if (c.access) permissions[cellKey(c)] = c.access;
            else delete permissions[cellKey(c)];
          }
          return { ...row, permissions };
        });
        return { ...list, data };
      });
      return { previous };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: securityKeys.all(appId) }),
  });
}
