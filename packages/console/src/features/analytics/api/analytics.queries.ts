import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { serverPeriod, type PeriodChoice } from '../analytics-data';
import { analyticsKeys } from './analytics.keys';

const custom = (choice: PeriodChoice) =>
  choice.period === 'custom' ? { from: choice.from ?? '', to: choice.to ?? '' } : {};

export function useApiCalls(appId: string, choice: PeriodChoice) {
  return useQuery({
    queryKey: analyticsKeys.report(appId, 'apicalls', choice),
    queryFn: () =>
      getSdk().analytics.apiCalls(appId, {
        period: serverPeriod(choice) === 'sixmo' ? 'HALF_YEAR' : serverPeriod(choice),
        columns: { services: true, methods: true },
        ...custom(choice),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUsersStats(appId: string, choice: PeriodChoice) {
  return useQuery({
    queryKey: analyticsKeys.report(appId, 'users', choice),
    queryFn: () =>
      getSdk().analytics.users(appId, {
        period: serverPeriod(choice) === 'sixmo' ? 'HALF_YEAR' : serverPeriod(choice),
        ...custom(choice),
      }),
    placeholderData: keepPreviousData,
  });
}

/** Latency percentiles and peak concurrency per day (per week over long ranges). */
export function usePerformance(appId: string, range: { from: number; to: number }) {
  const long = range.to - range.from > 92 * 86_400_000;
  const aggInterval = long ? { name: 'WEEK', value: 604_800_000 } : { name: 'DAY', value: 86_400_000 };
  return useQuery({
    queryKey: analyticsKeys.performance(appId, range),
    queryFn: async () => {
      const params = { aggInterval, from: range.from, to: range.to };
      const [latency, concurrency] = await Promise.all([
        getSdk().analytics.performance(appId, params),
        getSdk().analytics.concurrentRequests(appId, params),
      ]);
      return { latency, concurrency, step: aggInterval.value };
    },
    placeholderData: keepPreviousData,
  });
}
