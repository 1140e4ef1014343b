import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { setAuthKey } from '../../lib/sdk';
import { logoutOnServer } from '../../features/auth';
import { markSignedOut } from './sign-in-state';

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logoutOnServer();
    } catch {
      // The key is dropped here whatever the server says: an unreachable server must not keep
      // someone signed in on a shared machine.
    }
    markSignedOut(true);
    setAuthKey(null);
    queryClient.clear();
    navigate('/login', { replace: true });
    notifications.show({ color: 'teal', message: 'You are signed out' });
  }, [navigate, queryClient]);
}
