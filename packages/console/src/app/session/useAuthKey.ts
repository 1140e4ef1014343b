import { useSyncExternalStore } from 'react';
import { getAuthKey, subscribeAuthKey } from '../../lib/sdk';

export function useAuthKey(): string | null {
  return useSyncExternalStore(subscribeAuthKey, getAuthKey);
}
