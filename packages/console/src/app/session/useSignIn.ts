import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { DeveloperAccount } from '@basalt/shared';
import { setAuthKey } from '../../lib/sdk';
import { accountKeys } from '../../features/account/api/account.keys';
import { markSignedOut, safeNext } from './sign-in-state';

export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (account: DeveloperAccount, next?: string | null) => {
      markSignedOut(false);
      queryClient.clear();
      setAuthKey(account.authKey);
      queryClient.setQueryData(accountKeys.accountInfo(), account);
      navigate(safeNext(next), { replace: true });
    },
    [navigate, queryClient],
  );
}
