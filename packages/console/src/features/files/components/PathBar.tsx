import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Breadcrumbs, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowUp, IconCheck, IconHome, IconPencil, IconX } from '@tabler/icons-react';
import { normalisePath, parentOf } from '../file-paths';

interface Props {
  folder: string;
  folderUrl: (path: string) => string;
  onGo: (path: string) => void;
}

/** Where the listing is: a trail of links, or a path typed by hand ("Edit path"). */
export function PathBar({ folder, folderUrl, onGo }: Props) {
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState('');
  const parts = folder ? folder.split('/') : [];

  if (editing) {
    const submit = () => {
      setEditing(false);
      onGo(normalisePath(typed));
    };
    return (
      <Group gap="xs" wrap="nowrap" mb="sm">
        <TextInput
          label="Folder path"
          placeholder="docs/images"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
            if (e.key === 'Escape') setEditing(false);
          }}
          leftSection={
            <Text size="sm" c="dimmed">
              /
            </Text>
          }
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-autofocus
          autoFocus
        />
        <Tooltip label="Go to folder">
          <ActionIcon variant="filled" aria-label="Go to folder" onClick={submit} mt={22} size="lg">
            <IconCheck size={18} stroke={1.5} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Cancel">
          <ActionIcon
            variant="default"
            aria-label="Cancel editing the path"
            onClick={() => setEditing(false)}
            mt={22}
            size="lg"
          >
            <IconX size={18} stroke={1.5} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }

  return (
    <Group gap="xs" wrap="nowrap" mb="sm" mih={36}>
      <Tooltip label="Up one level (Backspace)">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Up one level"
          disabled={!folder}
          onClick={() => onGo(parentOf(folder))}
        >
          <IconArrowUp size={16} stroke={1.5} />
        </ActionIcon>
      </Tooltip>
      <nav aria-label="Folder path" style={{ minWidth: 0, flex: 1 }}>
        <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap' } }}>
          <Anchor component={Link} to={folderUrl('')} size="sm" aria-current={folder ? undefined : 'page'}>
            <Group gap={4} wrap="nowrap" component="span">
              <IconHome size={14} stroke={1.5} aria-hidden />
              Root
            </Group>
          </Anchor>
          {parts.map((part, i) => {
            const path = parts.slice(0, i + 1).join('/');
            const last = i === parts.length - 1;
            return last ? (
              <Text key={path} size="sm" fw={600} aria-current="page">
                {part}
              </Text>
            ) : (
              <Anchor key={path} component={Link} to={folderUrl(path)} size="sm">
                {part}
              </Anchor>
            );
          })}
        </Breadcrumbs>
      </nav>
      <Tooltip label="Edit path">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Edit path"
          onClick={() => {
            setTyped(folder);
            setEditing(true);
          }}
        >
          <IconPencil size={16} stroke={1.5} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
