import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailSettings } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { settingsKeys } from './settings.keys';

export type SmtpInput = Omit<EmailSettings, 'custom'>;
export interface CustomTemplateInput {
  name: string;
  subject: string;
  body: string;
}

export function useEmailParams(appId: string) {
  return useQuery({ queryKey: settingsKeys.smtp(appId), queryFn: () => getSdk().email.getEmailParams(appId) });
}

export function useSaveEmailParams(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (s: SmtpInput) => getSdk().email.updateEmailParams(appId, s),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.smtp(appId), saved),
  });
}

export function useResetEmailParams(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: () => getSdk().email.resetEmailParams(appId),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.smtp(appId), saved),
  });
}

export function useTestSmtp(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (s: SmtpInput) => getSdk().email.testSMTPConnection(appId, s),
  });
}

export function useEventTemplates(appId: string) {
  return useQuery({ queryKey: settingsKeys.emailEvents(appId), queryFn: () => getSdk().email.loadTemplates(appId) });
}

export function useSaveEventTemplate(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (t: { eventId: string; subject: string; body: string }) => getSdk().email.saveTemplate(appId, t),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.emailEvents(appId) }),
  });
}

export function useResetEventTemplate(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (eventId: string) => getSdk().email.resetSystemEmailTemplate(appId, eventId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.emailEvents(appId) }),
  });
}

export function useSendEventTest(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (t: { eventId: string; email: string; subject: string; body: string }) =>
      getSdk().email.sendTestEmail(appId, t),
  });
}

export function useCustomTemplates(appId: string) {
  return useQuery({
    queryKey: settingsKeys.emailTemplates(appId),
    queryFn: () => getSdk().email.loadCustomTemplates(appId),
  });
}

export function useSaveCustomTemplate(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ original, input }: { original?: string; input: CustomTemplateInput }) =>
      original
        ? getSdk().email.updateCustomTemplate(appId, input, original)
        : getSdk().email.createCustomTemplate(appId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.emailTemplates(appId) }),
  });
}

export function useDeleteCustomTemplate(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (name: string) => getSdk().email.deleteCustomTemplate(appId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.emailTemplates(appId) }),
  });
}

export function useEmailOutbox(appId: string) {
  return useQuery({
    queryKey: settingsKeys.emailOutbox(appId),
    queryFn: () => getSdk().email.loadEmailOutbox(appId),
    // Mails waiting for a retry change on their own: the view follows them.
    refetchInterval: 10_000,
  });
}

/** Retry now (`discard: false`) or discard a failed mail. */
export function useOutboxAction(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ id, discard }: { id: string; discard: boolean }): Promise<unknown> =>
      discard ? getSdk().email.discardEmailOutbox(appId, id) : getSdk().email.retryEmailOutbox(appId, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.emailOutbox(appId) }),
  });
}
