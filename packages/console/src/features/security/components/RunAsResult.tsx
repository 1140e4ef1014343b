import { useState } from 'react';
import { Alert, Badge, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTable } from '@basalt/shared';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { RUN_AS_PAGE_SIZE, useRunAs, type RunAsIdentity } from '../api/run-as.queries';
import { DecisionBadge } from './DecisionBadge';
import { RecordsPreview } from './RecordsPreview';

const ROWS = { all: 'every record', none: 'no record', some: 'only the records their ACL or the owner policy opens' };

/** The server's answer for a role or a user: decisions per operation, hidden columns, readable records. */
export function RunAsResult({ appId, table, identity }: { appId: string; table: DataTable; identity: RunAsIdentity }) {
  const [page, setPage] = useState(0);
  const [whereText, setWhereText] = useState('');
  const [where] = useDebouncedValue(whereText.trim(), 400);
  const result = useRunAs(appId, table.name, identity, page, where);
  const who = identity.kind === 'role' ? identity.role.name : identity.label;
  const whereField = (
    <TextInput
      label="Where"
      placeholder="e.g. title LIKE 'a%'"
      value={whereText}
      onChange={(e) => {
        setWhereText(e.currentTarget.value);
        setPage(0);
      }}
      maw={420}
    />
  );
  if (result.isPending) return <PageSkeleton rows={4} />;
  if (result.isError) {
    return (
      <Stack gap="sm">
        {whereField}
        <Alert color="red" variant="light" title="The server refused this query" role="alert">
          <Text size="sm">{result.error.message}</Text>
        </Alert>
      </Stack>
    );
  }
  const a = result.data;
  const pages = Math.max(1, Math.ceil(a.totalRows / RUN_AS_PAGE_SIZE));
  return (
    <Stack gap="md">
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          Decided by the server as the app API would, with the roles
        </Text>
        {a.roles.map((r) => (
          <Badge key={r} variant="outline" color="gray" radius="sm">
            {r}
          </Badge>
        ))}
      </Group>
      <Table withTableBorder verticalSpacing={6} aria-label={`Operations on ${table.name} as ${who}`}>
        <Table.Tbody>
          {Object.entries(a.operations).map(([op, d]) => (
            <Table.Tr key={op}>
              <Table.Td w={170}>
                <DecisionBadge access={d.access} operation={op} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {d.rule}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        Find reaches {ROWS[a.rows]}.
        {a.hidden.length > 0 && (
          <>
            {' '}
            Hidden columns: <b>{a.hidden.join(', ')}</b>.
          </>
        )}
      </Text>
      {whereField}
      <Text size="sm">
        {a.totalRows} {a.totalRows === 1 ? 'record' : 'records'} readable
        {a.totalRows > RUN_AS_PAGE_SIZE ? `; page ${page + 1} of ${pages}` : ''}.
      </Text>
      <RecordsPreview
        records={a.records}
        dates={new Set(table.columns.filter((c) => c.dataType === 'DATETIME').map((c) => c.name))}
        label={`Records of ${table.name} as ${who}`}
      />
      {pages > 1 && (
        <Pagination
          value={page + 1}
          onChange={(p) => setPage(p - 1)}
          total={pages}
          size="sm"
          aria-label="Pages of records"
        />
      )}
    </Stack>
  );
}
