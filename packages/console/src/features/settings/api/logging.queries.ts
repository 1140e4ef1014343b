import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppLoggingConfig, LogIntegrationInput } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { settingsKeys } from './settings.keys';

export function useAppLogging(appId: string) {
  return useQuery({ queryKey: settingsKeys.logging(appId), queryFn: () => getSdk().settings.getAppLogging(appId) });
}

export function useSaveLoggers(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (loggers: AppLoggingConfig['loggers']) => getSdk().settings.setAppLoggingConfig(appId, { loggers }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.logging(appId), saved),
  });
}

export function useSaveLogIntegration(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: LogIntegrationInput) => getSdk().settings.setAppLoggingIntegration(appId, input),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.logging(appId), saved),
  });
}

export function useClearLoggers(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: () => getSdk().settings.clearLoggers(appId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.logging(appId) }),
  });
}
