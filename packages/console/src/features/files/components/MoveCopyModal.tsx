import { useEffect, useState } from 'react';
import { Alert, Autocomplete, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FileEntry } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useAllFolders } from '../api/files.queries';
import { joinPath, normalisePath, parentOf } from '../file-paths';

interface Props {
  appId: string;
  entry: FileEntry | undefined;
  mode: 'move' | 'copy';
  onClose: () => void;
  onSubmit: (destination: string) => void;
  loading?: boolean;
  error?: unknown;
}

/** Move or copy into another folder: the folder is typed or picked; the name stays. */
export function MoveCopyModal({ appId, entry, mode, onClose, onSubmit, loading, error }: Props) {
  const opened = !!entry;
  const [folder, setFolder] = useState('');
  const [changed, setChanged] = useState(false);
  const folders = useAllFolders(appId, opened);

  useEffect(() => {
    if (entry) setFolder(parentOf(entry.path));
    setChanged(false);
  }, [entry]);

  const target = normalisePath(folder);
  const same = entry && mode === 'move' && target === parentOf(entry.path);
  const inside = entry?.type === 'DIRECTORY' && (target === entry.path || target.startsWith(`${entry.path}/`));
  const problem = same ? 'The item is already in this folder' : inside ? 'A folder cannot go inside itself' : undefined;
  const verb = mode === 'move' ? 'Move' : 'Copy';

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{`${verb} ${entry?.name ?? ''}`}</Text>}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // A destination ending in `/` means "into this folder, keeping the name".
          if (!problem && !loading) onSubmit(target ? `${target}/` : '/');
        }}
      >
        <Stack gap="md">
          <Autocomplete
            label="Destination folder"
            description="A path from the root; empty means the root. Missing folders are created."
            placeholder="docs/archive"
            data={['/', ...(folders.data ?? [])]}
            value={folder}
            onChange={(value) => {
              setFolder(value);
              setChanged(true);
            }}
            // The starting folder is not an error yet: Move simply stays disabled until it changes.
            error={changed ? problem : undefined}
            limit={50}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-autofocus
          />
          {entry && !problem && (
            <Text size="sm" c="dimmed">
              New path:{' '}
              <Text span className="mono" c="var(--mantine-color-text)">
                /{joinPath(target, entry.name)}
              </Text>
            </Text>
          )}
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {errorInfo(error).message}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading} disabled={!!problem}>
              {verb}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
