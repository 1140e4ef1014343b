import { Badge, Code, Table, Text } from '@mantine/core';
import type { SchemaRow } from '../doc-model';

/** The fields of a schema: name, type, whether required, and what the type means where it is not plain. */
export function SchemaTable({ rows, label }: { rows: SchemaRow[]; label: string }) {
  if (!rows.length) return null;
  return (
    <Table aria-label={label} striped withTableBorder verticalSpacing={6} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="24%">Field</Table.Th>
          <Table.Th w="22%">Type</Table.Th>
          <Table.Th w="10%">Required</Table.Th>
          <Table.Th>About</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.name}>
            <Table.Td>
              <Code>{r.name}</Code>
            </Table.Td>
            <Table.Td>
              <Text ff="monospace" fz="xs">
                {r.type}
              </Text>
            </Table.Td>
            <Table.Td>
              {r.required ? (
                <Badge size="xs" variant="light">
                  required
                </Badge>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Text fz="xs" c="dimmed">
                {r.description}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
