import { LineChart } from '@mantine/charts';
import type { PerformancePoint } from '@basalt/shared';
import { dayLabel } from '../analytics-data';
import { ChartSection } from './ChartSection';

export interface PerformanceData {
  latency: Record<number, PerformancePoint | undefined>;
  concurrency: Record<number, number | undefined>;
  step: number;
}

/** Latency percentiles and the most requests in flight, per day (per week over long periods). */
export function PerformanceReport({
  data,
  error,
  onRetry,
}: {
  data?: PerformanceData;
  error?: unknown;
  onRetry?: () => void;
}) {
  const points = Object.keys(data?.latency ?? {})
    .map(Number)
    .sort((a, b) => a - b)
    .map((t) => {
      const p = data?.latency[t];
      return {
        date: dayLabel(t),
        p50: p?.p50 ?? 0,
        p90: p?.p90 ?? 0,
        p99: p?.p99 ?? 0,
        calls: p?.count ?? 0,
        peak: data?.concurrency[t] ?? 0,
      };
    });
  const busy = points.filter((p) => p.calls > 0);
  const per = data && data.step > 86_400_000 ? 'week' : 'day';
  return (
    <ChartSection
      title="Performance"
      description={`Answer time percentiles in milliseconds and the most requests in flight, per ${per}.`}
      csvName="performance"
      error={error}
      onRetry={onRetry}
      empty={busy.length ? undefined : 'No calls in this period yet, so no answer times to show.'}
      chart={
        <LineChart
          h={220}
          data={points}
          dataKey="date"
          withLegend
          unit=" ms"
          aria-label="Answer time percentiles"
          series={[
            { name: 'p50', color: 'teal.6' },
            { name: 'p90', color: 'yellow.7' },
            { name: 'p99', color: 'red.6' },
          ]}
        />
      }
      table={{
        columns: ['Date', 'Calls', 'p50 ms', 'p90 ms', 'p99 ms', 'Peak in flight'],
        rows: busy.reverse().map((p) => [p.date, p.calls, p.p50, p.p90, p.p99, p.peak]),
      }}
    />
  );
}
