import { Badge, Button, Card, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconLock } from '@tabler/icons-react';
import type { GameMapItem, GameTrivia } from '@basalt/shared';

/** One mission with its tasks, their progress and, once a task is done, its trivia bonus. */
export function MissionCard({
  mission,
  trivia,
  onTrivia,
}: {
  mission: GameMapItem;
  trivia: GameTrivia[];
  onTrivia: (t: GameTrivia) => void;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      id={`mission-${mission.id}`}
      data-testid={`mission-${mission.id}`}
      opacity={mission.unlocked ? 1 : 0.7}
    >
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{mission.title}</Text>
        {mission.completed ? (
          <Badge color="teal">Done</Badge>
        ) : mission.unlocked ? (
          <Badge variant="light">Open</Badge>
        ) : (
          <Badge color="gray" variant="light" leftSection={<IconLock size={12} />}>
            Locked
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {mission.description}
      </Text>
      <Stack gap="sm">
        {mission.tasks.map((t) => {
          const question = trivia.find((q) => q.taskId === t.id && !q.answered);
          return (
            <div key={t.id} data-testid={`task-${t.id}`} data-completed={t.completed}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap">
                  <ThemeIcon size="sm" radius="xl" variant="light" color={t.completed ? 'teal' : 'gray'}>
                    {t.completed ? <IconCircleCheck size={14} /> : <IconCircleDashed size={14} />}
                  </ThemeIcon>
                  <div>
                    <Text size="sm" fw={500}>
                      {t.title}
                      {t.social && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          (social)
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t.description}
                    </Text>
                  </div>
                </Group>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t.xp} XP · {t.points} pts
                </Text>
              </Group>
              {t.count > 1 && !t.completed && (
                <Progress
                  value={(t.progress / t.count) * 100}
                  size="xs"
                  mt={4}
                  aria-label={`${t.progress} of ${t.count}`}
                />
              )}
              {t.completed && question && (
                <Button size="compact-xs" variant="light" mt={4} onClick={() => onTrivia(question)}>
                  Trivia bonus ×{question.multiplier}
                </Button>
              )}
            </div>
          );
        })}
      </Stack>
    </Card>
  );
}
