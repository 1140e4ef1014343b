import type { PermissionList } from '@basalt/shared';
import type { RolePermission } from '@basalt/sdk';

export type Decision = { access: 'GRANT' | 'DENY'; by: string };

interface Facts {
  userId?: string;
  /** The caller's roles, implied and assigned. */
  roles: Array<{ id: string; name: string }>;
  tableRoles: PermissionList;
  tableUsers?: PermissionList;
  roleWide: Map<string, RolePermission[]>;
  columns: PermissionList;
}

/**
 * The server's decision order for one table operation, replayed on the rules the console can read
 * (docs/security.md): a rule for the user on the table, then the roles' rules on the table (any DENY
 * wins), then the roles' service-wide rules, then the default GRANT. Record ACLs and the owner
 * policy depend on each record, so they are not part of this estimate.
 */
export function decide(f: Facts, operation: string): Decision {
  const user = f.userId ? f.tableUsers?.data.find((r) => r.id === f.userId)?.permissions[operation] : undefined;
  if (user) return { access: user, by: 'a rule for this user on the table' };
  const ids = new Set(f.roles.map((r) => r.id));
  const onTable = f.tableRoles.data.filter((r) => ids.has(r.id)).map((r) => ({ name: r.name, access: r.permissions[operation] })).filter((x) => x.access);
  const tableDeny = onTable.find((x) => x.access === 'DENY');
  if (tableDeny) return { access: 'DENY', by: `role ${tableDeny.name} on the table` };
  if (onTable.length) return { access: 'GRANT', by: `role ${onTable[0].name} on the table` };
  const wide = f.roles.flatMap((r) => (f.roleWide.get(r.id) ?? []).filter((p) => p.service === 'data' && p.operation === operation && p.access).map((p) => ({ name: r.name, access: p.access! })));
  const wideDeny = wide.find((x) => x.access === 'DENY');
  if (wideDeny) return { access: 'DENY', by: `role ${wideDeny.name} on every table` };
  if (wide.length) return { access: 'GRANT', by: `role ${wide[0].name} on every table` };
  return { access: 'GRANT', by: 'the default (nothing denies it)' };
}

/** Columns whose Find is denied to the caller: hidden from what it reads. */
export function hiddenColumns(f: Facts): string[] {
  const hidden = new Set<string>();
  const ids = new Set(f.roles.map((r) => r.id));
  const userRow = f.userId ? f.columns.data.find((r) => r.id === f.userId) : undefined;
  const decided = new Set<string>();
  for (const [key, access] of Object.entries(userRow?.permissions ?? {})) {
    const [column, op] = key.split(':');
    if (op !== 'Find') continue;
    decided.add(column);
    if (access === 'DENY') hidden.add(column);
  }
  for (const row of f.columns.data.filter((r) => ids.has(r.id))) {
    for (const [key, access] of Object.entries(row.permissions)) {
      const [column, op] = key.split(':');
      if (op === 'Find' && access === 'DENY' && !decided.has(column)) hidden.add(column);
    }
  }
  return [...hidden];
}
