import { useCallback, useRef, useState } from 'react';
import { Box, Button, Group, Textarea } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFilePlus, IconFolderPlus, IconFolderUp, IconUpload } from '@tabler/icons-react';
import type { FileEntry } from '@basalt/shared';
import { NameModal } from '../../../components/NameModal';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import { useCreateDir, useCreateFile, useLoadDirectory, usePerformOperation } from '../api/files.queries';
import { baseName, downloadUrl, joinPath, nameProblem, parentOf } from '../file-paths';
import { useFilesLocation } from '../hooks/useFilesLocation';
import { useOpenEntry } from '../hooks/useOpenEntry';
import { useUploadQueue } from '../hooks/useUploadQueue';
import { ConflictModal } from '../components/ConflictModal';
import { FileActionDialogs, type DialogAction } from '../components/FileActionDialogs';
import { FileList } from '../components/FileList';
import type { FileAction } from '../components/FileRowMenu';
import { FilesDropzone } from '../components/FilesDropzone';
import { FilesEmptyState } from '../components/FilesEmptyState';
import { FilesToolbar, toGlob } from '../components/FilesToolbar';
import { PathBar } from '../components/PathBar';
import { PreviewPanel } from '../components/PreviewPanel';
import { UploadPanel } from '../components/UploadPanel';

