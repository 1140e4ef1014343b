import { useEffect, useEffectEvent, useState } from 'react';
import { ActionIcon, Button, CloseButton, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowsMove, IconCopy, IconDownload, IconEdit, IconPencil, IconTrash } from '@tabler/icons-react';
import type { FileEntry } from '@basalt/shared';
import { CopyValue } from '../../../components/CopyValue';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDateTime } from '../../../lib/format';
import { useGetAppInfo } from '../../apps';
import { useEditFile, useGetFileContent } from '../api/files.queries';
import { downloadUrl, fileKind, formatBytes, publicUrl, typeLabel, viewUrl } from '../file-paths';
import type { PreviewLoaded } from '../preview-bridge';
import type { FileAction } from './FileRowMenu';
import { FileIcon } from './FileIcon';
import { PreviewFrame } from './PreviewFrame';
import { TextEditor } from './TextEditor';

interface Props {
  appId: string;
  entry: FileEntry;
  onAction: (action: FileAction, entry: FileEntry) => void;
  onClose: () => void;
}

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** The open file: what it is, its links, its actions, and its preview or its text in an editor. */
export function PreviewPanel({ appId, entry, onAction, onClose }: Props) {
  const kind = fileKind(entry.name);
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState<PreviewLoaded | null>(null);
  const content = useGetFileContent(appId, entry.path, editing);
  const edit = useEditFile(appId);
  const app = useGetAppInfo(appId);
  const jsKey = app.data?.apiKeys?.find((k) => k.deviceType === 'JS')?.apiKey;

  const resetView = useEffectEvent(() => {
    setEditing(false);
    setShown(null);
    edit.reset();
  });
  // A different file starts in preview mode.
  useEffect(() => {
    resetView();
  }, [entry.path]);

  const icon = { size: 16, stroke: 1.5 } as const;
  const action = (name: FileAction, label: string, Icon: typeof IconCopy, color?: string) => (
    <Tooltip label={label}>
      <ActionIcon variant="default" color={color} aria-label={label} onClick={() => onAction(name, entry)}>
        <Icon {...icon} color={color ? `var(--mantine-color-${color}-filled)` : undefined} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Paper withBorder radius="md" p="md" component="aside" aria-label={`File ${entry.name}`}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <FileIcon entry={entry} size={20} />
            <Text fw={600} truncate="end" title={entry.name}>
              {entry.name}
            </Text>
          </Group>
          <CloseButton aria-label="Close preview" onClick={onClose} />
        </Group>
        <Group gap="xs">
          <Tooltip label="Download">
            <ActionIcon
              component="a"
              href={downloadUrl(appId, entry.path)}
              download={entry.name}
              variant="default"
              aria-label="Download"
            >
              <IconDownload {...icon} />
            </ActionIcon>
          </Tooltip>
          {action('rename', 'Rename', IconPencil)}
          {action('move', 'Move', IconArrowsMove)}
          {action('copy', 'Copy', IconCopy)}
          {action('delete', 'Delete', IconTrash, 'red')}
          {kind === 'text' && !editing && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEdit size={16} stroke={1.5} />}
              onClick={() => setEditing(true)}
              ml="auto"
            >
              Edit
            </Button>
          )}
        </Group>
        <Group gap="lg">
          <Meta label="Size" value={formatBytes(entry.size)} />
          <Meta label="Type" value={typeLabel(entry.name, false)} />
          <Meta label="Updated" value={formatDateTime(entry.updated)} />
          {shown?.width !== undefined && <Meta label="Dimensions" value={`${shown.width} × ${shown.height} px`} />}
          {shown?.lines !== undefined && <Meta label="Lines" value={String(shown.lines)} />}
        </Group>
        <Stack gap={4}>
          <Text size="xs" c="dimmed" fw={500}>
            Console link (developers only)
          </Text>
          <CopyValue
            value={`${window.location.origin}${downloadUrl(appId, entry.path)}`}
            label="Copy console link"
            truncate
          />
          {jsKey && (
            <>
              <Text size="xs" c="dimmed" fw={500} mt={4}>
                Public link (app clients, file permissions apply)
              </Text>
              <CopyValue value={publicUrl(appId, jsKey, entry.path)} label="Copy public link" truncate />
            </>
          )}
        </Stack>
        {editing ? (
          content.isPending ? (
            <Skeleton height={320} />
          ) : content.isError ? (
            <ErrorAlert error={content.error} onRetry={() => void content.refetch()} />
          ) : (
            <TextEditor
              name={entry.name}
              initial={content.data}
              onSave={(text) => edit.mutateAsync({ filePath: entry.path, content: text })}
              onClose={() => setEditing(false)}
              saving={edit.isPending}
              error={edit.error}
            />
          )
        ) : kind === 'other' || kind === 'archive' ? (
          <Text size="sm" c="dimmed">
            {kind === 'archive'
              ? 'A zip archive: unzip it from the row menu to see its files.'
              : 'No preview for this type of file. Download it to open it.'}
          </Text>
        ) : (
          <PreviewFrame
            file={{
              appId,
              path: entry.path,
              name: entry.name,
              kind,
              url: viewUrl(appId, entry.path),
              version: entry.updated,
            }}
            onLoaded={setShown}
          />
        )}
      </Stack>
    </Paper>
  );
}
