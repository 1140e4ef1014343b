import { Link } from 'react-router';
import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowRight, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { AppSummary } from '@basalt/shared';

interface Props {
  app: AppSummary;
  onRename: (app: AppSummary) => void;
  onDelete: (app: AppSummary) => void;
}

export function AppRowMenu({ app, onRename, onDelete }: Props) {
  const owner = app.role === 'owner';
  return (
    <Menu position="bottom-end" withinPortal width={180}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${app.appName}`}>
          <IconDots size={16} stroke={1.5} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={`/apps/${app.id}/overview`}
          leftSection={<IconArrowRight size={16} stroke={1.5} />}
        >
          Open
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} stroke={1.5} />} onClick={() => onRename(app)}>
          Rename
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} stroke={1.5} />}
          onClick={() => onDelete(app)}
          disabled={!owner}
          title={owner ? undefined : 'Only the owner can delete the app'}
        >
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
