import { useCallback, useState } from 'react';
import { notifications } from '@mantine/notifications';
import type { EditableGridCell } from '@glideapps/glide-data-grid';
import type { DataRelation, DataTable } from '@basalt/shared';
import type { DataRecord } from '@basalt/sdk';
import { useUpdateRecord } from '../../api/records.queries';
import { errorInfo } from '../../../../lib/errors';
import { fieldName, valueFromEdit, type GridField } from './RecordsGrid.utils';
import type { useRecordWindows } from './useRecordWindows';

export interface RelationEdit {
  record: DataRecord;
  relation: DataRelation;
  target: DataTable | undefined;
}

/**
 * Saving of inline grid edits. Scalar cells are optimistic: the cell shows the new value at once
 * and rolls back, with the server's message, when the save fails. Relation cells open the picker,
 * which waits for the server instead.
 */
export function useInlineEdits(appId: string, table: DataTable | undefined, windows: ReturnType<typeof useRecordWindows>) {
  const update = useUpdateRecord(appId);
  const [relationEdit, setRelationEdit] = useState<RelationEdit | null>(null);

  const onCellEdit = useCallback(
    (row: number, field: GridField, cell: EditableGridCell) => {
      const record = windows.getRecord(row);
      if (!table || !record || field.kind !== 'column') return;
      const result = valueFromEdit(field.column, cell);
      if ('error' in result) {
        notifications.show({ color: 'red', title: 'Not saved', message: result.error });
        return;
      }
      const name = fieldName(field);
      // A click outside an editor that changed nothing must not write (nor bump `updated`).
      if (Object.is(record[name] ?? null, result.value ?? null)) return;
      const before = record;
      windows.patchRecord(row, { ...record, [name]: result.value });
      update.mutate(
        { table, record: { objectId: record.objectId, [name]: result.value } },
        {
          // The saved record carries the new `updated`, which lets live events older than it be ignored.
          onSuccess: (saved) => {
            const shown = windows.getRecord(row);
            if (saved && shown?.objectId === record.objectId) windows.patchRecord(row, { ...shown, ...saved });
          },
          onError: (err) => {
            windows.patchRecord(row, before);
            notifications.show({ color: 'red', title: `Could not save ${name}`, message: errorInfo(err).message, autoClose: false });
          },
        },
      );
    },
    [table, windows, update],
  );

  const onEditRelation = useCallback(
    (row: number, field: GridField) => {
      const record = windows.getRecord(row);
      if (record?.objectId && field.kind === 'relation') setRelationEdit({ record, relation: field.relation, target: field.target });
    },
    [windows],
  );

  return { onCellEdit, onEditRelation, relationEdit, closeRelationEdit: () => setRelationEdit(null) };
}
