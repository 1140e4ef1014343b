import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagingChannel } from '@basalt/shared';
import type { PublishParams, PushParams, Template } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { messagingKeys } from './messaging.keys';

export const PAGE_SIZE = 50;

export function useLoadChannels(appId: string) {
  return useQuery({ queryKey: messagingKeys.channels(appId), queryFn: () => getSdk().messaging.loadChannels(appId) });
}

export function useCreateChannel(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (name: string) => getSdk().messaging.createChannel(appId, name),
    onSuccess: (channel) => {
      queryClient.setQueryData<MessagingChannel[]>(messagingKeys.channels(appId), (list) =>
        list ? [...list, channel] : list,
      );
      return queryClient.invalidateQueries({ queryKey: messagingKeys.channels(appId) });
    },
  });
}

export function useRenameChannel(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ channel, name }: { channel: MessagingChannel; name: string }) =>
      getSdk().messaging.renameChannel(appId, channel, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.channels(appId) }),
  });
}

export function useDeleteChannel(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (channelId: string) => getSdk().messaging.deleteChannel(appId, channelId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.app(appId) }),
  });
}

export function useLoadMessages(appId: string, channelId: string | undefined, page: number) {
  return useQuery({
    queryKey: messagingKeys.messages(appId, channelId ?? '', page),
    queryFn: () =>
      getSdk().messaging.loadMessages(appId, channelId!, { offset: page * PAGE_SIZE, pageSize: PAGE_SIZE }),
    enabled: !!channelId,
    placeholderData: keepPreviousData,
  });
}

export function usePublishMessage(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ channel, params }: { channel: string; params: PublishParams }) =>
      getSdk().messaging.publishMessage(appId, channel, params),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.allMessages(appId) }),
  });
}

export function useLoadDevices(appId: string, channelId: string | undefined, where: string, page: number) {
  return useQuery({
    queryKey: messagingKeys.devices(appId, channelId ?? '', where, page),
    queryFn: () =>
      getSdk().messaging.loadDevices(appId, channelId!, {
        offset: page * PAGE_SIZE,
        pageSize: PAGE_SIZE,
        ...(where ? { where } : {}),
      }),
    enabled: !!channelId,
    placeholderData: keepPreviousData,
  });
}

export function useDeleteDevices(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ channelId, ids }: { channelId: string; ids: string[] }) =>
      getSdk().messaging.deleteDevices(appId, channelId, ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.allDevices(appId) }),
  });
}

export function useGetPushTemplates(appId: string) {
  return useQuery({
    queryKey: messagingKeys.templates(appId),
    queryFn: () => getSdk().messaging.getPushTemplates(appId),
  });
}

export function useSavePushTemplate(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ previousName, template }: { previousName?: string; template: Template }) =>
      previousName
        ? getSdk().messaging.updatePushTemplate(appId, previousName, template)
        : getSdk().messaging.createPushTemplate(appId, template),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.templates(appId) }),
  });
}

export function useDeletePushTemplates(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (names: string[]) => getSdk().messaging.deletePushTemplates(appId, names),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.templates(appId) }),
  });
}

/** How many devices a push with this where would reach (`pushsize`). */
export function useGetPushRecipientsCount(appId: string, where: string, enabled = true) {
  return useQuery({
    queryKey: messagingKeys.recipients(appId, where),
    queryFn: () => getSdk().messaging.getPushRecipientsCount(appId, where || undefined),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSendPush(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (push: PushParams) =>
      getSdk().messaging.sendPush(appId, push) as Promise<{
        recipients?: number;
        waitingForCredentials?: number;
        messageId?: string;
      }>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.allOutbox(appId) }),
  });
}

export function useGetPushOutbox(appId: string, status: string, page: number) {
  return useQuery({
    queryKey: messagingKeys.outbox(appId, status, page),
    queryFn: () =>
      getSdk().messaging.getPushOutbox(appId, {
        offset: page * PAGE_SIZE,
        pageSize: PAGE_SIZE,
        ...(status ? { status } : {}),
      }),
    placeholderData: keepPreviousData,
    // Deliveries change state on the server by themselves.
    refetchInterval: 10_000,
  });
}

/** Sends a failed or waiting delivery again; the outbox then shows its new state. */
export function useRetryPushDelivery(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (deliveryId: string) => getSdk().messaging.retryPushDelivery(appId, deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.allOutbox(appId) }),
  });
}

export function useButtonTemplates(appId: string, platform: string) {
  return useQuery({
    queryKey: messagingKeys.buttons(appId, platform),
    queryFn: () => getSdk().messaging.getPushButtonTemplates(appId, platform),
  });
}

export function useSaveButtonTemplate(appId: string, platform: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ previousName, template }: { previousName?: string; template: Template }) =>
      previousName
        ? getSdk().messaging.updatePushButtonTemplate(appId, previousName, { ...template, platform })
        : getSdk().messaging.createPushButtonTemplate(appId, { ...template, platform }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.buttons(appId, platform) }),
  });
}

export function useDeleteButtonTemplate(appId: string, platform: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (name: string) => getSdk().messaging.deletePushButtonTemplate(appId, name, platform),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.buttons(appId, platform) }),
  });
}
