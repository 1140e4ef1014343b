import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorState } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { accountKeys } from './account.keys';
import { useAuthKey } from '../../../app/session/useAuthKey';

export function useGetAccountInfo() {
  const authKey = useAuthKey();
  return useQuery({
    queryKey: accountKeys.accountInfo(),
    queryFn: () => getSdk().user.getAccountInfo(),
    enabled: !!authKey,
    staleTime: 60_000,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (profile: { name?: string; email?: string }) => getSdk().user.updateProfile(profile),
    onSuccess: (account) => queryClient.setQueryData(accountKeys.accountInfo(), account),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: { id: string; password: string; currentPassword: string }) =>
      getSdk().user.changePassword(input.id, input.password, input.currentPassword),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.accountInfo() }),
  });
}

export function useGet2FAState() {
  return useQuery({
    queryKey: accountKeys.twoFactor(),
    queryFn: () => getSdk().user.get2FAState(),
  });
}

export function useUpdate2FAState() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: { enabled: boolean; otpCode?: string }) =>
      getSdk().user.update2FAState(input.enabled, input.otpCode),
    // The answer carries the secret only once; keep it out of the cache so it is not kept around.
    onSuccess: (state) => {
      queryClient.setQueryData<TwoFactorState>(accountKeys.twoFactor(), {
        enabled: state.enabled,
        pendingConfirmation: state.pendingConfirmation,
      });
      void queryClient.invalidateQueries({ queryKey: accountKeys.accountInfo() });
    },
  });
}

export function useConfirm2FA() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (otpCode: string) => getSdk().user.confirm2FA(otpCode),
    // The recovery codes stay out of the cache: they are shown once, by the screen that asked.
    onSuccess: (state) => {
      queryClient.setQueryData<TwoFactorState>(accountKeys.twoFactor(), {
        enabled: state.enabled,
        pendingConfirmation: false,
        recoveryCodesLeft: state.recoveryCodesLeft,
      });
      void queryClient.invalidateQueries({ queryKey: accountKeys.accountInfo() });
    },
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (proof: { password?: string; otpCode?: string }) => getSdk().user.regenerateRecoveryCodes(proof),
    onSuccess: (answer) =>
      queryClient.setQueryData<TwoFactorState>(accountKeys.twoFactor(), (old) =>
        old ? { ...old, recoveryCodesLeft: answer.recoveryCodesLeft } : old,
      ),
  });
}

export function useSuicide() {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: () => getSdk().user.suicide(),
  });
}
