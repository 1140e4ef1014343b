import { Badge, Group, Table, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { DataTable } from '@basalt/shared';
import { TYPE_LABELS } from '../../data-format';
import { isRelation, type SchemaColumn } from './column-changes';
import { EditDeleteActions } from '../../../../components/EditDeleteActions';
import { useDataValidators } from '../../api/tables.queries';

function Flag({ on, label }: { on: boolean; label: string }) {
  return on ? <IconCheck size={16} stroke={1.5} aria-label={label} color="var(--mantine-color-teal-filled)" /> : <Text span c="dimmed" aria-label={`not ${label}`}>—</Text>;
}

/** The schema's column table: name, type badge, constraints, default; relations show target and cardinality. */
export function ColumnsTable({ table, onEdit, onDelete }: { table: DataTable; onEdit: (c: SchemaColumn) => void; onDelete: (c: SchemaColumn) => void }) {
  const rows: SchemaColumn[] = [...table.columns, ...table.relations, ...table.geoRelations];
  const { data: validators } = useDataValidators();
  // A predefined validator shows by its title; a custom one by its expression.
  const validatorLabel = (regex: string) => validators?.find((v) => v.regex === regex)?.title ?? regex;
  return (
    <Table highlightOnHover verticalSpacing={6} aria-label={`Columns of ${table.name}`} stickyHeader>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th ta="center">Required</Table.Th>
          <Table.Th ta="center">Unique</Table.Th>
          <Table.Th ta="center">Indexed</Table.Th>
          <Table.Th>Default</Table.Th>
          <Table.Th>Validator</Table.Th>
          <Table.Th w={80}><span className="visually-hidden">Actions</span></Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((c) => {
          const relation = isRelation(c);
          const system = !relation && c.system;
          return (
            <Table.Tr key={c.columnId}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text className="mono" size="sm" fw={500}>{c.name}</Text>
                  {system && <Badge size="xs" variant="default" tt="none">system</Badge>}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Badge variant="light" color={relation ? 'violet' : 'indigo'} tt="none" radius="sm">{TYPE_LABELS[c.dataType] ?? c.dataType}</Badge>
                  {relation && (
                    <Text size="xs" c="dimmed">→ {c.toTableName} · {c.relationshipType === 'ONE_TO_MANY' ? 'one-to-many' : 'one-to-one'}</Text>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ta="center"><Flag on={c.required} label="required" /></Table.Td>
              <Table.Td ta="center">{relation ? <Text span c="dimmed">—</Text> : <Flag on={c.unique} label="unique" />}</Table.Td>
              <Table.Td ta="center">{relation ? <Text span c="dimmed">—</Text> : <Flag on={c.indexed} label="indexed" />}</Table.Td>
              <Table.Td><Text size="sm" className="mono" c={!relation && c.defaultValue != null ? undefined : 'dimmed'}>{!relation && c.defaultValue != null ? String(c.defaultValue) : '—'}</Text></Table.Td>
              <Table.Td><Text size="sm" className="mono" c={!relation && c.customRegex ? undefined : 'dimmed'} lineClamp={1} maw={220} title={!relation && c.customRegex ? c.customRegex : undefined}>{!relation && c.customRegex ? validatorLabel(c.customRegex) : '—'}</Text></Table.Td>
              <Table.Td>
                {!system && (
                  <EditDeleteActions what={`column ${c.name}`} editTip="Edit column" deleteTip="Delete column" onEdit={() => onEdit(c)} onDelete={() => onDelete(c)} />
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
