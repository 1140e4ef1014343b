import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingPeriod } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { billingKeys } from './billing.keys';

export function useAppPlans(appId: string) {
  return useQuery({ queryKey: billingKeys.plans(appId), queryFn: () => getSdk().billing.getAppPlans(appId) });
}

/** The current plan's components with usage; refreshed every 15 s while the page is open (calls per minute move). */
export function useCurrentComponents(appId: string) {
  return useQuery({
    queryKey: billingKeys.current(appId),
    queryFn: () => getSdk().billing.getAppCurrentPlanComponentData(appId),
    refetchInterval: 15_000,
  });
}

export function useAccountInfo(appId: string) {
  return useQuery({ queryKey: billingKeys.account(appId), queryFn: () => getSdk().billing.getAppBillingInfo(appId) });
}

export function usePeriodInfo(appId: string) {
  return useQuery({
    queryKey: billingKeys.period(appId),
    queryFn: () => getSdk().billing.getAppBillingPeriodInfo(appId),
  });
}

export function useCallsBlocked(appId: string) {
  return useQuery({
    queryKey: billingKeys.blocked(appId),
    queryFn: () => getSdk().billing.apiCallsBlocked(appId),
    refetchInterval: 15_000,
  });
}

/** Switches the plan; every billing answer of the app is read again afterwards. */
export function useSwitchPlan(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { planId: string; period: BillingPeriod }) =>
      getSdk().billing.switchToAppPlan(appId, v.planId, v.period),
    // The confirmation dialog shows a refusal (the components over the new limits) itself.
    meta: { errorToast: false },
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.all(appId) }),
  });
}
