import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Badge, Button, Group, ScrollArea, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader';
import { errorInfo } from '../../../lib/errors';
import {
  PAGE_SIZE,
  useConnectorCount,
  useConnectorRows,
  useConnectorTables,
  useConnectors,
} from '../api/data-connectors.queries';

function cell(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A connector table, read-only: its rows in a plain results table (the data grid edits the app's
 * own records and is not used here), a where-language filter, paging and the count.
 */
export default function ConnectorTablePage() {
  const { appId = '', connectorId = '', table = '' } = useParams();
  const [draft, setDraft] = useState('');
  const [where, setWhere] = useState('');
  const [page, setPage] = useState(0);
  const connectors = useConnectors(appId);
  const tables = useConnectorTables(appId, connectorId);
  const rows = useConnectorRows(appId, connectorId, table, where, page);
  const count = useConnectorCount(appId, connectorId, table, where);
  const connector = connectors.data?.find((c) => c.id === connectorId);
  const meta = tables.data?.find((t) => t.name === table);
  const columns = meta?.columns.map((c) => c.name) ?? Object.keys(rows.data?.[0] ?? {});
  const total = count.data;
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Stack gap="md" p="md">
      <PageHeader
        title={
          <Group gap="xs">
            <span>{table}</span>
            <Badge variant="light" color="grape">
              {connector ? `connector ${connector.name}` : 'connector'}
            </Badge>
            <Badge variant="outline" color="gray">
              read-only
            </Badge>
          </Group>
        }
        description={total === undefined ? 'Rows of an external table' : `${total} rows${where ? ' match' : ''}`}
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setPage(0);
          setWhere(draft.trim());
        }}
      >
        <Group gap="sm" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label="Where"
            placeholder="total > 30 and customer like 'A%'"
            leftSection={<IconSearch size={14} stroke={1.5} />}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            error={rows.error && errorInfo(rows.error).field === 'where' ? errorInfo(rows.error).message : undefined}
            classNames={{ input: 'mono' }}
          />
          <Button type="submit" variant="light">
            Apply
          </Button>
        </Group>
      </form>
      {rows.error && errorInfo(rows.error).field !== 'where' ? (
        <Alert color="red" variant="light" role="alert">
          {errorInfo(rows.error).message}
        </Alert>
      ) : null}
      {rows.isLoading ? (
        <Skeleton height={200} />
      ) : rows.data && rows.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="connector-rows-empty">
          {where ? 'No rows match this where clause.' : 'This table has no rows.'}
        </Text>
      ) : rows.data ? (
        <ScrollArea type="auto">
          <Table
            striped
            highlightOnHover
            withTableBorder
            withColumnBorders
            stickyHeader
            aria-label={`Rows of ${table}`}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c} className="mono">
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data.map((row, i) => (
                <Table.Tr key={i}>
                  {columns.map((c) => (
                    <Table.Td key={c} className="mono" c={row[c] === null ? 'dimmed' : undefined}>
                      {cell(row[c])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      ) : null}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Page {page + 1}
          {pages ? ` of ${pages}` : ''} · counts are kept 30 s
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={(rows.data?.length ?? 0) < PAGE_SIZE || (pages !== undefined && page + 1 >= pages)}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
