import { LineChart } from '@mantine/charts';
import type { UsersStatsRow } from '@basalt/shared';
import { usersByDay } from '../analytics-data';
import { ChartSection } from './ChartSection';

/** Active, new, registered and returning users per day. */
export function UsersReport({
  rows,
  range,
  error,
  onRetry,
}: {
  rows: UsersStatsRow[];
  range: { from: number; to: number };
  error?: unknown;
  onRetry?: () => void;
}) {
  const data = usersByDay(rows, range);
  return (
    <ChartSection
      title="Users"
      description="Active: signed in that day. New: user records created. Registered: sign-ups through the API. Returning: active, not new."
      csvName="users"
      error={error}
      onRetry={onRetry}
      empty={rows.length ? undefined : 'No user activity in this period yet. Registrations and logins show here.'}
      chart={
        <LineChart
          h={220}
          data={data}
          dataKey="date"
          withLegend
          curveType="monotone"
          aria-label="Users per day"
          series={[
            { name: 'Active', color: 'blue.6' },
            { name: 'New', color: 'teal.6' },
            { name: 'Registered', color: 'violet.6' },
            { name: 'Returning', color: 'orange.6' },
          ]}
        />
      }
      table={{
        columns: ['Date', 'Active', 'New', 'Registered', 'Returning'],
        rows: data
          .filter((d) => d.Active || d.New || d.Registered || d.Returning)
          .reverse()
          .map((d) => [d.date, d.Active, d.New, d.Registered, d.Returning]),
      }}
    />
  );
}
