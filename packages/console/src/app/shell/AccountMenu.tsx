import { Link } from 'react-router';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconApps,
  IconBuildingBank,
  IconLogout,
  IconServer,
  IconShieldLock,
  IconTrophy,
  IconUser,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';
import { useGetAccountInfo } from '../../features/account/api/account.queries';
import { useOperator } from '../../features/operator/api/operator.queries';
import { useSignOut } from '../session/useSignOut';
import { initials } from '../../lib/format';

export function AccountMenu() {
  const { data: account } = useGetAccountInfo();
  const signOut = useSignOut();
  // Only the server's operators see the Operator entry (the area itself refuses everyone else).
  const isOperator = useOperator().data?.operator === true;
  const name = account?.name || account?.email || '';
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" style={{ borderRadius: '50%' }}>
          <Avatar size={30} radius="xl" color="indigo" variant="filled">
            {initials(name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {account?.name || 'Your account'}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {account?.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/account" leftSection={<IconUser size={16} stroke={1.5} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/account/security" leftSection={<IconShieldLock size={16} stroke={1.5} />}>
          Security and two-factor
        </Menu.Item>
        <Menu.Item component={Link} to="/account/payment-profiles" leftSection={<IconWallet size={16} stroke={1.5} />}>
          Billing profiles
        </Menu.Item>
        <Menu.Item component={Link} to="/account/server" leftSection={<IconServer size={16} stroke={1.5} />}>
          Server and licence
        </Menu.Item>
        <Menu.Item component={Link} to="/missions" leftSection={<IconTrophy size={16} stroke={1.5} />}>
          Missions
        </Menu.Item>
        <Menu.Item component={Link} to="/community" leftSection={<IconUsersGroup size={16} stroke={1.5} />}>
          Community profile
        </Menu.Item>
        <Menu.Item component={Link} to="/apps" leftSection={<IconApps size={16} stroke={1.5} />}>
          All apps
        </Menu.Item>
        {isOperator && (
          <>
            <Menu.Divider />
            <Menu.Item component={Link} to="/operator" leftSection={<IconBuildingBank size={16} stroke={1.5} />}>
              Operator
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} stroke={1.5} />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
