import { useEffect, useRef, useState } from 'react';
import type { RealtimeConnection } from '@basalt/sdk/realtime';
import { useRealtime } from './useRealtime';

export interface SubscriptionState {
  /** True once the server accepted the subscription and the socket is up. */
  live: boolean;
  status: ReturnType<typeof useRealtime>['status'];
  error: Error | null;
}

/**
 * One subscription on the app's shared connection, for `useLiveTable` and `useChannel`.
 * `subscribe` and `onEvent` may change on every render; the subscription is renewed only when the
 * connection or `key` changes, and `key` undefined means nothing to listen to.
 */
export function useSubscription<E>(
  appId: string | undefined,
  key: string | undefined,
  subscribe: (connection: RealtimeConnection, deliver: (event: E) => void) => Promise<() => void>,
  onEvent: (event: E) => void,
): SubscriptionState {
  const { connection, status, error: connectionError } = useRealtime(appId);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const start = useRef(subscribe);
  start.current = subscribe;
  const [live, setLive] = useState(false);
  const [error, setError] = useState<Error | null>(null);

  useEffect(() => {
    if (!connection || key === undefined) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    setError(null);
    start
      .current(connection, (event) => handler.current(event))
      .then((unsubscribe) => {
        // Unmounted or renewed before the server answered: give the subscription straight back.
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
  }, [connection, key]);

  return { live: live && status === 'connected', status, error: error ?? connectionError };
}
