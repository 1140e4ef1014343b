import { useQuery } from '@tanstack/react-query';
import type { DataTable } from '@basalt/shared';
import type { Role, RolePermission } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { appApiFind } from './app-api';
import { decide, hiddenColumns, type Decision } from './run-as-estimate';
import { securityKeys } from './security.keys';

/** Roles an anonymous app API caller has, by the API key it uses (the key's device type). */
export const ANONYMOUS_ROLE_DEVICE: Record<string, string> = {
  NotAuthenticatedUser: 'REST',
  RestUser: 'REST',
  JSUser: 'JS',
  AndroidUser: 'ANDROID',
  IOSUser: 'IOS',
  DotNetUser: 'WP',
  ASUser: 'AS',
  ServerCodeUser: 'BL',
};

export type RunAsIdentity = { kind: 'role'; role: Role } | { kind: 'user'; userId: string; label: string };

/** What an anonymous caller gets from the app API itself with the key of its device type. */
export function useRunAsAppApi(appId: string, table: string, apiKey: string | undefined, role: string) {
  return useQuery({
    queryKey: [...securityKeys.all(appId), 'run-as-app', table, role, apiKey],
    queryFn: () => appApiFind(appId, apiKey!, table),
    enabled: !!table && !!apiKey,
    retry: false,
  });
}

export interface Estimate {
  roles: string[];
  decisions: Record<string, Decision>;
  hidden: string[];
  records?: Array<Record<string, unknown>>;
  total?: number;
}

const OPS = ['Find', 'Create', 'Update', 'Remove'];

/** The rules replayed for a role or a user (see `run-as-estimate.ts`), with what Find would list. */
export function useRunAsEstimate(appId: string, table: DataTable | undefined, identity: RunAsIdentity | undefined) {
  return useQuery({
    queryKey: [...securityKeys.all(appId), 'run-as-estimate', table?.tableId, identity?.kind === 'role' ? identity.role.id : identity?.userId],
    enabled: !!table && !!identity,
    queryFn: async (): Promise<Estimate> => {
      const sdk = getSdk();
      const t = table!;
      const id = identity!;
      const all = await sdk.security.loadRoles(appId);
      let roles: Array<{ id: string; name: string }>;
      if (id.kind === 'role') roles = [{ id: id.role.id, name: id.role.name }];
      else {
        // A signed-in user calling through the REST key: the implied roles plus the assigned ones.
        const assigned = (await sdk.tables.loadAssignedUserRoles(appId, [id.userId])) as Array<{ roleId: string; rolename: string; status?: string }>;
        const implied = all.filter((r) => r.name === 'AuthenticatedUser' || r.name === 'RestUser');
        roles = [...implied, ...(Array.isArray(assigned) ? assigned : []).filter((a) => a.status === 'ALL').map((a) => ({ id: a.roleId, name: a.rolename }))];
      }
      const [tableRoles, tableUsers, columns, ...wide] = await Promise.all([
        sdk.security.loadPermissions(appId, 'roles', 'data', t.tableId, t.name, 'all'),
        id.kind === 'user' ? sdk.security.loadPermissions(appId, 'users', 'data', t.tableId, t.name, 'all', { name: id.userId }) : Promise.resolve(undefined),
        sdk.security.loadColumnPermissions(appId, t.tableId),
        ...roles.map((r) => sdk.security.loadRolePermissions(appId, r.id)),
      ]);
      const roleWide = new Map<string, RolePermission[]>(roles.map((r, i) => [r.id, wide[i] ?? []]));
      const facts = { userId: id.kind === 'user' ? id.userId : undefined, roles, tableRoles, tableUsers, roleWide, columns };
      const decisions = Object.fromEntries(OPS.map((op) => [op, decide(facts, op)]));
      const hidden = hiddenColumns(facts);
      if (decisions.Find.access === 'DENY') return { roles: roles.map((r) => r.name), decisions, hidden };
      const page = await sdk.tables.loadRecords(appId, t, { pageSize: 20 });
      const records = page.data.map((rec) => Object.fromEntries(Object.entries(rec).filter(([k]) => !hidden.includes(k))));
      return { roles: roles.map((r) => r.name), decisions, hidden, records, total: page.totalRows };
    },
  });
}
