import { ScrollArea, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';

const SKIP = new Set(['___class', '__meta', 'ownerId']);

const DATES = new Set(['created', 'updated']);

function cell(value: unknown, column: string): string {
  if (DATES.has(column) && typeof value === 'number') return formatDateTime(value);
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The first records a caller can read, in a plain table (only the columns they can see). */
export function RecordsPreview({ records, label }: { records: Array<Record<string, unknown>>; label: string }) {
  if (!records.length) return <Text size="sm" c="dimmed">No records to show.</Text>;
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))].filter((c) => !SKIP.has(c));
  return (
    <ScrollArea type="auto">
      <Table aria-label={label} withTableBorder verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r, i) => (
            <Table.Tr key={String(r.objectId ?? i)}>
              {columns.map((c) => (
                <Table.Td key={c} maw={240} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {cell(r[c], c)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
