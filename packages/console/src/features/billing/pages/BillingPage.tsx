import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  Alert,
  Badge,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { BillingPeriod, Plan } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { changedSearchParams } from '../../../lib/search-params';
import { PageHeader } from '../../../components/PageHeader';
import { AppInvoices } from '../components/AppInvoices';
import { PaymentProfiles } from '../components/PaymentProfiles';
import { PlanPicker } from '../components/PlanPicker';
import { UsageBars } from '../components/UsageBars';
import { amount, price } from '../components/usage-format';
import {
  useAccountInfo,
  useAppPlans,
  useCallsBlocked,
  useCurrentComponents,
  usePeriodInfo,
  useSwitchPlan,
} from '../api/billing.queries';

const day = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * Billing (docs/console-screens.md §2.14): the app's plan and period, its usage against the plan's
 * limits as bars, the plans of this server side by side with a confirmed switch (a refused
 * downgrade lists the components over the new limits), and the yearly estimate. Tabs (`?tab=`) hold
 * the account's payment profiles (the one paying for this app marked) and the app's invoices.
 */
export default function BillingPage() {
  const { appId = '' } = useParams();
  const plans = useAppPlans(appId);
  const current = useCurrentComponents(appId);
  const account = useAccountInfo(appId);
  const periodInfo = usePeriodInfo(appId);
  const blocked = useCallsBlocked(appId);
  const switchPlan = useSwitchPlan(appId);
  const [period, setPeriod] = useState<BillingPeriod | undefined>();
  const [picked, setPicked] = useState<Plan | undefined>();
  const shownPeriod = period ?? account.data?.period ?? 'monthly';
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'profiles' || params.get('tab') === 'invoices' ? params.get('tab')! : 'plan';

  const confirm = () => {
    if (!picked) return;
    switchPlan.mutate({ planId: picked.id, period: shownPeriod }, { onSuccess: () => setPicked(undefined) });
  };

  return (
    <>
      <PageHeader
        title="Billing"
        description="Your app's plan and what it uses of its limits, the plans this server offers, who pays, and the invoices."
      />
      {blocked.data?.blocked && (
        <Alert color="red" mb="md" title="API calls are refused right now" data-testid="calls-blocked">
          {blocked.data.reason}
          {blocked.data.until && ` Calls are accepted again at ${new Date(blocked.data.until).toLocaleTimeString()}.`}
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(v) => setParams(changedSearchParams({ tab: v === 'plan' ? null : v }))}
        keepMounted={false}
      >
        <Tabs.List aria-label="Billing sections" mb="lg">
          <Tabs.Tab value="plan">Plan and usage</Tabs.Tab>
          <Tabs.Tab value="profiles">Payment profiles</Tabs.Tab>
          <Tabs.Tab value="invoices">Invoices</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profiles">
          <PaymentProfiles appId={appId} currentProfileId={account.data?.paymentProfileId} />
        </Tabs.Panel>
        <Tabs.Panel value="invoices">
          <AppInvoices appId={appId} />
        </Tabs.Panel>
        <Tabs.Panel value="plan">
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder radius="md" padding="lg" data-testid="current-plan">
                {account.isPending ? (
                  <Skeleton height={120} />
                ) : account.isError ? (
                  <ErrorAlert error={account.error} onRetry={() => void account.refetch()} />
                ) : (
                  <Stack gap={6}>
                    <Group justify="space-between">
                      <Text size="sm" c="dimmed">
                        Current plan
                      </Text>
                      <Badge color={account.data.status === 'active' ? 'teal' : 'orange'} variant="light">
                        {account.data.status}
                      </Badge>
                    </Group>
                    <Title order={2} data-testid="current-plan-name">
                      {account.data.planName}
                    </Title>
                    <Text size="sm">
                      {price(account.data.price)}
                      {account.data.price > 0 && ` per ${account.data.period === 'monthly' ? 'month' : 'year'}`} · paid{' '}
                      {account.data.period}
                    </Text>
                    {periodInfo.data && (
                      <Text size="sm" c="dimmed">
                        This period: {day(periodInfo.data.start)} – {day(periodInfo.data.end)} (
                        {periodInfo.data.daysLeft} days left)
                      </Text>
                    )}
                  </Stack>
                )}
              </Card>
              <Card withBorder radius="md" padding="lg" data-testid="estimate">
                <Text size="sm" c="dimmed" mb={6}>
                  Estimate for a year on this plan
                </Text>
                {account.data ? (
                  <Stack gap={4}>
                    <Text size="sm">Paid monthly: {price(account.data.estimate.monthly)}</Text>
                    <Text size="sm">Paid yearly: {price(account.data.estimate.yearly)}</Text>
                    {account.data.estimate.yearlySaving > 0 && (
                      <Text size="sm" c="teal">
                        Paying yearly saves {price(account.data.estimate.yearlySaving)}
                      </Text>
                    )}
                  </Stack>
                ) : (
                  <Skeleton height={60} />
                )}
              </Card>
            </SimpleGrid>

            <Card withBorder radius="md" padding="lg">
              <Title order={3} mb="md">
                Usage
              </Title>
              {current.isPending ? (
                <Skeleton height={100} />
              ) : current.isError ? (
                <ErrorAlert error={current.error} onRetry={() => void current.refetch()} />
              ) : (
                <UsageBars components={current.data.components} />
              )}
            </Card>

            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={3}>Plans</Title>
                <SegmentedControl
                  value={shownPeriod}
                  onChange={(v) => setPeriod(v as BillingPeriod)}
                  data={[
                    { value: 'monthly', label: 'Monthly' },
                    { value: 'yearly', label: 'Yearly' },
                  ]}
                  aria-label="Billing period"
                />
              </Group>
              {plans.isPending ? (
                <Skeleton height={200} />
              ) : plans.isError ? (
                <ErrorAlert error={plans.error} onRetry={() => void plans.refetch()} />
              ) : (
                <PlanPicker
                  plans={plans.data}
                  period={shownPeriod}
                  currentPeriod={account.data?.period}
                  onPick={(p) => {
                    switchPlan.reset();
                    setPicked(p);
                  }}
                />
              )}
            </Stack>
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <ConfirmModal
        opened={!!picked}
        onClose={() => setPicked(undefined)}
        title={`Switch to ${picked?.name ?? ''} (${shownPeriod})?`}
        confirmLabel="Switch plan"
        destructive={false}
        onConfirm={confirm}
        loading={switchPlan.isPending}
        error={switchPlan.error}
      >
        {picked && (
          <Stack gap={4}>
            <Text size="sm">
              The app moves to {picked.name} now: {price(picked.periods[shownPeriod])}
              {picked.periods[shownPeriod] > 0 && ` per ${shownPeriod === 'monthly' ? 'month' : 'year'}`}.
            </Text>
            {picked.components.some((c) => c.limit !== null) ? (
              <Text size="sm" c="dimmed">
                Limits:{' '}
                {picked.components
                  .filter((c) => c.limit !== null)
                  .map((c) => `${c.name} ${amount(c.unit, c.limit ?? 0)}`)
                  .join(', ')}
                . Calls and uploads over them are refused.
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                This plan has no limits.
              </Text>
            )}
          </Stack>
        )}
      </ConfirmModal>
    </>
  );
}
