import { Code, Table, Text } from '@mantine/core';
import type { ActivityEntry } from '@basalt/shared';
import { formatDateTime } from '../../../lib/format';

/** The event's kind in one word: the `type` (or `action`) field most events carry. */
function kindOf(event: Record<string, unknown>): string {
  const kind = event.type ?? event.action ?? event.event;
  return typeof kind === 'string' && kind ? kind : 'EVENT';
}

/** The other fields as `key: value`, kept short in the cell; the full JSON is in the title. */
function detailsOf(event: Record<string, unknown>): string {
  return Object.entries(event)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' · ');
}

/** Console activity events of the app, newest first. */
export function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label="Console activity" verticalSpacing="xs" striped style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={180}>Time</Table.Th>
            <Table.Th w={260}>Developer</Table.Th>
            <Table.Th w={160}>Event</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Text size="sm">{formatDateTime(e.created)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={e.developer ? undefined : 'dimmed'}>
                  {e.developer || 'A former developer'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code>{kindOf(e.event)}</Code>
              </Table.Td>
              <Table.Td maw={420}>
                <Text size="sm" truncate title={JSON.stringify(e.event)}>
                  {detailsOf(e.event) || '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