export default function FilesPage() {
  const loc = useFilesLocation();
  const { appId, folder, query } = loc;
  const listing = useLoadDirectory(appId, folder, { ...query, pattern: toGlob(query.pattern ?? '') });
  const entries = listing.data?.pages.flatMap((p) => p.data) ?? [];
  const total = listing.data?.pages[0]?.totalRows;
  const openEntry = useOpenEntry(appId, folder, loc.open, entries);

  const uploads = useUploadQueue(appId);
  const openPicker = useRef<(() => void) | null>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [creating, setCreating] = useState<'folder' | 'file' | null>(null);
  // First content of a new text file; every new file starts empty.
  const [content, setContent] = useState('');
  const startCreating = (kind: 'folder' | 'file') => {
    setContent('');
    setCreating(kind);
  };
  const [dialog, setDialog] = useState<{ action: DialogAction; entry: FileEntry } | null>(null);
  const createDir = useCreateDir(appId);
  const createFile = useCreateFile(appId);
  const operation = usePerformOperation(appId);

  const upload = () => openPicker.current?.();
  const onAction = useCallback(
    (action: FileAction, entry: FileEntry) => {
      if (action === 'open') {
        if (entry.type === 'DIRECTORY') loc.goTo(entry.path);
        else loc.setOpen(entry.name);
      } else if (action === 'download') {
        window.location.assign(downloadUrl(appId, entry.path));
      } else if (action === 'zip' || action === 'unzip') {
        const id = notifications.show({
          loading: true,
          autoClose: false,
          message: action === 'zip' ? `Zipping ${entry.name}…` : `Unzipping ${entry.name}…`,
        });
        operation.mutate(
          { filePath: entry.path, operation: action },
          {
            onSuccess: (result) =>
              notifications.update({
                id,
                loading: false,
                color: 'green',
                autoClose: 4000,
                message:
                  action === 'zip'
                    ? `Zipped ${entry.name} into ${result?.name ?? `${entry.name}.zip`}`
                    : `Unzipped ${entry.name}`,
              }),
            onError: (err) =>
              notifications.update({
                id,
                loading: false,
                color: 'red',
                autoClose: false,
                withCloseButton: true,
                title: `Could not ${action} ${entry.name}`,
                message: errorInfo(err).message,
              }),
          },
        );
      } else setDialog({ action, entry });
    },
    [appId, loc, operation],
  );

  useHotkeys([
    ['mod+U', upload],
    ['Backspace', () => folder && loc.goTo(parentOf(folder))],
    ['F2', () => openEntry && onAction('rename', openEntry)],
    ['Delete', () => openEntry && onAction('delete', openEntry)],
  ]);

  // When the open file is renamed, moved or deleted, the preview follows it or closes.
  const onChanged = (entry: FileEntry, next: { path: string } | null) => {
    if (entry.name !== loc.open) return;
    if (next && parentOf(next.path) === folder) loc.setOpen(baseName(next.path));
    else loc.setOpen(undefined);
  };

  const empty = listing.isSuccess && entries.length === 0;

  return (
    <>
      <PageHeader
        title="Files"
        description="Your app's file storage: browse, preview, edit and share files."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconFolderPlus size={18} stroke={1.5} />}
              onClick={() => startCreating('folder')}
            >
              New folder
            </Button>
            <Button
              variant="default"
              leftSection={<IconFilePlus size={18} stroke={1.5} />}
              onClick={() => startCreating('file')}
            >
              New file
            </Button>
            <Button
              variant="default"
              leftSection={<IconFolderUp size={18} stroke={1.5} />}
              onClick={() => folderInput.current?.click()}
            >
              Upload folder
            </Button>
            <Button leftSection={<IconUpload size={18} stroke={1.5} />} onClick={upload}>
              Upload files
            </Button>
          </>
        }
      />
      {/* Folder picking needs the non-standard webkitdirectory attribute; the button above opens it. */}
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        aria-label="Upload folder"
        {...{ webkitdirectory: '', directory: '' }}
        onChange={(e) => {
          uploads.add(Array.from(e.currentTarget.files ?? []), folder);
          e.currentTarget.value = '';
        }}
      />
      <PathBar folder={folder} folderUrl={loc.folderUrl} onGo={loc.goTo} />
      <UploadPanel queue={uploads} />
      <FilesToolbar
        pattern={query.pattern ?? ''}
        onPattern={loc.setPattern}
        total={total}
        fetching={listing.isFetching && !listing.isFetchingNextPage}
      />
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <FilesDropzone folder={folder} onFiles={(files) => uploads.add(files, folder)} openRef={openPicker}>
            {listing.isPending ? (
              <PageSkeleton rows={6} />
            ) : listing.isError ? (
              <ErrorAlert error={listing.error} onRetry={() => void listing.refetch()} />
            ) : empty ? (
              <FilesEmptyState
                appId={appId}
                folder={folder}
                searching={!!query.pattern}
                onUpload={upload}
                onNewFolder={() => startCreating('folder')}
              />
            ) : (
              <FileList
                entries={entries}
                total={total ?? entries.length}
                query={query}
                onSort={loc.setSort}
                selected={loc.open}
                onOpen={(entry) => onAction('open', entry)}
                onAction={onAction}
                hasMore={!!listing.hasNextPage}
                loadingMore={listing.isFetchingNextPage}
                onLoadMore={() => void listing.fetchNextPage()}
              />
            )}
          </FilesDropzone>
        </Box>
        {openEntry && (
          <Box w={440} style={{ flexShrink: 0 }}>
            <PreviewPanel appId={appId} entry={openEntry} onAction={onAction} onClose={() => loc.setOpen(undefined)} />
          </Box>
        )}
      </Group>
      <NameModal
        opened={creating !== null}
        onClose={() => {
          createDir.reset();
          createFile.reset();
          setCreating(null);
        }}
        title={creating === 'file' ? 'New text file' : 'New folder'}
        label={creating === 'file' ? 'File name' : 'Folder name'}
        initial={creating === 'file' ? 'notes.txt' : ''}
        confirmLabel="Create"
        validate={nameProblem}
        selectStem
        loading={createDir.isPending || createFile.isPending}
        error={createDir.error ?? createFile.error}
        onSubmit={(name) => {
          const finish = () => {
            notifications.show({ color: 'green', message: `Created ${name}` });
            setCreating(null);
          };
          if (creating === 'folder') createDir.mutate({ path: folder, name }, { onSuccess: finish });
          else
            createFile.mutate(
              { filePath: joinPath(folder, name), content },
              {
                onSuccess: () => {
                  finish();
                  loc.setOpen(name);
                },
              },
            );
        }}
      >
        {creating === 'file' && (
          <Textarea
            label="Content"
            description="Optional: you can edit the file after creating it."
            autosize
            minRows={4}
            maxRows={12}
            value={content}
            onChange={(e) => setContent(e.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        )}
      </NameModal>
      <ConflictModal
        item={uploads.conflict}
        waiting={uploads.items.filter((i) => i.status === 'conflict').length}
        onChoose={uploads.resolveConflict}
      />
      <FileActionDialogs appId={appId} dialog={dialog} onClose={() => setDialog(null)} onChanged={onChanged} />
    </>
  );
}
