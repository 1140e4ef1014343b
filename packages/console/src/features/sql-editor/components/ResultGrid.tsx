import { ScrollArea, Table, Text } from '@mantine/core';

type Row = Record<string, unknown>;

function cell(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The rows of a select as a grid: columns in the order of the first row, NULLs dimmed. */
export function ResultGrid({ rows }: { rows: Row[] }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="sql-result-empty">
        The query answered no rows.
      </Text>
    );
  const columns = Object.keys(rows[0]);
  return (
    <ScrollArea.Autosize mah={480} type="auto">
      <Table striped highlightOnHover withTableBorder withColumnBorders stickyHeader aria-label="Query results">
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
          {rows.map((row, i) => (
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
    </ScrollArea.Autosize>
  );
}
