import type { FileEntry } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { useFolderSize } from '../api/files.queries';

interface Props {
  appId: string;
  entry: FileEntry | undefined;
  onClose: () => void;
  onConfirm: () => void;
  loading?: boolean;
  error?: unknown;
}

/**
 * Deleting a file or an empty folder asks once, focus on Cancel; a folder with content asks for
 * its name and says how many items go with it (docs/console-screens.md › Confirmations).
 */
export function DeleteFileModal({ appId, entry, onClose, onConfirm, loading, error }: Props) {
  const folder = entry?.type === 'DIRECTORY';
  const size = useFolderSize(appId, folder ? entry?.path : undefined);
  const count = size.data ?? 0;

  if (entry && folder && count > 0) {
    return (
      <TypeToConfirmModal
        opened
        onClose={onClose}
        title={`Delete folder ${entry.name}?`}
        expected={entry.name}
        inputLabel="Type the folder name to confirm"
        consequences={
          <>
            The folder and the {count} {count === 1 ? 'item' : 'items'} inside it are deleted for good. Links to them
            stop working.
          </>
        }
        confirmLabel="Delete folder"
        onConfirm={onConfirm}
        loading={loading}
        error={error}
      />
    );
  }

  return (
    <ConfirmModal
      opened={!!entry && (!folder || size.isSuccess)}
      onClose={onClose}
      title={`Delete ${folder ? 'folder' : 'file'} ${entry?.name ?? ''}?`}
      confirmLabel="Delete"
      onConfirm={onConfirm}
      loading={loading}
      error={error}
    >
      {folder ? 'The empty folder is removed.' : 'The file is deleted for good and its links stop working.'}
    </ConfirmModal>
  );
}
