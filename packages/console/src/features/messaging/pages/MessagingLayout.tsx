import { Link, NavLink as RouterLink, Outlet, useLocation, useParams } from 'react-router';
import { Button, Group, Tabs } from '@mantine/core';
import { IconBroadcast, IconClick, IconDeviceMobile, IconInbox, IconKey, IconSend } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader';
import { MESSAGING_SECTIONS } from '../sections';

/** Icons of the sections (their names are in ../sections.ts). */
const ICONS = {
  channels: IconBroadcast,
  devices: IconDeviceMobile,
  push: IconSend,
  buttons: IconClick,
  outbox: IconInbox,
} as const;
const SECTIONS = MESSAGING_SECTIONS.map((s) => ({ ...s, Icon: ICONS[s.segment] }));

/** Frame of the Messaging area: its sections as tabs whose links are real URLs. */
export default function MessagingLayout() {
  const { appId = '' } = useParams();
  const { pathname } = useLocation();
  const base = `/apps/${appId}/messaging`;
  const current = pathname.slice(base.length + 1).split('/')[0] || 'channels';
  return (
    <>
      <PageHeader
        title="Messaging"
        description="Channels and their live traffic, registered devices, push notifications and their deliveries."
        actions={
          // Credentials live in Settings › Mobile; pushes cannot leave without them, so they are one click away.
          <Button
            component={Link}
            to={`/apps/${appId}/settings/mobile`}
            variant="default"
            leftSection={<IconKey size={16} stroke={1.5} />}
          >
            Push credentials
          </Button>
        }
      />
      <Tabs value={current} mb="md" variant="default">
        <Tabs.List aria-label="Messaging sections">
          {SECTIONS.map(({ segment, label, Icon }) => (
            <Tabs.Tab
              key={segment}
              value={segment}
              renderRoot={(props) => <RouterLink to={`${base}/${segment}`} {...props} />}
              leftSection={<Icon size={16} stroke={1.5} />}
            >
              <Group gap={4}>{label}</Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
