import { useMutation, useQuery } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import type { DocTarget } from '../targets';
import { apiDocsKeys } from './api-docs.keys';

/** The generated document of a target (always from the app's current state: no stale time). */
export function useApiDoc(appId: string, target: DocTarget | undefined) {
  return useQuery({
    queryKey: apiDocsKeys.doc(appId, target ?? { kind: 'files' }),
    enabled: target !== undefined,
    staleTime: 0,
    queryFn: () => {
      const docs = getSdk().apiDocs;
      const t = target as DocTarget;
      if (t.kind === 'table') return docs.generateDataTableApi(appId, t.name, {});
      if (t.kind === 'channel') return docs.generateMessagingChannelApi(appId, t.name, {});
      if (t.kind === 'service') return docs.generateServiceApi(appId, t.name, t.model, {});
      if (t.kind === 'geo') return docs.generateGeoApi(appId, {});
      return docs.generateFilesApi(appId, {});
    },
  });
}

export interface TryItRequest {
  method: string;
  /** Relative to the console's origin (the same server answers the app API). */
  path: string;
  userToken?: string;
  body?: string;
}

export interface TryItAnswer {
  status: number;
  ms: number;
  body: string;
}

/**
 * Sends a documented request to the app API with one of the app's keys, as an app would: the
 * developer's console key is never sent (the app API does not read it), only `user-token` if given.
 */
export function useTryIt() {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (r: TryItRequest): Promise<TryItAnswer> => {
      const started = performance.now();
      const res = await fetch(r.path, {
        method: r.method.toUpperCase(),
        headers: {
          ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(r.userToken ? { 'user-token': r.userToken } : {}),
        },
        body: r.body,
      });
      const text = await res.text();
      let body = text;
      try {
        body = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON (a file's content): shown as it came.
      }
      return { status: res.status, ms: Math.round(performance.now() - started), body };
    },
  });
}
