import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppApiKey, AppSettings } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { appsKeys } from '../../apps';
import { settingsKeys } from './settings.keys';

/** The app's API keys (device order, then custom keys), from `settings.getAppSettings`. */
export function useAppSettings(appId: string) {
  return useQuery({ queryKey: settingsKeys.app(appId), queryFn: () => getSdk().settings.getAppSettings(appId) });
}

/**
 * Key changes are not optimistic (a regenerated value only exists once the server made it): the
 * answer goes into the cache, then the settings and the app info (overview snippets) are refetched.
 */
function useKeyChange<V>(
  appId: string,
  change: (vars: V) => Promise<AppApiKey | null>,
  apply: (keys: AppApiKey[], key: AppApiKey | null, vars: V) => AppApiKey[],
) {
  const qc = useQueryClient();
  return useMutation({
    // The key dialogs show a failed change themselves.
    meta: { errorToast: false },
    mutationFn: change,
    onSuccess: (key, vars) => {
      qc.setQueryData<AppSettings>(settingsKeys.app(appId), (s) =>
        s ? { ...s, apiKeys: apply(s.apiKeys, key, vars) } : s,
      );
      void qc.invalidateQueries({ queryKey: settingsKeys.app(appId) });
      void qc.invalidateQueries({ queryKey: appsKeys.info(appId) });
    },
  });
}

const replace = (keys: AppApiKey[], key: AppApiKey | null) =>
  key ? keys.map((k) => (k.id === key.id ? key : k)) : keys;

/** A custom key with a name and the role its calls get (`null`: none). */
export function useCreateApiKey(appId: string) {
  return useKeyChange<{ name: string; roleId: string | null }>(
    appId,
    ({ name, roleId }) => getSdk().settings.createAPIKey(appId, { deviceType: 'CUSTOM', name, roleId }),
    (keys, key) => (key ? [...keys, key] : keys),
  );
}

export function useRegenerateApiKey(appId: string) {
  return useKeyChange<string>(appId, (id) => getSdk().settings.regenerateAPIKey(appId, id), replace);
}

export function useDeleteApiKey(appId: string) {
  return useKeyChange<string>(
    appId,
    async (id) => {
      await getSdk().settings.deleteAPIKey(appId, id);
      return null;
    },
    (keys, _key, id) => keys.filter((k) => k.id !== id),
  );
}
