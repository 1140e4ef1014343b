import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { buildPath, encodeSegment, Routes } from '@basalt/shared';
import { getAuthKey, subscribeAuthKey } from '../../../lib/sdk';
import { dataKeys } from './data.keys';

/** After the server refused the stream (429, a lost session), try again this much later. */
const RETRY_AFTER_REFUSAL_MS = 30_000;

/**
 * Keeps the Data area's schema live (decision 0037): while mounted, listens to the app's schema
 * event stream and reloads the table list (which carries every table's columns, so the sidebar,
 * the schema page and the records grid all follow) and the record counts whenever the schema
 * changes — a table or column an app's write created, or a teammate's console change, on any
 * server process. The stream carries no data, only "reload".
 *
 * EventSource sends the session cookie (it cannot send headers); the stream is reopened whenever
 * the signed-in key changes and closed on sign-out. After a dropped connection EventSource comes
 * back by itself; each `ready` reloads once, covering whatever changed while it was away.
 */
export function useSchemaEvents(appId: string) {
  const queryClient = useQueryClient();
  const authKey = useSyncExternalStore(subscribeAuthKey, getAuthKey);

  useEffect(() => {
    if (!appId || !authKey || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      void queryClient.invalidateQueries({ queryKey: dataKeys.tables(appId) });
      void queryClient.invalidateQueries({ queryKey: dataKeys.tableCounts(appId) });
    };
    const connect = () => {
      source = new EventSource(buildPath(Routes.tables.schemaEvents, encodeSegment(appId)));
      source.addEventListener('ready', reload);
      source.addEventListener('schema', reload);
      source.onerror = () => {
        // CLOSED means the server answered with an error status: EventSource gives up, so do we for a while.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        retry = setTimeout(connect, RETRY_AFTER_REFUSAL_MS);
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [appId, authKey, queryClient]);
}
