import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { errorInfo, errorStatus, isUnauthorized } from '../lib/errors';
import { getAuthKey, setAuthKey } from '../lib/sdk';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Sign-in steps answer 401 for a wrong password or code; that must not end a session. */
      publicCall?: boolean;
      /**
       * `false` when every screen using the mutation shows its failure itself (under a field, in
       * its dialog, or in a toast of its own); otherwise a failure shows the default error toast.
       */
      errorToast?: false;
      /** Title of the default error toast (its message is the server's). */
      errorTitle?: string;
    };
  }
}

/**
 * A 401 on a signed-in call means the key stopped working (signed out elsewhere, password
 * changed, account deleted). Dropping the key lets the route guard send the developer to the
 * sign-in page with the place they were at.
 */
export function expireSession(): void {
  if (!getAuthKey()) return;
  setAuthKey(null);
  queryClient.clear();
  notifications.show({
    id: 'session-expired',
    color: 'orange',
    title: 'Signed out',
    message: 'Your session has ended. Sign in again to continue.',
  });
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (isUnauthorized(error)) expireSession();
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (isUnauthorized(error) && !mutation.meta?.publicCall) return expireSession();
      // Every change that fails says so, unless its screen says it in place
      // (docs/decisions/0038-one-console-data-path.md).
      if (mutation.meta?.errorToast === false) return;
      notifications.show({
        color: 'red',
        title: mutation.meta?.errorTitle,
        message: errorInfo(error).message,
        autoClose: false,
      });
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // Client errors will not fix themselves; only lost connections and server errors are retried.
      retry: (failureCount, error) => {
        const status = errorStatus(error);
        if (status !== undefined && status >= 400 && status < 500) return false;
        return failureCount < 2;
      },
    },
  },
});
