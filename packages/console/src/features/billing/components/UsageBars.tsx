import { Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { ComponentLimit } from '@basalt/shared';
import { amount, barColor, share, usedOf } from './usage-format';

/**
 * The current plan's finite components as usage bars (orange from 80 %, red at 100 %). A plan
 * without finite limits says "No limits" plainly instead of empty meters.
 */
export function UsageBars({ components }: { components: ComponentLimit[] }) {
  const finite = components.filter((c) => c.limit !== null);
  if (finite.length === 0)
    return (
      <Text size="sm" data-testid="no-limits">
        No limits: this plan caps nothing.
      </Text>
    );
  return (
    <Stack gap="md" data-testid="usage-bars">
      {finite.map((c) => {
        const percent = share(c);
        return (
          <Stack key={c.component} gap={4} data-testid={`usage-${c.component}`}>
            <Group justify="space-between" gap="xs">
              <Group gap={6}>
                <Text size="sm" fw={500}>
                  {c.name}
                </Text>
                {!c.enforced && (
                  <Tooltip label="Shown for information: the platform does not refuse work over this limit yet">
                    <Badge size="xs" variant="light" color="gray">
                      not enforced
                    </Badge>
                  </Tooltip>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {c.usage === null
                  ? `not measured, limit ${amount(c.unit, c.limit ?? 0)}`
                  : usedOf(c.unit, c.usage, c.limit ?? 0)}
                {percent !== null && ` (${Math.round(percent)}%)`}
              </Text>
            </Group>
            <Progress
              value={Math.min(100, percent ?? 0)}
              color={barColor(percent ?? 0)}
              aria-label={`${c.name} used`}
              size="md"
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
