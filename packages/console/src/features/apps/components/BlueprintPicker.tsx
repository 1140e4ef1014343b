import { Group, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { BlueprintSummary } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useBlueprints } from '../api/apps.queries';

/**
 * The shipped blueprints as cards (name, description, what the app starts with), one choosable at a
 * time: a radio group, so arrows move between cards and Space picks one.
 */
export function BlueprintPicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (id: string) => void;
  error?: string;
}) {
  const blueprints = useBlueprints(true);
  if (blueprints.isError) return <ErrorAlert error={blueprints.error} onRetry={() => void blueprints.refetch()} />;
  if (blueprints.isPending)
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={150} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (blueprints.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This server ships no blueprints. Start from a blank app instead.
      </Text>
    );
  return (
    <Radio.Group value={value} onChange={onChange} label="Blueprint" error={error} withAsterisk>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt={6}>
        {blueprints.data.map((b) => (
          <BlueprintCard key={b.id} blueprint={b} checked={value === b.id} />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

function BlueprintCard({ blueprint, checked }: { blueprint: BlueprintSummary; checked: boolean }) {
  return (
    <Radio.Card
      value={blueprint.id}
      radius="md"
      p="sm"
      aria-label={blueprint.name}
      style={{
        borderColor: checked ? 'var(--mantine-primary-color-filled)' : undefined,
        background: checked ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Radio.Indicator size="sm" mt={2} />
          <Text fw={600} size="sm">
            {blueprint.name}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {blueprint.description}
        </Text>
        <Stack
          gap={2}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={`${blueprint.name} creates`}
        >
          {blueprint.contains.map((line) => (
            <Group key={line} gap={4} wrap="nowrap" align="flex-start" component="li">
              <IconCheck
                size={14}
                stroke={1.5}
                color="var(--mantine-color-teal-6)"
                style={{ flexShrink: 0, marginTop: 2 }}
                aria-hidden
              />
              <Text size="xs">{line}</Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Radio.Card>
  );
}
