import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { auditKeys } from './audit.keys';

/** A page of the app's console activity events (`activityManager.load`), newest first. */
export function useLoadActivity(appId: string, offset: number, pageSize: number) {
  return useQuery({
    queryKey: auditKeys.activity(appId, offset, pageSize),
    queryFn: () => getSdk().activityManager.load(appId, { offset, pageSize }),
    placeholderData: keepPreviousData,
    enabled: !!appId,
  });
}

/**
 * Reports each area of the app the developer opens (`activityManager.send`), once per change of
 * area, not per click inside it. A report that fails is dropped: it must never disturb the screen.
 */
export function useReportAreaVisits(appId: string, area: string | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!appId || !area) return;
    getSdk()
      .activityManager.send(appId, { type: 'OPEN_AREA', area })
      // The Console activity list, when open, then shows this visit too.
      .then(() => qc.invalidateQueries({ queryKey: auditKeys.activities(appId) }))
      .catch(() => undefined);
  }, [appId, area, qc]);
}
