import { Link } from 'react-router';
import { Anchor, Badge, Card, Code, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useOperator, useServerStatus } from '../api/operator.queries';

const FEATURES: Array<{ id: string; name: string; off: string }> = [
  {
    id: 'billing',
    name: 'Billing',
    off: 'No plan limits (every app on the built-in unlimited plan), no payment profiles, no invoices.',
  },
  { id: 'marketplace', name: 'Marketplace', off: 'No products to browse, install or sell.' },
  { id: 'community', name: 'Community', off: 'No profiles, comments, reviews, votes or invitations.' },
  { id: 'gamification', name: 'Gamification', off: 'No missions, XP or badges; the top-bar badge is hidden.' },
];

function Switch({ on }: { on: boolean }) {
  return on ? (
    <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
      On
    </Badge>
  ) : (
    <Badge color="gray" variant="outline" leftSection={<IconX size={12} />}>
      Off
    </Badge>
  );
}

/**
 * Instance settings (decisions 0082, 0092): what the server runs with. Everything here comes from
 * its environment, read at start, so the page is read-only and says which variable to change.
 */
export default function SettingsPage() {
  const status = useServerStatus();
  const operator = useOperator();
  if (status.isPending || operator.isPending) return <Skeleton height={320} />;
  if (status.isError) return <ErrorAlert error={status.error} onRetry={() => void status.refetch()} />;
  if (operator.isError) return <ErrorAlert error={operator.error} onRetry={() => void operator.refetch()} />;
  const features = status.data.features ?? operator.data.features;

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        These settings come from the server&apos;s environment and are read when it starts: change the variable and
        restart the server. Nothing here can be changed from the console.
      </Text>
      <Card withBorder radius="md" padding="lg" data-testid="feature-switches">
        <Title order={3}>Feature switches</Title>
        <Text size="sm" c="dimmed" mb="sm">
          <Code>BASALT_FEATURES</Code> lists the areas that are on (unset: all on; <Code>none</Code>: all off). A
          switched-off area is hidden in the console and its routes answer 403 <Code>FEATURE_DISABLED</Code>.
        </Text>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={180}>Area</Table.Th>
              <Table.Th w={100}>State</Table.Th>
              <Table.Th>When it is off</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {FEATURES.map((f) => (
              <Table.Tr key={f.id} data-testid={`feature-${f.id}`}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {f.name}
                  </Text>
                  <Text className="mono" size="xs" c="dimmed">
                    {f.id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Switch on={features[f.id] !== false} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {f.off}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" padding="lg" data-testid="operators-rule">
          <Title order={3} mb="xs">
            Operators
          </Title>
          {operator.data.operatorsFrom === 'BASALT_ADMINS' ? (
            <Text size="sm">
              The accounts whose e-mail is listed in <Code>BASALT_ADMINS</Code> (comma-separated, any case).
            </Text>
          ) : (
            <Text size="sm">
              <Code>BASALT_ADMINS</Code> is empty, so the operator is the developer who registered first. List e-mails
              in <Code>BASALT_ADMINS</Code> to name the operators yourself.
            </Text>
          )}
        </Card>
        <Card withBorder radius="md" padding="lg" data-testid="server-facts">
          <Title order={3} mb="xs">
            Server
          </Title>
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={110}>
                Version
              </Text>
              <Text size="sm" className="mono">
                {status.data.version}
              </Text>
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={110}>
                Database
              </Text>
              <Text size="sm">{status.data.database === 'postgres' ? 'PostgreSQL' : 'SQLite'}</Text>
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={110}>
                Mail
              </Text>
              <Text size="sm">{status.data.mail === 'smtp' ? 'SMTP' : 'Server log only (no SMTP configured)'}</Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
                Plans
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {operator.data.plansSource === 'built-in'
                  ? 'Built-in (no BASALT_PLANS_FILE)'
                  : operator.data.plansSource}
              </Text>
            </Group>
          </Stack>
          <Anchor component={Link} to="/account/server" size="sm" mt="sm" display="inline-block">
            Licence and cluster nodes
          </Anchor>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
