import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FileEntry } from '@basalt/shared';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { errorInfo } from '../../../lib/errors';
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
 * its name and says how many items go with it (CONSOLE.md §3.4).
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
            The folder and the {count} {count === 1 ? 'item' : 'items'} inside it are deleted for good. Links to them stop working.
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
    <Modal opened={!!entry && (!folder || size.isSuccess)} onClose={onClose} title={<Text fw={600}>{`Delete ${folder ? 'folder' : 'file'} ${entry?.name ?? ''}?`}</Text>}>
      <Stack gap="md">
        <Text size="sm">{folder ? 'The empty folder is removed.' : 'The file is deleted for good and its links stop working.'}</Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {errorInfo(error).message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
