import { notifications } from '@mantine/notifications';
import type { DataRelation, DataTable } from '@basalt/shared';
import type { DataRecord } from '@basalt/sdk';
import { useRemoveRelations, useUpdateRelations } from '../../../api/records.queries';
import { RelationPicker } from '../RelationPicker';
import { relatedIds } from './cell-values';

interface Props {
  appId: string;
  table: DataTable;
  record: DataRecord;
  relation: DataRelation;
  target: DataTable | undefined;
  onClose: () => void;
  /** After the server changed the relation: the grid reloads the row. */
  onChanged: () => void;
}

/**
 * The relation cell's inline editor: the record picker searching the target table. Picking
 * links through the relation set call (a one-to-one relation is replaced), "Set to null" unlinks
 * every current record. It stays open with the server's message when a call fails, so the cell
 * keeps its old value and nothing is lost.
 */
export function RelationCellEditor({ appId, table, record, relation, target, onClose, onChanged }: Props) {
  const update = useUpdateRelations(appId);
  const remove = useRemoveRelations(appId);
  const objectId = String(record.objectId);
  const currentIds = relatedIds(record[relation.name]);

  const done = (message: string) => {
    notifications.show({ color: 'teal', message });
    onChanged();
    onClose();
  };

  return (
    <RelationPicker
      appId={appId}
      relation={relation}
      target={target}
      currentIds={currentIds}
      opened
      onClose={onClose}
      saving={update.isPending}
      clearing={remove.isPending}
      error={update.error ?? remove.error}
      onSave={(ids) => {
        remove.reset();
        update.mutate({ table, column: relation.name, objectId, ids }, { onSuccess: () => done(`${relation.name} linked`) });
      }}
      onClear={() => {
        update.reset();
        remove.mutate({ table, column: relation.name, objectId, ids: currentIds }, { onSuccess: () => done(`${relation.name} set to null`) });
      }}
    />
  );
}
