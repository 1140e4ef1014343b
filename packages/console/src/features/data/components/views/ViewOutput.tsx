import { useState } from 'react';
import { Button, Card, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import type { DataView } from '@basalt/shared';
import { loadViewGroupRecords, useViewGroupCount, useViewGroups, useViewRecords, type ViewGroup } from '../../api/views.queries';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { PageSkeleton } from '../../../../components/PageSkeleton';
import type { DataTable } from '@basalt/shared';
import { formatDateTimeWithZone, whereLiteral } from '../../data-format';
import { useTable } from '../../api/tables.queries';

type Row = Record<string, unknown>;

/** Names of a table's date columns (created and updated included): their epoch values show as dates. */
export function dateColumnsOf(table: DataTable | undefined): Set<string> {
  return new Set((table?.columns ?? []).filter((c) => c.dataType === 'DATETIME').map((c) => c.name));
}

function cellText(value: unknown, isDate = false): string {
  if (value === null || value === undefined) return '';
  if (isDate && typeof value === 'number') return formatDateTimeWithZone(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const LONG = 300;

export function RecordsTable({ rows, columns, label, dates = new Set() }: { rows: Row[]; columns: string[]; label: string; dates?: Set<string> }) {
  const shown = columns.length ? columns : Object.keys(rows[0] ?? {}).filter((k) => k !== '___class');
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing={4} fz="sm" aria-label={label} striped>
        <Table.Thead><Table.Tr>{shown.map((c) => <Table.Th key={c}>{c}</Table.Th>)}</Table.Tr></Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={String(r.objectId ?? i)}>
              {shown.map((c) => {
                const text = cellText(r[c], dates.has(c));
                // Long values are cut to one line; the tooltip holds the start of the whole value.
                return (
                  <Table.Td key={c}>
                    <Text size="sm" truncate maw={260} title={text.length > 30 ? (text.length > LONG ? `${text.slice(0, LONG)}…` : text) : undefined}>{text}</Text>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One group: its first 5 records, "more" loads the next 5 through the view with the group's value as a filter. */
function GroupCard({ appId, view, group, dates }: { appId: string; view: DataView; group: ViewGroup; dates: Set<string> }) {
  const [extra, setExtra] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const column = view.groupBy[0];
  const rows = [...group.records, ...extra];
  const more = async () => {
    setLoading(true);
    try {
      const where = group.value === null ? `${column} is null` : `${column} = ${whereLiteral(group.value)}`;
      setExtra([...extra, ...(await loadViewGroupRecords(appId, view, where, rows.length))]);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Card withBorder padding="sm" component="section" aria-label={`Group ${cellText(group.value) || 'null'}`}>
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">{column} = {group.value === null ? 'null' : cellText(group.value, dates.has(column))}</Text>
        <Text size="xs" c="dimmed">{group.count} record{group.count === 1 ? '' : 's'}</Text>
      </Group>
      <RecordsTable rows={rows} columns={view.columns} dates={dates} label={`Records of group ${cellText(group.value)}`} />
      {rows.length < group.count && <Button size="xs" variant="subtle" mt={4} onClick={() => void more()} loading={loading}>More records ({group.count - rows.length} left)</Button>}
    </Card>
  );
}

/** A saved view's output: grouped (5 groups a page, 5 records a group) or a plain paged list. */
export function ViewOutput({ appId, view }: { appId: string; view: DataView }) {
  const grouped = view.groupBy.length > 0;
  const [offset, setOffset] = useState(0);
  const groups = useViewGroups(appId, view, offset);
  const groupCount = useViewGroupCount(appId, view);
  const records = useViewRecords(appId, grouped ? undefined : view, offset);
  const { table } = useTable(appId, view.tableName);
  const dates = dateColumnsOf(table);

  if (grouped) {
    if (groups.error) return <ErrorAlert error={groups.error} onRetry={() => void groups.refetch()} />;
    if (!groups.data) return <PageSkeleton rows={3} />;
    const total = groupCount.data ?? 0;
    return (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{total} group{total === 1 ? '' : 's'} by {view.groupBy.join(', ')}</Text>
        {groups.data.groups.map((g) => <GroupCard key={`${offset}-${cellText(g.value)}`} appId={appId} view={view} group={g} dates={dates} />)}
        {total > 5 && <Pagination total={Math.ceil(total / 5)} value={offset / 5 + 1} onChange={(p) => setOffset((p - 1) * 5)} size="sm" aria-label="Group pages" />}
      </Stack>
    );
  }
  if (records.error) return <ErrorAlert error={records.error} onRetry={() => void records.refetch()} />;
  if (!records.data) return <PageSkeleton rows={3} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">{records.data.total} record{records.data.total === 1 ? '' : 's'}</Text>
      <RecordsTable rows={records.data.data} columns={view.columns} dates={dates} label={`Records of ${view.name}`} />
      {records.data.total > 15 && <Pagination total={Math.ceil(records.data.total / 15)} value={offset / 15 + 1} onChange={(p) => setOffset((p - 1) * 15)} size="sm" />}
    </Stack>
  );
}
