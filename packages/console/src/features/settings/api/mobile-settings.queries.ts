import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AndroidSettingsInput, AppleSettingsInput, GooglePlaySettingsInput } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { messagingKeys } from '../../messaging';
import { settingsKeys } from './settings.keys';

export function useMobileSettings(appId: string) {
  return useQuery({ queryKey: settingsKeys.mobile(appId), queryFn: () => getSdk().settings.getMobileSettings(appId) });
}

/** Stored credentials send waiting deliveries: the outbox is refreshed after every change. */
function useRefresh(appId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.mobile(appId) }),
      queryClient.invalidateQueries({ queryKey: messagingKeys.allOutbox(appId) }),
    ]);
}

export function useSaveAndroidSettings(appId: string) {
  const refresh = useRefresh(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ id, settings }: { id?: string; settings: AndroidSettingsInput }) =>
      id
        ? getSdk().settings.updateAndroidMobileSettings(appId, settings, id)
        : getSdk().settings.createAndroidMobileSettings(appId, settings),
    onSuccess: refresh,
  });
}

export function useSaveAppleSettings(appId: string) {
  const refresh = useRefresh(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ id, settings }: { id?: string; settings: AppleSettingsInput }) =>
      id
        ? getSdk().settings.updateAppleMobileSettings(appId, settings, id, 'ios')
        : getSdk().settings.createAppleMobileSettings(appId, settings, 'ios'),
    onSuccess: refresh,
  });
}

export function useGooglePlaySettings(appId: string) {
  return useQuery({
    queryKey: settingsKeys.googlePlay(appId),
    queryFn: () => getSdk().settings.getGooglePlaySettings(appId),
  });
}

export function useSaveGooglePlaySettings(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (settings: GooglePlaySettingsInput) => getSdk().settings.saveGooglePlaySettings(appId, settings),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.googlePlay(appId), saved),
  });
}

/** Deletes one platform's stored credentials (Google Play's purchase-check account among them). */
export function useDeleteMobileSettings(appId: string) {
  const refresh = useRefresh(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ platform, id }: { platform: 'android' | 'ios' | 'googleplay'; id: string }) =>
      platform === 'android'
        ? getSdk().settings.deleteAndroidMobileSettings(appId, id)
        : platform === 'ios'
          ? getSdk().settings.deleteAppleMobileCertificate(appId, id, 'ios')
          : getSdk().settings.deleteGooglePlaySettings(appId),
    onSuccess: refresh,
  });
}
