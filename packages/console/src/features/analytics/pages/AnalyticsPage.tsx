import '@mantine/charts/styles.css';
import { useParams, useSearchParams } from 'react-router';
import { Group, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { changedSearchParams } from '../../../lib/search-params';
import { useApiCalls, usePerformance, useUsersStats } from '../api/analytics.queries';
import { rangeOf, type PeriodChoice, type PeriodName } from '../analytics-data';
import { PeriodPicker } from '../components/PeriodPicker';
import { ApiCallsReport } from '../components/ApiCallsReport';
import { UsersReport } from '../components/UsersReport';
import { PerformanceReport } from '../components/PerformanceReport';

const NAMES: PeriodName[] = ['month', 'sixmo', 'year', 'custom'];

/** Usage of the app: API calls by client type, users and performance, over a period kept in the URL. */
export default function AnalyticsPage() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('period') as PeriodName | null;
  const choice: PeriodChoice = {
    period: asked && NAMES.includes(asked) ? asked : 'month',
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
  const range = rangeOf(choice);
  const calls = useApiCalls(appId, choice);
  const users = useUsersStats(appId, choice);
  const performance = usePerformance(appId, range);

  // The picker hands over only what changed; the rest is read from the URL as it is now, so a
  // From typed right before a To (two navigations, one render apart) is never undone by the second.
  const change = (patch: Partial<PeriodChoice>) =>
    setParams(
      () => {
        const changes: Record<string, string | null | undefined> = {};
        if (patch.period) {
          changes.period = patch.period === 'month' ? null : patch.period;
          if (patch.period !== 'custom') Object.assign(changes, { from: null, to: null });
        }
        if ('from' in patch) changes.from = patch.from;
        if ('to' in patch) changes.to = patch.to;
        return changedSearchParams(changes);
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Analytics"
        description="How the app's API is used: calls by client type, users and answer times. Counts are per UTC day."
      />
      <Group mb="md">
        <PeriodPicker value={choice} onChange={change} />
      </Group>
      {calls.isPending && users.isPending ? (
        <PageSkeleton />
      ) : (
        <Stack gap="lg">
          <ApiCallsReport
            rows={calls.data ?? []}
            range={range}
            error={calls.error}
            onRetry={() => void calls.refetch()}
          />
          <UsersReport rows={users.data ?? []} range={range} error={users.error} onRetry={() => void users.refetch()} />
          <PerformanceReport
            data={performance.data}
            error={performance.error}
            onRetry={() => void performance.refetch()}
          />
        </Stack>
      )}
    </>
  );
}
