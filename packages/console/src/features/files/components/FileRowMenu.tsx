import { Link, useParams } from 'react-router';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowsMove,
  IconCopy,
  IconDots,
  IconDownload,
  IconFileZip,
  IconFolderOpen,
  IconPencil,
  IconShieldLock,
  IconTrash,
} from '@tabler/icons-react';
import type { FileEntry } from '@basalt/shared';
import { extensionOf } from '../file-paths';

export type FileAction = 'open' | 'download' | 'rename' | 'move' | 'copy' | 'zip' | 'unzip' | 'delete';

/** The `⋯` menu of a row: every action of the toolbar and the preview, for this entry. */
export function FileRowMenu({
  entry,
  onAction,
}: {
  entry: FileEntry;
  onAction: (action: FileAction, entry: FileEntry) => void;
}) {
  const folder = entry.type === 'DIRECTORY';
  const { appId = '' } = useParams();
  // File rules live in the Security area's matrix, scoped to this path.
  const permissionsUrl = `/apps/${encodeURIComponent(appId)}/security/permissions?service=files&item=${encodeURIComponent(entry.path)}`;
  const icon = { size: 16, stroke: 1.5 } as const;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${entry.name}`}>
          <IconDots {...icon} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFolderOpen {...icon} />} onClick={() => onAction('open', entry)}>
          Open
        </Menu.Item>
        {!folder && (
          <Menu.Item leftSection={<IconDownload {...icon} />} onClick={() => onAction('download', entry)}>
            Download
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconPencil {...icon} />} rightSection="F2" onClick={() => onAction('rename', entry)}>
          Rename
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowsMove {...icon} />} onClick={() => onAction('move', entry)}>
          Move…
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy {...icon} />} onClick={() => onAction('copy', entry)}>
          Copy…
        </Menu.Item>
        {folder && (
          <Menu.Item leftSection={<IconFileZip {...icon} />} onClick={() => onAction('zip', entry)}>
            Zip folder
          </Menu.Item>
        )}
        {!folder && extensionOf(entry.name) === 'zip' && (
          <Menu.Item leftSection={<IconFileZip {...icon} />} onClick={() => onAction('unzip', entry)}>
            Unzip here
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={permissionsUrl} leftSection={<IconShieldLock {...icon} />}>
          Permissions
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash {...icon} />}
          rightSection="Del"
          onClick={() => onAction('delete', entry)}
        >
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
