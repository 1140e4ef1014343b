import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamMember } from '@basalt/shared';
import type { DevPermissionChange, DevPermissionGroupChange } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { appsKeys } from '../../apps';
import { securityKeys } from '../../security';
import { teamKeys } from './team.keys';

export function useGetDevelopers(appId: string) {
  return useQuery({ queryKey: teamKeys.members(appId), queryFn: () => getSdk().devTeam.getDevelopers(appId) });
}

export function useInviteDeveloper(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (email: string) => getSdk().devTeam.inviteDeveloper(appId, { email }),
    onSuccess: (member) => {
      qc.setQueryData<TeamMember[]>(teamKeys.members(appId), (list) => (list ? [...list, member] : list));
      void qc.invalidateQueries({ queryKey: teamKeys.members(appId) });
    },
  });
}

export function useRemoveDeveloper(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (devId: string) => getSdk().devTeam.removeDeveloper(appId, devId),
    onSuccess: (_a, devId) => {
      qc.setQueryData<TeamMember[]>(teamKeys.members(appId), (list) => list?.filter((m) => m.id !== devId));
      void qc.invalidateQueries({ queryKey: teamKeys.members(appId) });
    },
  });
}

/** Permission switches are optimistic: the member shows the new access at once, rolled back on failure. */
export function useUpdateDevPermissions(appId: string, devId: string) {
  const qc = useQueryClient();
  const key = teamKeys.members(appId);
  return useMutation({
    meta: { errorTitle: 'Permissions not changed' },
    mutationFn: (changes: DevPermissionChange[]) => getSdk().devTeam.updateDevPermissions(appId, devId, changes),
    onMutate: async (changes) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<TeamMember[]>(key);
      const next = new Map(changes.map((c) => [c.operation, c.access]));
      qc.setQueryData<TeamMember[]>(key, (list) =>
        list?.map((m) =>
          m.id === devId
            ? {
                ...m,
                permissions: m.permissions.map((p) =>
                  next.has(p.operation) ? { ...p, access: next.get(p.operation)! } : p,
                ),
              }
            : m,
        ),
      );
      return { previous };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: key }),
  });
}

export function useUpdateDevPermissionGroups(appId: string, devId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: 'Permissions not changed' },
    mutationFn: (groups: DevPermissionGroupChange[]) =>
      getSdk().devTeam.updateDevPermissionGroups(appId, devId, groups),
    onSettled: () => void qc.invalidateQueries({ queryKey: teamKeys.members(appId) }),
  });
}

export function useLoadSentOwnershipTransfer(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.sent(appId),
    queryFn: () => getSdk().devTeam.loadSentOwnershipTransfer(appId),
    enabled,
  });
}

export function useLoadOwnershipTransferProposals() {
  return useQuery({ queryKey: teamKeys.received(), queryFn: () => getSdk().devTeam.loadOwnershipTransferProposals() });
}

export function useTransferOwnership(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (developerId: string) => getSdk().devTeam.transferOwnership(appId, developerId),
    onSuccess: () => void qc.invalidateQueries({ queryKey: teamKeys.sent(appId) }),
  });
}

export function useCancelSentOwnershipTransfer(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => getSdk().devTeam.cancelSentOwnershipTransfer(appId),
    onSuccess: () => qc.setQueryData(teamKeys.sent(appId), null),
  });
}

export function useConfirmOwnershipChange(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => getSdk().devTeam.confirmOwnershipChange(appId, { id }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: teamKeys.root() });
      void qc.invalidateQueries({ queryKey: appsKeys.all });
      void qc.invalidateQueries({ queryKey: securityKeys.myPermissions(appId) });
    },
  });
}
