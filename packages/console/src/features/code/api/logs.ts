import { useEffect, useState } from 'react';
import { followCloudLogs, type CloudLogLine } from '@basalt/sdk/logs';
import { getAuthKey } from '../../../lib/sdk';

/** Lines a view keeps; the server's ring holds the same number. */
const KEEP = 2000;

export type LogStreamState = 'connecting' | 'live' | 'error';

/**
 * An app's log lines, live: the server's recent lines first, then each new one. Not a TanStack
 * query: a stream has no request to repeat, and it closes with the view.
 */
export function useCloudLogs(appId: string, paused = false) {
  const [lines, setLines] = useState<CloudLogLine[]>([]);
  const [state, setState] = useState<LogStreamState>('connecting');
  const [error, setError] = useState<{ code: string; message: string } | null>(null);

  useEffect(() => {
    const authKey = getAuthKey();
    if (!appId || !authKey || paused) return;
    const follower = followCloudLogs(window.location.origin, authKey, appId, {
      onHistory: (history) =>
        setLines((current) => {
          // After a reconnect the history repeats lines the view has: keep each (seq, ts) once.
          const seen = new Set(current.map((l) => `${l.seq}:${l.ts}`));
          const merged = [...current, ...history.filter((l) => !seen.has(`${l.seq}:${l.ts}`))];
          merged.sort((a, b) => a.ts - b.ts || a.seq - b.seq);
          return merged.slice(-KEEP);
        }),
      onLine: (line) => setLines((current) => [...current.slice(-(KEEP - 1)), line]),
      onState: (next, reason) => {
        setState(next);
        setError(reason ?? null);
      },
    });
    return () => follower.close();
  }, [appId, paused]);

  return { lines, state, error, clear: () => setLines([]) };
}
