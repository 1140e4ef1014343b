import { Link } from 'react-router';
import { ActionIcon, Anchor, Menu, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Role } from '@basalt/sdk';
import { SystemBadge } from './SystemBadge';

interface Props {
  appId: string;
  roles: Role[];
  selectedId?: string;
  onRename: (role: Role) => void;
  onDelete: (role: Role) => void;
  /** Why the developer may not change roles, when they may not. */
  disabledReason?: string;
}

/** Roles with their kind; the row menu renames or deletes the ones the developer made. */
export function RolesTable({ appId, roles, selectedId, onRename, onDelete, disabledReason }: Props) {
  const sorted = [...roles].sort((a, b) => Number(a.system) - Number(b.system) || a.name.localeCompare(b.name));
  return (
    <Table aria-label="Roles" highlightOnHover verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Kind</Table.Th>
          <Table.Th w={48}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sorted.map((role) => (
          <Table.Tr
            key={role.id}
            bg={role.id === selectedId ? 'var(--mantine-primary-color-light)' : undefined}
            data-role={role.name}
          >
            <Table.Td>
              <Anchor
                component={Link}
                to={`/apps/${appId}/security/roles/${encodeURIComponent(role.id)}`}
                size="sm"
                fw={500}
              >
                {role.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              {role.system ? (
                <SystemBadge />
              ) : (
                <Text size="xs" c="dimmed">
                  custom
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {role.system ? null : (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Tooltip label={disabledReason ?? `Actions for ${role.name}`}>
                      <ActionIcon variant="subtle" color="gray" aria-label={`Actions for role ${role.name}`}>
                        <IconDots size={16} stroke={1.5} />
                      </ActionIcon>
                    </Tooltip>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconPencil size={16} />}
                      onClick={() => onRename(role)}
                      disabled={!!disabledReason}
                    >
                      Rename
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconTrash size={16} />}
                      color="red"
                      onClick={() => onDelete(role)}
                      disabled={!!disabledReason}
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
