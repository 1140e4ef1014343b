import { useMemo } from 'react';
import { List, NumberInput, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { nextCronRuns, parseCron, timeZones } from '../cron';
import { describeSchedule, splitInterval, UNITS, type IntervalUnit } from '../schedule-words';

type Config = Record<string, unknown>;

import { toLocalInput } from '../local-time';

const inZone = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(ms));

/** A cron expression with its time zone, and the next five runs the server will make of it. */
function CronFields({
  config,
  set,
  readOnly,
}: {
  config: Config;
  set: (patch: Config, field: string) => void;
  readOnly?: boolean;
}) {
  const cron = typeof config.cron === 'string' ? config.cron : '';
  const zone = typeof config.timezone === 'string' && config.timezone ? config.timezone : 'UTC';
  const zones = useMemo(() => timeZones(), []);
  const preview = useMemo(() => {
    if (!cron.trim()) return { error: 'Write a cron expression, e.g. 0 9 * * 1-5', runs: [] as number[] };
    try {
      parseCron(cron);
      return { error: undefined, runs: nextCronRuns(cron, zone, Date.now(), 5) };
    } catch (e) {
      return { error: (e as Error).message, runs: [] as number[] };
    }
  }, [cron, zone]);
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <>
      <TextInput
        label="Cron expression"
        description="minute hour day-of-month month day-of-week (six fields: seconds first)"
        withAsterisk
        value={cron}
        readOnly={readOnly}
        error={preview.error && !preview.error.includes('not previewed') ? preview.error : undefined}
        classNames={{ input: 'mono' }}
        onChange={(e) => set({ cron: e.currentTarget.value }, 'cron')}
      />
      <Select
        label="Time zone"
        description="The hours and days of the expression are read in it"
        searchable
        allowDeselect={false}
        readOnly={readOnly}
        data={zones.includes(zone) ? zones : [zone, ...zones]}
        value={zone}
        onChange={(z) => z && set({ timezone: z }, 'timezone')}
        limit={60}
      />
      <div aria-live="polite">
        <Text size="sm" fw={500} mb={4}>
          Next runs
        </Text>
        {preview.runs.length ? (
          <List size="sm" spacing={2} aria-label="Next runs">
            {preview.runs.map((t) => (
              <List.Item key={t}>
                {inZone(t, zone)}
                {zone !== local && (
                  <Text size="xs" c="dimmed">
                    {inZone(t, local)} your time
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {preview.error?.includes('not previewed')
              ? 'This expression uses L, W or #: the server checks it when you save, but no preview is shown.'
              : 'No runs to show until the expression is complete.'}
          </Text>
        )}
      </div>
    </>
  );
}

/**
 * A schedule trigger's settings: once at a time, every interval from an optional start, or a cron
 * expression in a time zone with its next five runs previewed in the browser. The
 * server keeps `startAt` as an ISO date and `intervalSeconds` in seconds (issue 19, "Shapes we fix").
 */
export function ScheduleEditor({
  config,
  onChange,
  readOnly,
}: {
  config: Config;
  onChange: (next: Config, field: string) => void;
  readOnly?: boolean;
}) {
  const mode = String(config.mode ?? 'interval');
  const { amount, unit } = splitInterval(Number(config.intervalSeconds) || 3600);
  const set = (patch: Config, field: string) => onChange({ ...config, ...patch }, field);
  const startAt = (
    <TextInput
      type="datetime-local"
      label={mode === 'once' ? 'Run at' : 'Starting at'}
      description={mode === 'once' ? 'Your browser’s time zone' : 'Optional; empty starts when the flow is enabled'}
      withAsterisk={mode === 'once'}
      value={toLocalInput(config.startAt)}
      readOnly={readOnly}
      onChange={(e) => {
        const v = e.currentTarget.value;
        const next = { ...config };
        if (v) next.startAt = new Date(v).toISOString();
        else delete next.startAt;
        onChange(next, 'startAt');
      }}
    />
  );
  return (
    <Stack gap="sm" role="group" aria-label="Schedule">
      <div>
        <Text size="sm" fw={500} mb={4} id="schedule-mode-label">
          Runs
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="schedule-mode-label"
          value={mode}
          readOnly={readOnly}
          onChange={(m) => {
            const next: Config = { ...config, mode: m };
            if (m === 'interval' && !next.intervalSeconds) next.intervalSeconds = 3600;
            if (m === 'cron') {
              if (!next.cron) next.cron = '0 9 * * 1-5';
              if (!next.timezone) next.timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
            }
            onChange(next, 'mode');
          }}
          data={[
            { value: 'once', label: 'Once' },
            { value: 'interval', label: 'Every…' },
            { value: 'cron', label: 'Cron' },
          ]}
        />
      </div>
      {mode === 'interval' && (
        <Group gap="xs" grow align="flex-end">
          <NumberInput
            label="Every"
            withAsterisk
            min={1}
            value={amount}
            readOnly={readOnly}
            onChange={(v) => set({ intervalSeconds: Math.max(1, Number(v) || 1) * UNITS[unit] }, 'intervalSeconds')}
          />
          <Select
            label="Unit"
            value={unit}
            allowDeselect={false}
            readOnly={readOnly}
            data={Object.keys(UNITS)}
            onChange={(u) => u && set({ intervalSeconds: amount * UNITS[u as IntervalUnit] }, 'intervalSeconds')}
          />
        </Group>
      )}
      {mode === 'cron' ? (
        <CronFields config={config} set={set} readOnly={readOnly} />
      ) : (
        <>
          {startAt}
          <Text size="sm" c="dimmed" aria-live="polite">
            {describeSchedule(config)}
          </Text>
        </>
      )}
    </Stack>
  );
}
