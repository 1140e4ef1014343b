import type { ReactNode } from 'react';
import { Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { saveFile, toCsv } from '../analytics-data';

export interface SectionTable {
  columns: string[];
  rows: Array<Array<string | number>>;
}

/**
 * One report: its title, a chart, the numbers under it as a table and a CSV download of them. An
 * empty report says what would fill it instead of drawing an empty chart.
 */
export function ChartSection({
  title,
  description,
  chart,
  table,
  csvName,
  error,
  onRetry,
  empty,
}: {
  title: string;
  description: string;
  chart: ReactNode;
  table: SectionTable;
  csvName: string;
  error?: unknown;
  onRetry?: () => void;
  empty?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" role="region" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} />}
            disabled={!table.rows.length}
            onClick={() => saveFile(`${csvName}.csv`, toCsv(table.columns, table.rows))}
          >
            Download CSV
          </Button>
        </Group>
        {error ? (
          <ErrorAlert error={error} onRetry={onRetry} />
        ) : empty ? (
          <Text size="sm" c="dimmed" py="xl" ta="center">
            {empty}
          </Text>
        ) : (
          <>
            {chart}
            <ScrollArea.Autosize mah={220}>
              <Table striped withTableBorder fz="sm" aria-label={`${title} table`}>
                <Table.Thead>
                  <Table.Tr>
                    {table.columns.map((c) => (
                      <Table.Th key={c}>{c}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.rows.map((row, i) => (
                    <Table.Tr key={i}>
                      {row.map((v, j) => (
                        <Table.Td key={j} className={typeof v === 'number' ? 'mono' : undefined}>
                          {v}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
      </Stack>
    </Paper>
  );
}
