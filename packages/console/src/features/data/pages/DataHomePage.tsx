import { Link, useParams } from 'react-router';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconDatabase, IconLock, IconPlus } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useGetRecordsCountForTables, useGetTables } from '../api/tables.queries';
import { numberFormat } from '../data-format';
import { requestNewTable } from '../new-table-signal';

/** `/data`: every table with its columns and record count; the first-table call to action when only Users exists. */
export default function DataHomePage() {
  const { appId = '' } = useParams();
  const { data: tables, isLoading, error, refetch } = useGetTables(appId);
  const { data: counts } = useGetRecordsCountForTables(appId, tables);
  const openNew = requestNewTable;

  if (isLoading) return <Stack p="lg"><PageSkeleton rows={5} /></Stack>;
  return (
    <Stack p="lg" gap="md">
      <PageHeader
        title="Data"
        description={tables ? `${tables.length} table${tables.length === 1 ? '' : 's'}` : undefined}
        actions={<Button leftSection={<IconPlus size={18} stroke={1.5} />} onClick={openNew}>New table</Button>}
      />
      {error ? <ErrorAlert error={error} onRetry={() => void refetch()} /> : null}
      {tables && tables.every((t) => t.system) && (
        <Card withBorder padding="lg">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={40} radius="xl"><IconDatabase size={20} stroke={1.5} /></ThemeIcon>
            <Stack gap={6}>
              <Text fw={600}>Create your first table</Text>
              <Text size="sm" c="dimmed">Tables hold your app’s records. Model them here, then read and write them from your app.</Text>
              <Group><Button size="xs" onClick={openNew}>New table</Button></Group>
            </Stack>
          </Group>
        </Card>
      )}
      {tables && (
        <Table highlightOnHover verticalSpacing={6} aria-label="Tables">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Table</Table.Th>
              <Table.Th>Columns</Table.Th>
              <Table.Th>Relations</Table.Th>
              <Table.Th ta="right">Records</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tables.map((t) => (
              <Table.Tr key={t.tableId}>
                <Table.Td>
                  <Group gap={6}>
                    {t.system && <IconLock size={14} stroke={1.5} aria-label="System table" />}
                    <Anchor component={Link} to={`/apps/${appId}/data/${encodeURIComponent(t.name)}`} fw={500} size="sm">{t.name}</Anchor>
                  </Group>
                </Table.Td>
                <Table.Td><Text size="sm">{t.columns.filter((c) => !c.system).length} own · {t.columns.length} in all</Text></Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {[...t.relations, ...t.geoRelations].map((r) => <Badge key={r.name} variant="light" size="sm" tt="none">{r.name} → {r.toTableName}</Badge>)}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{counts?.[t.name] !== undefined ? numberFormat.format(counts[t.name]) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
