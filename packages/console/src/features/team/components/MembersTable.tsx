import { Link } from 'react-router';
import { ActionIcon, Anchor, Badge, Menu, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDots, IconTrash, IconUserShield } from '@tabler/icons-react';
import type { TeamMember } from '@basalt/shared';
import { formatDate } from '../../../lib/format';

interface Props {
  appId: string;
  members: TeamMember[];
  isOwner: boolean;
  onRemove: (m: TeamMember) => void;
}

/** Owner first, then members and pending invitations, with how many operations each may not do. */
export function MembersTable({ appId, members, isOwner, onRemove }: Props) {
  return (
    <Table aria-label="Team members" verticalSpacing="xs" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Developer</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Permissions</Table.Th>
          <Table.Th>Joined</Table.Th>
          <Table.Th w={48}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((m) => {
          const denied = m.permissions.filter((p) => p.access === 'DENY').length;
          const label = m.name || m.email;
          return (
            <Table.Tr key={m.id} data-member={m.email}>
              <Table.Td>
                {m.owner || m.status === 'PENDING' ? (
                  <Text size="sm" fw={500}>
                    {label}
                  </Text>
                ) : (
                  <Anchor component={Link} to={`/apps/${appId}/team/${m.id}`} size="sm" fw={500}>
                    {label}
                  </Anchor>
                )}
                <Text size="xs" c="dimmed">
                  {m.email}
                </Text>
              </Table.Td>
              <Table.Td>
                {m.owner ? (
                  <Badge variant="light" color="indigo" radius="sm">
                    owner
                  </Badge>
                ) : m.status === 'PENDING' ? (
                  <Badge variant="light" color="orange" radius="sm">
                    invited
                  </Badge>
                ) : (
                  <Badge variant="light" color="green" radius="sm">
                    active
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{m.owner ? 'Everything' : denied === 0 ? 'Every operation' : `${denied} denied`}</Text>
              </Table.Td>
              <Table.Td>{formatDate(m.created)}</Table.Td>
              <Table.Td>
                {!m.owner && (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Tooltip label={isOwner ? `Actions for ${label}` : 'Only the owner manages the team'}>
                        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${m.email}`}>
                          <IconDots size={16} stroke={1.5} />
                        </ActionIcon>
                      </Tooltip>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {m.status !== 'PENDING' && (
                        <Menu.Item
                          component={Link}
                          to={`/apps/${appId}/team/${m.id}`}
                          leftSection={<IconUserShield size={16} />}
                        >
                          Permissions
                        </Menu.Item>
                      )}
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        disabled={!isOwner}
                        onClick={() => onRemove(m)}
                      >
                        {m.status === 'PENDING' ? 'Withdraw invitation' : 'Remove from team'}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
