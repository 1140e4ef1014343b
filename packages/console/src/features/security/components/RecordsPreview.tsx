import { ScrollArea, Table, Text } from '@mantine/core';
import { formatDateTimeWithZone } from '../../data';

const SKIP = new Set(['___class', '__meta', 'ownerId']);

const DATES = new Set(['created', 'updated']);

function cell(value: unknown, column: string, dates: Set<string>): string {
  if ((DATES.has(column) || dates.has(column)) && typeof value === 'number') return formatDateTimeWithZone(value);
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The first records a caller can read, in a plain table (only the columns they can see). */
/** `dates` names the table's date columns, shown as dates with the time zone. */
export function RecordsPreview({
  records,
  label,
  dates = new Set(),
}: {
  records: Array<Record<string, unknown>>;
  label: string;
  dates?: Set<string>;
}) {
  if (!records.length)
    return (
      <Text size="sm" c="dimmed">
        No records to show.
      </Text>
    );
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
                <Table.Td
                  key={c}
                  maw={240}
                  style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  title={cell(r[c], c, dates).slice(0, 300)}
                >
                  {cell(r[c], c, dates)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
