import { useEffect, useRef, useState } from 'react';
import type { DataChange } from '@basalt/sdk/realtime';
import { useRealtime } from './useRealtime';

export interface LiveTableOptions {
  /** Only records matching this where clause are delivered. */
  where?: string;
  /** Set to false to stop listening (e.g. while the grid is paused). Default true. */
  enabled?: boolean;
}

export interface LiveTableState {
  /** True once the server accepted the subscription. */
  live: boolean;
  status: ReturnType<typeof useRealtime>['status'];
  error: Error | null;
}

/**
 * Calls `onChange` for every created, updated and deleted record of `table` (matching `where`).
 * `onChange` may change on every render; the subscription is only renewed when the app, the
 * table, the where clause or `enabled` change.
 */
export function useLiveTable<T = Record<string, unknown>>(
  appId: string | undefined,
  table: string | undefined,
  onChange: (change: DataChange<T>) => void,
  options: LiveTableOptions = {},
): LiveTableState {
  const { connection, status, error: connectionError } = useRealtime(appId);
  const handler = useRef(onChange);
  handler.current = onChange;
  const [live, setLive] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const { where, enabled = true } = options;

  useEffect(() => {
    if (!connection || !table || !enabled) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    setError(null);
    connection
      .onDataChange<T>(table, (change) => handler.current(change), where || undefined)
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
  }, [connection, table, where, enabled]);

  return { live: live && status === 'connected', status, error: error ?? connectionError };
}
