import { useLocation, useNavigate } from 'react-router';
import { Tabs } from '@mantine/core';
import { IconServer, IconShieldLock, IconUser } from '@tabler/icons-react';

const TABS = { profile: '/account', security: '/account/security', server: '/account/server' } as const;

/** Profile, Security and Server are URLs of their own; the tabs just move between them. */
export function AccountTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const value = pathname.startsWith('/account/security')
    ? 'security'
    : pathname.startsWith('/account/server')
      ? 'server'
      : 'profile';
  return (
    <Tabs
      value={value}
      onChange={(v) => navigate(TABS[(v ?? 'profile') as keyof typeof TABS])}
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
        <Tabs.Tab value="server" leftSection={<IconServer size={16} stroke={1.5} />}>
          Server
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
