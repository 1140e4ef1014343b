import { Badge, Card, Group, RingProgress, Stack, Text, Tooltip } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import type { GameBadge, GameProgress } from '@basalt/shared';

/** The developer's level as a ring towards the next one, with XP, points and badges. */
export function LevelCard({ progress, badges }: { progress: GameProgress; badges: GameBadge[] }) {
  const { level, nextLevel, xp, points } = progress;
  const span = nextLevel ? nextLevel.xp - level.xp : 1;
  const percent = nextLevel ? Math.round(((xp - level.xp) / span) * 100) : 100;
  return (
    <Card withBorder radius="md" padding="lg" mb="lg">
      <Group justify="space-between" wrap="wrap" gap="lg">
        <Group gap="lg">
          <RingProgress
            size={92}
            thickness={8}
            roundCaps
            sections={[{ value: percent, color: 'indigo' }]}
            label={
              <Text ta="center" fw={700} size="xl" data-testid="missions-level">
                {level.level}
              </Text>
            }
          />
          <Stack gap={2}>
            <Text fw={600} size="lg">
              Level {level.level} · {level.title}
            </Text>
            <Text size="sm" c="dimmed" data-testid="missions-xp">
              {xp} XP{nextLevel ? ` · ${nextLevel.xp - xp} XP to level ${nextLevel.level}` : ' · top level'}
            </Text>
            <Text size="sm" c="dimmed" data-testid="missions-points">
              {points} points
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" aria-label="Badges">
          {badges.map((b) => (
            <Tooltip key={b.id} label={`${b.description}${b.earned ? '' : ' (not earned yet)'}`}>
              <Badge
                size="lg"
                variant={b.earned ? 'filled' : 'outline'}
                color={b.earned ? 'yellow' : 'gray'}
                leftSection={<IconAward size={14} stroke={1.5} />}
                data-earned={b.earned}
              >
                {b.title}
              </Badge>
            </Tooltip>
          ))}
        </Group>
      </Group>
    </Card>
  );
}
