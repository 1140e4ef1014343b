import { Button, Group, ScrollArea, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { CsvImportResult } from '@basalt/shared';
import { numberFormat } from '../../data-format';

interface Props {
  result: CsvImportResult;
  onDownload: () => void;
  /** "would be rejected" before writing, "were rejected" after. */
  verb: string;
}

/** The rows the server refused, with the file line, the column and why; downloadable as CSV. */
export function ImportRejectedRows({ result, onDownload, verb }: Props) {
  if (result.rejectedTotal === 0) return null;
  const listed = result.rejected.length;
  return (
    <section aria-label="Rejected rows">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          {numberFormat.format(result.rejectedTotal)} row{result.rejectedTotal === 1 ? '' : 's'} {verb}
          {listed < result.rejectedTotal ? ` (the first ${numberFormat.format(listed)} are listed)` : ''}
        </Text>
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} stroke={1.5} />} onClick={onDownload}>
          Download rejected rows
        </Button>
      </Group>
      <ScrollArea.Autosize mah={220}>
        <Table verticalSpacing={4} striped aria-label="Rows that fail">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Line</Table.Th>
              <Table.Th w={140}>Column</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.rejected.map((r, i) => (
              <Table.Tr key={`${r.row}-${i}`}>
                <Table.Td className="mono">{r.row}</Table.Td>
                <Table.Td className="mono">{r.column ?? '—'}</Table.Td>
                <Table.Td>{r.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </section>
  );
}
