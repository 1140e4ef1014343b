import { useQuery } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { statusKeys } from './areas.keys';

export function useLoadStatus() {
  return useQuery({
    queryKey: statusKeys.status,
    queryFn: () => getSdk().system.loadStatus(true),
    staleTime: 5 * 60_000,
  });
}
