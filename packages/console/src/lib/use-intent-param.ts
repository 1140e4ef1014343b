import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { changedSearchParams } from './search-params';

/**
 * Runs `onHit` when the URL carries `key=value` (an intent such as the palette's "New table",
 * `?new=table`), then drops the key so a reload or Back does not repeat it.
 */
export function useIntentParam(key: string, value: string, onHit: () => void): void {
  const [params, setParams] = useSearchParams();
  const hit = params.get(key) === value;
  useEffect(() => {
    if (!hit) return;
    onHit();
    setParams(() => changedSearchParams({ [key]: undefined }), { replace: true });
  }, [hit, key, onHit, setParams]);
}
