import { Accordion, Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useGamificationContent } from '../api/operator.queries';

/**
 * Gamification content (decision 0083), read-only: the packs with their missions and tasks, and
 * the levels. The content ships with the server and is checked when it starts; the console shows it
 * so the operator knows what developers are asked to do.
 */
export default function GamificationPage() {
  const content = useGamificationContent();
  if (content.isPending) return <Skeleton height={320} />;
  if (content.isError) return <ErrorAlert error={content.error} onRetry={() => void content.refetch()} />;
  const { packs, levels } = content.data;

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        The missions content ships with the server and is checked when it starts. It is read-only here.
      </Text>
      {packs.map((pack) => (
        <Card key={pack.id} withBorder radius="md" padding="lg" data-testid={`pack-${pack.id}`}>
          <Group justify="space-between" mb="xs">
            <div>
              <Title order={3}>{pack.title}</Title>
              <Text size="sm" c="dimmed">
                {pack.description}
              </Text>
            </div>
            <Text size="sm" c="dimmed">
              {pack.missions} missions · {pack.tasks} tasks
            </Text>
          </Group>
          <Accordion multiple variant="separated" radius="md">
            {pack.items.map((m) => (
              <Accordion.Item key={m.id} value={m.id}>
                <Accordion.Control>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {m.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {m.tasks.length} task{m.tasks.length === 1 ? '' : 's'}
                      {m.requires.length > 0 && ` · after ${m.requires.join(', ')}`}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm" c="dimmed" mb="xs">
                    {m.description}
                  </Text>
                  <Table verticalSpacing={6}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Task</Table.Th>
                        <Table.Th>Counts</Table.Th>
                        <Table.Th ta="right">XP</Table.Th>
                        <Table.Th ta="right">Points</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {m.tasks.map((t) => (
                        <Table.Tr key={t.id}>
                          <Table.Td>
                            <Group gap={6}>
                              <Text size="sm">{t.title}</Text>
                              {t.social && (
                                <Badge size="xs" variant="outline" color="gray">
                                  social
                                </Badge>
                              )}
                              {t.triviaId && (
                                <Badge size="xs" variant="outline" color="violet">
                                  trivia
                                </Badge>
                              )}
                            </Group>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">
                              {t.count} × <span className="mono">{t.event}</span>
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">{t.xp}</Table.Td>
                          <Table.Td ta="right">{t.points}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Card>
      ))}
      <Card withBorder radius="md" padding="lg" data-testid="levels">
        <Title order={3} mb="xs">
          Levels
        </Title>
        <Group gap="xs">
          {levels.map((l) => (
            <Badge key={l.level} variant="light" color="indigo" size="lg" tt="none">
              {l.level}. {l.title} · {l.xp} XP
            </Badge>
          ))}
        </Group>
      </Card>
    </Stack>
  );
}
