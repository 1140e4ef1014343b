import type { AclOperationWire, ColumnPermissionEntry, PermissionEntry } from '@basalt/shared';
import type { Rule } from './permissions.repo.js';

/*
 * Answers of the permission routes, in the shapes the reference client post-processes (its
 * `security` group turns lists into maps itself):
 *   lists (GET)                 {data: [{id, name, roleId | userId, permissions: [{operation, access}]}], totalRows}
 *   a record's users search     [{id, userId, name, permissions: [...]}]            (the client wraps it in {data})
 *   writes and drops:
 *     owner policy              the access of the one operation written ('GRANT', 'DENY', or 'INHERIT' once dropped)
 *     a record's ACL by roles   [{operationId, operationName, roles: [{roleId, roleName, access}]}]
 *     column permissions        [{columnId, column, operation, access}]         (the client keeps it as it is)
 *     anything else             [{operation, access}] of the principal written
 */

/** Rules as `[{operation, access}]`, in a stable order. */
export function entries(rules: Rule[]): PermissionEntry[] {
  return rules
    .map((x) => ({ operation: x.operation, access: x.access }))
    .sort((a, b) => (a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0));
}

/** Column rules as `[{columnId, column, operation, access}]`; rules of columns that are gone are left out. */
export function columnEntries(rules: Rule[], names: Map<string, string>): ColumnPermissionEntry[] {
  return rules
    .filter((x) => x.column_name !== '' && names.has(x.column_name))
    .map((x) => ({
      columnId: x.column_name,
      column: names.get(x.column_name)!,
      operation: x.operation,
      access: x.access,
    }))
    .sort((a, b) =>
      a.column + a.operation < b.column + b.operation ? -1 : a.column + a.operation > b.column + b.operation ? 1 : 0,
    );
}

/** A record's role rules grouped by operation, each role named. */
export function aclByOperation(rules: Rule[], roleNames: Map<string, string>): AclOperationWire[] {
  const byOperation = new Map<string, AclOperationWire>();
  for (const x of rules) {
    if (x.principal_type !== 'role') continue;
    let op = byOperation.get(x.operation);
    if (!op) byOperation.set(x.operation, (op = { operationId: x.operation, operationName: x.operation, roles: [] }));
    op.roles.push({ roleId: x.principal, roleName: roleNames.get(x.principal) ?? x.principal, access: x.access });
  }
  return [...byOperation.values()].sort((a, b) => (a.operationName < b.operationName ? -1 : 1));
}

/** The owner's access of one operation after a write: its rule, or INHERIT when it has none. */
export function ownerAccess(rules: Rule[], operation: string): string {
  return rules.find((x) => x.operation === operation)?.access ?? 'INHERIT';
}
