import { ConfirmModal } from '../../../../components/ConfirmModal';

interface Props {
  opened: boolean;
  count: number;
  tableName: string;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
  error?: unknown;
}

/** "Delete 3 records from Orders?" — names the count and the table. */
export function DeleteRecordsModal({ opened, count, tableName, onClose, onConfirm, loading, error }: Props) {
  const noun = count === 1 ? 'record' : 'records';
  return (
    <ConfirmModal opened={opened} title={`Delete ${count} ${noun} from ${tableName}?`} confirmLabel={`Delete ${count} ${noun}`} onClose={onClose} onConfirm={onConfirm} loading={loading} error={error}>
      The {noun} and {count === 1 ? 'its' : 'their'} relation links are removed for good. Related records in other tables stay.
    </ConfirmModal>
  );
}
