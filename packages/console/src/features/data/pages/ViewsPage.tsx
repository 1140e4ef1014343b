import { Link, useParams } from 'react-router';
import { Anchor, Badge, Button, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useGetViews } from '../api/views.queries';

/** Saved views of the app, with their source table, filter and grouping. */
export default function ViewsPage() {
  const { appId = '' } = useParams();
  const { data: views, isLoading, error, refetch } = useGetViews(appId);
  const base = `/apps/${appId}/data/-/views`;
  return (
    <Stack p="lg" gap="md">
      <PageHeader title="Views" description="Saved selections over a table" actions={<Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={18} stroke={1.5} />}>New view</Button>} />
      {error ? <ErrorAlert error={error} onRetry={() => void refetch()} /> : null}
      {isLoading ? <PageSkeleton rows={3} /> : views && views.length === 0 ? (
        <Text size="sm" c="dimmed">No views yet. A view keeps a table’s columns, where filter and grouping under one name.</Text>
      ) : (
        <Table highlightOnHover verticalSpacing={6} aria-label="Views">
          <Table.Thead><Table.Tr><Table.Th>View</Table.Th><Table.Th>Table</Table.Th><Table.Th>Where</Table.Th><Table.Th>Group by</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {(views ?? []).map((v) => (
              <Table.Tr key={v.viewId}>
                <Table.Td><Anchor component={Link} to={`${base}/${encodeURIComponent(v.viewId)}`} size="sm" fw={500}>{v.name}</Anchor></Table.Td>
                <Table.Td><Text size="sm">{v.tableName}</Text></Table.Td>
                <Table.Td><Text size="sm" className="mono" c={v.where ? undefined : 'dimmed'}>{v.where ?? '—'}</Text></Table.Td>
                <Table.Td>{v.groupBy.map((g) => <Badge key={g} variant="light" tt="none" size="sm">{g}</Badge>)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
