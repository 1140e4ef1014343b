import type { DataChange } from '@basalt/sdk/realtime';
import { useSubscription, type SubscriptionState } from './useSubscription';

export interface LiveTableOptions {
  /** Only records matching this where clause are delivered. */
  where?: string;
  /** Set to false to stop listening (e.g. while the grid is paused). Default true. */
  enabled?: boolean;
}

export type LiveTableState = SubscriptionState;

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
  const { where, enabled = true } = options;
  // The where clause is part of the key: a new clause is a new subscription.
  const key = table && enabled ? `${table}\u0000${where ?? ''}` : undefined;
  return useSubscription<DataChange<T>>(
    appId,
    key,
    (connection, deliver) => connection.onDataChange<T>(table!, deliver, where || undefined),
    onChange,
  );
}
