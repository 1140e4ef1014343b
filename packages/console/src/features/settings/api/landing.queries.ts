import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LandingPageInput } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { settingsKeys } from './settings.keys';

export function useLandingPage(appId: string) {
  return useQuery({
    queryKey: settingsKeys.landing(appId),
    queryFn: () => getSdk().settings.getLandingPageData(appId),
  });
}

export function useLandingTemplates(appId: string) {
  return useQuery({
    queryKey: settingsKeys.landingTemplates(appId),
    queryFn: () => getSdk().settings.getLandingPageTemplates(appId),
    staleTime: Infinity,
  });
}

/** Save (`publish: false`) or save and publish. */
export function useSaveLandingPage(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ content, publish }: { content: LandingPageInput; publish: boolean }) =>
      publish
        ? getSdk().settings.publishLandingPageData(appId, content)
        : getSdk().settings.saveLandingPageData(appId, content),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.landing(appId), saved),
  });
}

export function useUploadLandingImage(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ file, section }: { file: File; section: string }) =>
      getSdk().settings.uploadLandingPageFile(appId, file, section, file.name),
  });
}
