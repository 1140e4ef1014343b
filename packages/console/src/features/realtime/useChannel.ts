import { useEffect, useRef, useState } from 'react';
import type { PublishedMessage } from '@basalt/shared';
import { useRealtime } from './useRealtime';

export interface ChannelState {
  /** True once the server accepted the subscription and the socket is up. */
  live: boolean;
  status: ReturnType<typeof useRealtime>['status'];
  error: Error | null;
}

/** Calls `onMessage` for every message published to `channel` while `enabled`. */
export function useChannel(appId: string | undefined, channel: string | undefined, onMessage: (message: PublishedMessage) => void, enabled = true): ChannelState {
  const { connection, status, error: connectionError } = useRealtime(appId);
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const [live, setLive] = useState(false);
  const [error, setError] = useState<Error | null>(null);

  useEffect(() => {
    if (!connection || !channel || !enabled) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    setError(null);
    connection
      .subscribe(channel, (message) => handler.current(message))
      .then((unsubscribe) => {
        if (cancelled) unsubscribe();
        else {
          stop = unsubscribe;
          setLive(true);
        }
      })
      .catch((err: Error) => !cancelled && setError(err));
    return () => {
      cancelled = true;
      stop?.();
      setLive(false);
    };
  }, [connection, channel, enabled]);

  return { live: live && status === 'connected', status, error: error ?? connectionError };
}
