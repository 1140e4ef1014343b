import { useQuery } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { operatorKeys } from './operator.keys';

/**
 * Whether the caller operates this server, the feature switches and the whole plan catalogue
 * (`operator.loadOperator`). The account menu asks it too, so it is kept a minute.
 */
export function useOperator() {
  return useQuery({
    queryKey: operatorKeys.info(),
    queryFn: () => getSdk().operator.loadOperator(),
    staleTime: 60_000,
  });
}

/** Every app with its plan on each line (operators only). */
export function usePlanApps(enabled = true) {
  return useQuery({
    queryKey: operatorKeys.planApps(),
    queryFn: () => getSdk().operator.loadPlanApps(),
    enabled,
  });
}
