import { useEffect, useState } from 'react';
import type { RealtimeConnection } from '@basalt/sdk/realtime';
import { useGetAppInfo } from '../apps';
import { acquireRealtime, type RealtimeState } from './realtime-registry';

export interface UseRealtimeResult extends RealtimeState {
  /** The app's shared connection; null until the app's JS key is known. */
  connection: RealtimeConnection | null;
}

/**
 * The app's real-time connection, shared with every other screen of the same app. It connects as
 * the app's JS client (the key a browser app would use), so what arrives here is exactly what an
 * app's own subscribers receive.
 */
export function useRealtime(appId: string | undefined): UseRealtimeResult {
  const info = useGetAppInfo(appId);
  const apiKey = info.data?.apiKeys?.find((k) => k.deviceType === 'JS')?.apiKey;
  const [connection, setConnection] = useState<RealtimeConnection | null>(null);
  const [state, setState] = useState<RealtimeState>({ status: 'connecting', error: null });

  useEffect(() => {
    if (!appId || !apiKey) return;
    const share = acquireRealtime(appId, apiKey, setState);
    setConnection(share.connection);
    setState(share.state);
    return () => {
      share.release();
      setConnection(null);
    };
  }, [appId, apiKey]);

  return { connection, ...state };
}
