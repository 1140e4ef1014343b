import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink, IconUnlink, IconX } from '@tabler/icons-react';
import type { DataRelation, DataTable } from '@basalt/shared';
import type { DataRecord } from '@basalt/sdk';
import { useRemoveRelations, useUpdateRelations } from '../../api/records.queries';
import { useGetTables } from '../../api/tables.queries';
import { errorInfo } from '../../../../lib/errors';
import { RelationPicker } from './RelationPicker';
import { recordLabel } from './cells/cell-values';

function relatedOf(value: unknown): DataRecord[] {
  if (Array.isArray(value)) return value as DataRecord[];
  return value && typeof value === 'object' ? [value as DataRecord] : [];
}

/** Per relation column: the related rows, Add through the picker, Remove, and an explicit "Set to null". */
export function RelationsTab({ appId, table, record, onChanged }: { appId: string; table: DataTable; record: DataRecord; onChanged: () => void }) {
  const { data: tables } = useGetTables(appId);
  const [picking, setPicking] = useState<DataRelation | null>(null);
  const update = useUpdateRelations(appId);
  const remove = useRemoveRelations(appId);
  const relations = [...table.relations, ...table.geoRelations];
  const objectId = String(record.objectId);

  if (relations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {table.name} has no relation columns. Add one in the schema to link records of another table.
      </Text>
    );
  }

  const unlink = (relation: DataRelation, ids: string[], what: string) =>
    remove.mutate(
      { table, column: relation.name, objectId, ids },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: what });
          onChanged();
        },
        onError: (err) => notifications.show({ color: 'red', title: 'Could not change the relation', message: errorInfo(err).message, autoClose: false }),
      },
    );

  return (
    <Stack gap="md">
      {relations.map((relation) => {
        const related = relatedOf(record[relation.name]);
        const target = tables?.find((t) => t.name === relation.toTableName);
        return (
          <Card key={relation.name} withBorder padding="sm" radius="md" component="section" aria-label={`Relation ${relation.name}`}>
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Group gap={8}>
                <Text fw={600} size="sm">
                  {relation.name}
                </Text>
                <Badge size="xs" variant="light">
                  → {relation.toTableName} · {relation.relationshipType === 'ONE_TO_MANY' ? 'one-to-many' : 'one-to-one'}
                </Badge>
              </Group>
              <Group gap={6}>
                <Button size="xs" variant="light" leftSection={<IconLink size={14} stroke={1.5} />} onClick={() => setPicking(relation)}>
                  {relation.relationshipType === 'ONE_TO_ONE' && related.length ? 'Change' : 'Add'}
                </Button>
                <Button size="xs" variant="default" leftSection={<IconUnlink size={14} stroke={1.5} />} disabled={related.length === 0} loading={remove.isPending}
                  onClick={() => unlink(relation, related.map((r) => String(r.objectId)), `${relation.name} set to null`)}>
                  Set to null
                </Button>
              </Group>
            </Group>
            {related.length === 0 ? (
              <Text size="sm" c="dimmed">
                null — no linked records
              </Text>
            ) : (
              <Stack gap={4}>
                {related.map((row) => (
                  <Group key={String(row.objectId)} justify="space-between" wrap="nowrap">
                    <Anchor component={Link} to={`/apps/${appId}/data/${encodeURIComponent(relation.toTableName)}?record=${encodeURIComponent(String(row.objectId))}`} size="sm">
                      {recordLabel(target, row)}
                    </Anchor>
                    <Tooltip label={`Remove from ${relation.name}`}>
                      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Remove ${recordLabel(target, row)} from ${relation.name}`}
                        onClick={() => unlink(relation, [String(row.objectId)], `Removed from ${relation.name}`)}>
                        <IconX size={14} stroke={1.5} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ))}
              </Stack>
            )}
          </Card>
        );
      })}
      {picking && (
        <RelationPicker
          appId={appId}
          relation={picking}
          target={tables?.find((t) => t.name === picking.toTableName)}
          currentIds={relatedOf(record[picking.name]).map((r) => String(r.objectId))}
          opened
          onClose={() => setPicking(null)}
          saving={update.isPending}
          error={update.error}
          onSave={(ids) =>
            update.mutate(
              { table, column: picking.name, objectId, ids },
              {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: `Linked to ${picking.name}` });
                  setPicking(null);
                  onChanged();
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}
