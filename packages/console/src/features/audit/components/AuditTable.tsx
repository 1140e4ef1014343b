import { Code, Table, Text } from '@mantine/core';
import type { AuditLogEntry } from '@basalt/shared';
import { formatDateTime } from '../../../lib/format';

/** Audit entries, newest first. */
export function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="Audit log" verticalSpacing="xs" striped style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={180}>Time</Table.Th>
            <Table.Th>Developer</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Summary</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Text size="sm">{formatDateTime(e.created)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{e.actor}</Text>
              </Table.Td>
              <Table.Td>
                <Code>{e.action}</Code>
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" truncate title={e.target}>
                  {e.target}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{e.summary}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
