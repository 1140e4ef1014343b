import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { LicenseInfo, StatusInfo } from '@basalt/shared';
import { formatDateTime } from '../../../lib/format';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** "12 s ago" for a heartbeat; the exact time is in the tooltip. */
function ago(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 90) return `${s} s ago`;
  return `${Math.round(s / 60)} min ago`;
}

/** Version, database, mail, areas and the cluster's nodes as the server reports them (read-only). */
export function InstanceCard({ license, status }: { license: LicenseInfo; status?: StatusInfo }) {
  const now = Date.now();
  const areas = status ? Object.values(status.areas) : [];
  const built = areas.filter((a) => a === 'available').length;
  const partial = areas.filter((a) => a === 'partial').length;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="instance-title">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} id="instance-title">
            Instance
          </Title>
          {status && (
            <Badge variant="light" color={status.ready ? 'teal' : 'orange'} radius="sm">
              {status.ready ? 'Ready' : 'Starting'}
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          <Field label="Version">
            <Text span className="mono" size="sm">
              {license.version}
            </Text>
          </Field>
          <Field label="Database">{license.database === 'postgres' ? 'PostgreSQL' : 'SQLite'}</Field>
          <Field label="Mail">
            {status ? (status.mail === 'smtp' ? 'SMTP' : 'Server log only (no SMTP_URL)') : '—'}
          </Field>
          <Field label="Areas">
            {status ? `${built} of ${areas.length} available${partial ? `, ${partial} partly` : ''}` : '—'}
          </Field>
          <Field label="Cluster">{license.cluster.shared ? 'Shared through Redis' : 'Single process (no Redis)'}</Field>
        </SimpleGrid>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label="Cluster nodes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Node</Table.Th>
                <Table.Th>Process</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Started</Table.Th>
                <Table.Th>Last seen</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {license.cluster.nodes.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">
                      No node has reported in the last minute.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                license.cluster.nodes.map((n) => (
                  <Table.Tr key={n.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">{n.host}</Text>
                        {n.self && (
                          <Badge variant="light" color="indigo" radius="sm" size="sm">
                            This node
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" className="mono">
                        pid {n.pid}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" className="mono">
                        {n.version}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(n.started)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={formatDateTime(n.lastSeen)}>
                        <Text size="sm" span>
                          {ago(n.lastSeen, now)}
                        </Text>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
