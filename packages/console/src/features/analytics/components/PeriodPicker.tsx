import { Group, SegmentedControl, TextInput } from '@mantine/core';
import type { PeriodChoice, PeriodName } from '../analytics-data';

const PERIODS: Array<{ label: string; value: PeriodName }> = [
  { label: 'Last 30 days', value: 'month' },
  { label: '6 months', value: 'sixmo' },
  { label: 'Year', value: 'year' },
  { label: 'Custom', value: 'custom' },
];

/** The report period: a named one, or custom dates (inclusive, UTC days). It reports only the part that changed. */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: PeriodChoice;
  onChange: (patch: Partial<PeriodChoice>) => void;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <SegmentedControl
        aria-label="Period"
        data={PERIODS}
        value={value.period}
        onChange={(period) => onChange({ period: period as PeriodName })}
      />
      {value.period === 'custom' && (
        <>
          <TextInput
            type="date"
            label="From"
            size="xs"
            value={value.from ?? ''}
            max={value.to || undefined}
            onChange={(e) => onChange({ from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            size="xs"
            value={value.to ?? ''}
            min={value.from || undefined}
            onChange={(e) => onChange({ to: e.currentTarget.value })}
          />
        </>
      )}
    </Group>
  );
}
