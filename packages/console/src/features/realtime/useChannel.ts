import type { PublishedMessage } from '@basalt/shared';
import { useSubscription, type SubscriptionState } from './useSubscription';

export type ChannelState = SubscriptionState;

/** Calls `onMessage` for every message published to `channel` while `enabled`. */
export function useChannel(
  appId: string | undefined,
  channel: string | undefined,
  onMessage: (message: PublishedMessage) => void,
  enabled = true,
): ChannelState {
  return useSubscription<PublishedMessage>(
    appId,
    channel && enabled ? channel : undefined,
    (connection, deliver) => connection.subscribe(channel!, deliver),
    onMessage,
  );
}
