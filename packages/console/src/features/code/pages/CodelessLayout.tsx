import { NavLink as RouterLink, Outlet, useLocation, useParams } from 'react-router';
import { Button, Group, Text } from '@mantine/core';
import { IconApi, IconMathFunction } from '@tabler/icons-react';

const PARTS = [
  { segment: 'services', label: 'Services', icon: IconApi },
  { segment: 'functions', label: 'Functions library', icon: IconMathFunction },
] as const;

/** Codeless area of Cloud Code: services built from blocks and the app's library of block functions. */
export default function CodelessLayout() {
  const { appId = '' } = useParams();
  const { pathname } = useLocation();
  const base = `/apps/${appId}/code/codeless`;
  return (
    <>
      <Group gap="xs" mb="md" component="nav" aria-label="Codeless parts">
        {PARTS.map(({ segment, label, icon: Icon }) => {
          const active = pathname === `${base}/${segment}` || pathname.startsWith(`${base}/${segment}/`);
          return (
            <Button
              key={segment}
              size="xs"
              variant={active ? 'light' : 'subtle'}
              color={active ? undefined : 'gray'}
              leftSection={<Icon size={16} stroke={1.5} />}
              renderRoot={(props) => <RouterLink to={`${base}/${segment}`} {...props} />}
              aria-current={active ? 'page' : undefined}
            >
              {label}
            </Button>
          );
        })}
        <Text size="xs" c="dimmed" ml="auto">
          Logic built from blocks; the server generates the JavaScript it runs.
        </Text>
      </Group>
      <Outlet />
    </>
  );
}
