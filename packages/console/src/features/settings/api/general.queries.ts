import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { appsKeys } from '../../apps';

/** Sets the app's logo (a data URL) or removes it (`null`); the switcher and the apps list show it. */
export function useUpdateAppLogo(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (logo: string | null) => getSdk().apps.updateAppLogo(appId, { logo }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsKeys.all }),
  });
}

/** Saves the app's description. */
export function useUpdateAppInfo(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (info: string) => getSdk().apps.updateAppInfo(appId, { info }),
    onSuccess: (app) => {
      queryClient.setQueryData(appsKeys.info(appId), app);
      void queryClient.invalidateQueries({ queryKey: appsKeys.list() });
    },
  });
}
