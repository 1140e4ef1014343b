import { Group, Progress, Text } from '@mantine/core';
import type { LifecycleProcess } from '../lifecycle-types';

/** A running or finished process inside its card: a bar, how far, and its stage or error. */
export function ProcessProgress({ process, label }: { process: LifecycleProcess; label: string }) {
  const failed = process.status === 'FAILED';
  const done = process.status === 'DONE';
  const value = done ? 100 : Math.round(process.progress);
  return (
    <div>
      <Progress
        value={value}
        color={failed ? 'red' : done ? 'green' : undefined}
        striped={!done && !failed}
        animated={!done && !failed}
        aria-label={label}
      />
      <Group justify="space-between" mt={4} gap="sm" wrap="nowrap">
        <Text size="xs" c={failed ? 'red' : 'dimmed'} truncate="end">
          {failed ? process.error || 'It failed' : done ? 'Done' : process.stage || 'Working…'}
        </Text>
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}%
        </Text>
      </Group>
    </div>
  );
}
