import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingPeriod, PaymentProfile } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { billingKeys } from './billing.keys';

/** What the add-profile form sends: no card field exists, by design (decision 0089). */
export interface PaymentProfileInput {
  provider: 'manual' | 'stripe';
  name: string;
  email: string;
  company?: string;
  address?: string;
}

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

/** The developer's payment profiles with the apps each pays for (account level). */
export function usePaymentProfiles() {
  return useQuery({ queryKey: billingKeys.profiles(), queryFn: () => getSdk().billing.loadPaymentProfiles() });
}

/**
 * Adds a profile. The body never carries card data: a card number anywhere in it is refused by
 * the server (400 RAW_CARD_DATA_REFUSED), which the form shows as the server words it.
 */
export function useAddPaymentProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentProfileInput) => getSdk().billing.addPaymentProfile(input),
    meta: { errorToast: false },
    onSuccess: (made) => {
      client.setQueryData<PaymentProfile[]>(billingKeys.profiles(), (list) => (list ? [...list, made] : [made]));
      void client.invalidateQueries({ queryKey: billingKeys.profiles() });
    },
  });
}

export function useDeletePaymentProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => getSdk().billing.deletePaymentProfile(id),
    // The confirmation dialog shows a refusal (409: the profile pays for apps) itself.
    meta: { errorToast: false },
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.profiles() }),
  });
}

/** Makes one of the developer's profiles pay for the app's application line (operation 21). */
export function useSetAppPaymentProfile(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) => getSdk().billing.setAppPaymentProfile(appId, profileId),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: billingKeys.profiles() });
      void client.invalidateQueries({ queryKey: billingKeys.account(appId) });
    },
  });
}

/** The app's invoices, newest first. */
export function useAppInvoices(appId: string) {
  return useQuery({
    queryKey: billingKeys.invoices(appId),
    queryFn: () => getSdk().billing.loadAppInvoices(appId),
  });
}
