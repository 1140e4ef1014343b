import { useLocation, useNavigate } from 'react-router';
import { Tabs } from '@mantine/core';
import { IconShieldLock, IconUser } from '@tabler/icons-react';

/** Profile and Security are two URLs; the tabs just move between them. */
export function AccountTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const value = pathname.startsWith('/account/security') ? 'security' : 'profile';
  return (
    <Tabs
      value={value}
      onChange={(v) => navigate(v === 'security' ? '/account/security' : '/account')}
      mb="lg"
      keepMounted={false}
    >
      <Tabs.List>
        <Tabs.Tab value="profile" leftSection={<IconUser size={16} stroke={1.5} />}>
          Profile
        </Tabs.Tab>
        <Tabs.Tab value="security" leftSection={<IconShieldLock size={16} stroke={1.5} />}>
          Security
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
