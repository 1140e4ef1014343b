import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IntegrationInput, WebhookDelivery, WebhookInput } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { webhooksKeys } from './webhooks.keys';

export function useWebhooks(appId: string) {
  return useQuery({ queryKey: webhooksKeys.list(appId), queryFn: () => getSdk().webhooks.getWebhooks(appId) });
}

export function useWebhookOperations(appId: string) {
  return useQuery({
    queryKey: webhooksKeys.operations(appId),
    queryFn: () => getSdk().webhooks.getWebhookOperations(appId),
    staleTime: 30_000,
  });
}

/** The delivery log; polled while a delivery is still pending (its retries land on their own). */
export function useWebhookDeliveries(appId: string, webhookId: string | undefined) {
  return useQuery({
    queryKey: webhooksKeys.deliveries(appId, webhookId ?? ''),
    queryFn: () => getSdk().webhooks.getWebhookDeliveries(appId, webhookId!, { limit: 50 }),
    enabled: !!webhookId,
    refetchInterval: (q) =>
      (q.state.data as WebhookDelivery[] | undefined)?.some((d) => d.state === 'pending') ? 2_000 : 10_000,
  });
}

function useWrite<V, A>(appId: string, write: (v: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Errors show where the write was made (dialog or confirmation).
    meta: { errorToast: false },
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKeys.all(appId) }),
  });
}

export function useSaveWebhook(appId: string) {
  return useWrite(appId, (v: { id?: string; body: WebhookInput }) =>
    v.id ? getSdk().webhooks.updateWebhook(appId, v.id, v.body) : getSdk().webhooks.saveWebhook(appId, v.body),
  );
}

export function useDeleteWebhook(appId: string) {
  return useWrite(appId, (id: string) => getSdk().webhooks.deleteWebhook(appId, id));
}

export function useSendTest(appId: string) {
  return useWrite(appId, (id: string) => getSdk().webhooks.sendTestWebhook(appId, id));
}

export function useIntegrations(appId: string) {
  return useQuery({
    queryKey: webhooksKeys.integrations(appId),
    queryFn: () => getSdk().integrations.getIntegrations(appId),
  });
}

function useIntegrationWrite<V, A>(appId: string, write: (v: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { errorToast: false },
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKeys.integrations(appId) }),
  });
}

export function useSaveIntegration(appId: string) {
  return useIntegrationWrite(appId, (v: { existing?: string; body: IntegrationInput }) =>
    v.existing
      ? getSdk().integrations.updateIntegration(appId, v.existing, v.body)
      : getSdk().integrations.saveIntegration(appId, v.body),
  );
}

export function useDeleteIntegration(appId: string) {
  return useIntegrationWrite(appId, (name: string) => getSdk().integrations.deleteIntegration(appId, name));
}
