import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Divider, Group, UnstyledButton } from '@mantine/core';
import { Logo } from '../../components/Logo';
import { AccountMenu } from './AccountMenu';
import { SearchTrigger } from './SearchTrigger';
import { ThemeToggle } from './ThemeToggle';
import { TaskTray } from '../tasks/TaskTray';

/** The 48 px top bar (docs/console-screens.md › Frame): logo, app switcher, breadcrumbs, search, task tray, theme, account. */
export function TopBar({ switcher, breadcrumbs }: { switcher?: ReactNode; breadcrumbs?: ReactNode }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <UnstyledButton component={Link} to="/apps" aria-label="Basalt: all apps">
          <Logo size={24} />
        </UnstyledButton>
        {switcher && (
          <>
            <Divider orientation="vertical" my={12} />
            {switcher}
          </>
        )}
        {breadcrumbs && (
          <>
            <Divider orientation="vertical" my={12} />
            {breadcrumbs}
          </>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <SearchTrigger />
        <TaskTray />
        <ThemeToggle />
        <AccountMenu />
      </Group>
    </Group>
  );
}
