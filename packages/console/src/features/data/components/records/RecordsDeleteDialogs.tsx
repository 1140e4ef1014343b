import type { DataTable } from '@basalt/shared';
import { TypeToConfirmModal } from '../../../../components/TypeToConfirmModal';
import { useDeleteRecords } from '../../api/records.queries';
import { numberFormat } from '../../data-format';
import { DeleteRecordsModal } from './DeleteRecordsModal';

interface Props {
  appId: string;
  table: DataTable;
  /** The table's name as the URL gives it (shown in the confirmations). */
  tableName: string;
  /** Which confirmation is open: the selected records, every record, or none. */
  confirm: 'selected' | 'all' | null;
  selectedIds: string[];
  /** Records of the table, when counted (named in the "delete all" confirmation). */
  total: number | undefined;
  onClose: () => void;
  /** After a delete: how many records went, -1 for every record. */
  onDeleted: (n: number) => void;
}

/** The two ways to delete records: the selected ones, or every record after typing the table name. */
export function RecordsDeleteDialogs({ appId, table, tableName, confirm, selectedIds, total, onClose, onDeleted }: Props) {
  const remove = useDeleteRecords(appId);
  return (
    <>
      <DeleteRecordsModal
        opened={confirm === 'selected'}
        count={selectedIds.length}
        tableName={tableName}
        onClose={onClose}
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate({ table, ids: selectedIds }, { onSuccess: () => onDeleted(selectedIds.length) })}
      />
      <TypeToConfirmModal
        opened={confirm === 'all'}
        onClose={onClose}
        title={`Delete every record of ${tableName}?`}
        expected={tableName}
        inputLabel="Type the table name to confirm"
        consequences={`All ${total === undefined ? '' : `${numberFormat.format(total)} `}records of ${tableName} and their relation links are removed. The table and its columns stay.`}
        confirmLabel="Delete all records"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate({ table, ids: null }, { onSuccess: () => onDeleted(-1) })}
      />
    </>
  );
}
