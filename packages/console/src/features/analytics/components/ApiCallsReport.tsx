import { BarChart } from '@mantine/charts';
import type { ApiCallsRow } from '@basalt/shared';
import { callsByClient, dayLabel } from '../analytics-data';
import { ChartSection } from './ChartSection';

/** Colours of client kinds, stable across periods so REST is always the same blue. */
const COLORS: Record<string, string> = {
  REST: 'blue.6',
  JS: 'yellow.6',
  ANDROID: 'teal.6',
  IOS: 'gray.6',
  WP: 'violet.6',
  AS: 'orange.6',
  BL: 'grape.6',
  CUSTOM: 'pink.6',
};

/** App API calls per day stacked by client kind, with the rows by service and method below. */
export function ApiCallsReport({
  rows,
  range,
  error,
  onRetry,
}: {
  rows: ApiCallsRow[];
  range: { from: number; to: number };
  error?: unknown;
  onRetry?: () => void;
}) {
  const { data, kinds } = callsByClient(rows, range);
  const total = rows.reduce((s, r) => s + r.successCallCount + r.errorCount, 0);
  const errors = rows.reduce((s, r) => s + r.errorCount, 0);
  return (
    <ChartSection
      title="API calls"
      description={`${total} calls, ${errors} errors, by client type (the API key used).`}
      csvName="api-calls"
      error={error}
      onRetry={onRetry}
      empty={rows.length ? undefined : 'No app API calls in this period yet. Calls made with any API key show here.'}
      chart={
        <BarChart
          h={260}
          data={data}
          dataKey="date"
          type="stacked"
          withLegend
          aria-label="API calls by client type"
          series={kinds.map((k) => ({ name: k, color: COLORS[k] ?? 'cyan.6' }))}
        />
      }
      table={{
        columns: ['Date', 'Client type', 'Service', 'Method', 'Successful', 'Errors'],
        rows: [...rows]
          .sort((a, b) => b.timestamp - a.timestamp || a.apiKeyName.localeCompare(b.apiKeyName))
          .map((r) => [
            dayLabel(r.timestamp),
            r.apiKeyName,
            r.serviceName ?? '',
            r.methodName ?? '',
            r.successCallCount,
            r.errorCount,
          ]),
      }}
    />
  );
}
