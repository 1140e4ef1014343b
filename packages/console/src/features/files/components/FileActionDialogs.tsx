import { notifications } from '@mantine/notifications';
import type { FileEntry } from '@basalt/shared';
import { NameModal } from '../../../components/NameModal';
import { useCopyFile, useDeleteFile, useMoveFile, useRenameFile } from '../api/files.queries';
import { nameProblem } from '../file-paths';
import { DeleteFileModal } from './DeleteFileModal';
import { MoveCopyModal } from './MoveCopyModal';

export type DialogAction = 'rename' | 'move' | 'copy' | 'delete';

interface Props {
  appId: string;
  dialog: { action: DialogAction; entry: FileEntry } | null;
  onClose: () => void;
  /** Tells the page where an entry went (or that it is gone), so an open preview can follow. */
  onChanged: (entry: FileEntry, next: { path: string } | null) => void;
}

const done = (message: string) => notifications.show({ color: 'green', message });

/** The dialogs of the per-file actions that need a question first. */
export function FileActionDialogs({ appId, dialog, onClose, onChanged }: Props) {
  const rename = useRenameFile(appId);
  const move = useMoveFile(appId);
  const copy = useCopyFile(appId);
  const remove = useDeleteFile(appId);
  const entry = dialog?.entry;
  const close = () => {
    rename.reset();
    move.reset();
    copy.reset();
    remove.reset();
    onClose();
  };

  return (
    <>
      <NameModal
        opened={dialog?.action === 'rename'}
        onClose={close}
        title={`Rename ${entry?.name ?? ''}`}
        label="New name"
        initial={entry?.name}
        confirmLabel="Rename"
        validate={nameProblem}
        selectStem
        loading={rename.isPending}
        error={rename.error}
        onSubmit={(name) => {
          if (!entry) return;
          if (name === entry.name) return close();
          rename.mutate(
            { filePath: entry.path, newName: name },
            {
              onSuccess: (result) => {
                done(`Renamed to ${name}`);
                onChanged(entry, { path: result?.path ?? entry.path.replace(/[^/]+$/, name) });
                close();
              },
            },
          );
        }}
      />
      <MoveCopyModal
        appId={appId}
        entry={dialog?.action === 'move' || dialog?.action === 'copy' ? entry : undefined}
        mode={dialog?.action === 'copy' ? 'copy' : 'move'}
        onClose={close}
        loading={move.isPending || copy.isPending}
        error={move.error ?? copy.error}
        onSubmit={(destination) => {
          if (!entry) return;
          const mutation = dialog?.action === 'copy' ? copy : move;
          mutation.mutate(
            { filePath: entry.path, destination },
            {
              onSuccess: (result) => {
                const where = destination === '/' ? 'the root' : destination.replace(/\/$/, '');
                done(`${dialog?.action === 'copy' ? 'Copied' : 'Moved'} ${entry.name} to ${where}`);
                if (dialog?.action === 'move')
                  onChanged(entry, { path: result?.path ?? `${destination}${entry.name}` });
                close();
              },
            },
          );
        }}
      />
      <DeleteFileModal
        appId={appId}
        entry={dialog?.action === 'delete' ? entry : undefined}
        onClose={close}
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (!entry) return;
          remove.mutate(
            { filePath: entry.path },
            {
              onSuccess: () => {
                done(`Deleted ${entry.name}`);
                onChanged(entry, null);
                close();
              },
            },
          );
        }}
      />
    </>
  );
}
