import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconDots, IconRotate, IconX } from '@tabler/icons-react';
import type { CellState } from './permission-state';

/** Grant all, deny all or reset a row or a column of the matrix. */
export function BulkMenu({
  label,
  onSet,
  disabled,
}: {
  label: string;
  onSet: (state: CellState) => void;
  disabled?: boolean;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Set all of ${label}`} disabled={disabled}>
          <IconDots size={16} stroke={1.5} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        <Menu.Item
          leftSection={<IconCheck size={16} color="var(--mantine-color-green-6)" />}
          onClick={() => onSet('GRANT')}
        >
          Grant all
        </Menu.Item>
        <Menu.Item leftSection={<IconX size={16} color="var(--mantine-color-red-6)" />} onClick={() => onSet('DENY')}>
          Deny all
        </Menu.Item>
        <Menu.Item leftSection={<IconRotate size={16} />} onClick={() => onSet(undefined)}>
          Reset to inherited
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
