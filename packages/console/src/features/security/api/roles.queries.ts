import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role, RolePermission } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { securityKeys } from './security.keys';

export function useLoadRoles(appId: string) {
  return useQuery({ queryKey: securityKeys.roles(appId), queryFn: () => getSdk().security.loadRoles(appId) });
}

export function useCreateRole(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (name: string) => getSdk().security.createRole(appId, name),
    onSuccess: (role) => {
      qc.setQueryData<Role[]>(securityKeys.roles(appId), (list) => (list ? [...list, role] : list));
      void qc.invalidateQueries({ queryKey: securityKeys.all(appId) });
    },
  });
}

export function useRenameRole(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ id, name }: { id: string; name: string }) => getSdk().security.renameRole(appId, id, name),
    // Renames are optimistic (docs/console-screens.md › Optimistic changes): the new name shows at once, rolled back on failure.
    onMutate: async ({ id, name }) => {
      await qc.cancelQueries({ queryKey: securityKeys.roles(appId) });
      const previous = qc.getQueryData<Role[]>(securityKeys.roles(appId));
      qc.setQueryData<Role[]>(securityKeys.roles(appId), (list) =>
        list?.map((r) => (r.id === id ? { ...r, name, rolename: name } : r)),
      );
      return { previous };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.previous) qc.setQueryData(securityKeys.roles(appId), ctx.previous);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: securityKeys.all(appId) }),
  });
}

export function useDeleteRole(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (id: string) => getSdk().security.deleteRole(appId, id),
    onSuccess: (_a, id) => {
      qc.setQueryData<Role[]>(securityKeys.roles(appId), (list) => list?.filter((r) => r.id !== id));
      void qc.invalidateQueries({ queryKey: securityKeys.all(appId) });
    },
  });
}

export function useLoadRolePermissions(appId: string, roleId: string | undefined) {
  return useQuery({
    queryKey: securityKeys.rolePermissions(appId, roleId ?? ''),
    queryFn: () => getSdk().security.loadRolePermissions(appId, roleId!),
    enabled: !!roleId,
  });
}

export function useSetRolePermission(appId: string, roleId: string) {
  const qc = useQueryClient();
  const key = securityKeys.rolePermissions(appId, roleId);
  return useMutation({
    mutationFn: (change: RolePermission) => getSdk().security.setRolePermission(appId, roleId, change),
    onMutate: async (change) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<RolePermission[]>(key);
      qc.setQueryData<RolePermission[]>(key, (list = []) => {
        const rest = list.filter((p) => !(p.service === change.service && p.operation === change.operation));
        return change.access ? [...rest, change] : rest;
      });
      return { previous };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: key }),
  });
}
