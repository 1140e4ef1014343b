import { useEffect, useMemo, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { Kbd, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { Spotlight, type SpotlightActionGroupData } from '@mantine/spotlight';
import {
  IconApps,
  IconLogout,
  IconMoon,
  IconPlus,
  IconSearch,
  IconServer,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { Areas } from '@basalt/shared';
import { areaIcon } from '../../components/area-icons';
import { AppAvatar } from '../../components/AppAvatar';
import { useGetApps } from '../../features/apps/api/apps.queries';
import { useLoadStatus } from '../../features/areas/api/status.queries';
import { useSignOut } from '../session/useSignOut';
import { goKeys } from './go-shortcuts';
import { useSequenceShortcuts } from './useSequenceShortcuts';
import { EMPTY_LISTS, PaletteSources, type PaletteLists } from './PaletteSources';
import { appPaletteGroups } from './palette-items';
import { recentIds, rememberRecent } from './palette-recent';

const NOT_APP_IDS = new Set(['new', 'import']);

/**
 * Mod+K palette: any app, any area of the current app with its tables, views, roles, channels and
 * files by name, its pages and actions, account pages; what was picked lately comes first.
 */
export function CommandPalette() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { data: apps = [] } = useGetApps();
  const { data: status } = useLoadStatus();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const match = useMatch('/apps/:appId/*');
  const appId = match?.params.appId && !NOT_APP_IDS.has(match.params.appId) ? match.params.appId : undefined;
  const currentApp = apps.find((a) => a.id === appId);
  const tableParam = useMatch('/apps/:appId/data/:table/*')?.params.table;
  const openTable = tableParam && tableParam !== '-' ? tableParam : undefined;
  useSequenceShortcuts(appId);
  const [opened, setOpened] = useState(false);
  const [lists, setLists] = useState<PaletteLists>(EMPTY_LISTS);
  const [recent, setRecent] = useState<string[]>(recentIds);
  // Another app's names must never be offered: forget the lists when the app changes.
  useEffect(() => setLists(EMPTY_LISTS), [appId]);

  const actions = useMemo<SpotlightActionGroupData[]>(() => {
    const groups: SpotlightActionGroupData[] = [];
    if (appId) {
      groups.push({
        group: currentApp ? `${currentApp.appName}` : 'This app',
        actions: Areas.map((area) => {
          const Icon = areaIcon(area.id);
          return {
            id: `area-${area.id}`,
            label: area.title,
            description: status?.areas[area.id] === 'not-available' ? 'Not available yet' : undefined,
            keywords: [area.segment, area.group],
            rightSection: goKeys[area.id] ? <Kbd size="xs">G {goKeys[area.id].toUpperCase()}</Kbd> : undefined,
            leftSection: <Icon size={18} stroke={1.5} />,
            onClick: () => navigate(`/apps/${appId}/${area.segment}`),
          };
        }),
      });
      groups.push(...appPaletteGroups(appId, lists, (url) => void navigate(url), openTable));
    }
    groups.push({
      group: 'Apps',
      actions: [
        {
          id: 'apps-all',
          label: 'All apps',
          description: 'The list of your apps',
          leftSection: <IconApps size={18} stroke={1.5} />,
          onClick: () => navigate('/apps'),
        },
        ...apps.map((app) => ({
          id: `app-${app.id}`,
          label: app.appName,
          description: `Open ${app.appName}`,
          keywords: [app.id],
          leftSection: <AppAvatar name={app.appName} logo={app.logo} size={20} />,
          onClick: () => navigate(`/apps/${app.id}/overview`),
        })),
      ],
    });
    groups.push({
      group: 'Account',
      actions: [
        {
          id: 'account-profile',
          label: 'Profile',
          description: 'Name and email',
          leftSection: <IconUser size={18} stroke={1.5} />,
          onClick: () => navigate('/account'),
        },
        {
          id: 'account-security',
          label: 'Security',
          description: 'Password and two-factor sign-in',
          keywords: ['2fa', 'password', 'totp'],
          leftSection: <IconShieldLock size={18} stroke={1.5} />,
          onClick: () => navigate('/account/security'),
        },
        {
          id: 'account-server',
          label: 'Server and licence',
          description: 'Licence, version and cluster nodes of this server',
          keywords: ['license', 'licence', 'instance', 'cluster', 'version', 'status'],
          leftSection: <IconServer size={18} stroke={1.5} />,
          onClick: () => navigate('/account/server'),
        },
      ],
    });
    groups.push({
      group: 'Actions',
      actions: [
        {
          id: 'action-new-app',
          label: 'New app',
          description: 'Create an application',
          rightSection: <Kbd size="xs">N</Kbd>,
          leftSection: <IconPlus size={18} stroke={1.5} />,
          onClick: () => navigate('/apps/new'),
        },
        {
          id: 'action-theme',
          label: 'Toggle theme',
          description: 'Switch between light and dark (T then L, D or S picks one)',
          keywords: ['dark', 'light', 'mode'],
          leftSection: <IconMoon size={18} stroke={1.5} />,
          onClick: () => setColorScheme(computed === 'dark' ? 'light' : 'dark'),
        },
        {
          id: 'action-sign-out',
          label: 'Sign out',
          description: 'End this session',
          leftSection: <IconLogout size={18} stroke={1.5} />,
          onClick: () => void signOut(),
        },
      ],
    });
    // Every pick is remembered; the recent ones lead (as copies, so each id stays unique).
    const remembered = groups.map((g) => ({
      ...g,
      actions: g.actions.map((a) => ({
        ...a,
        onClick: (e: React.MouseEvent<HTMLButtonElement>) => {
          setRecent(rememberRecent(a.id));
          a.onClick?.(e);
        },
      })),
    }));
    const byId = new Map(remembered.flatMap((g) => g.actions).map((a) => [a.id, a]));
    const recentActions = recent.flatMap((id) => {
      const a = byId.get(id);
      return a ? [{ ...a, id: `recent:${id}` }] : [];
    });
    return recentActions.length ? [{ group: 'Recent', actions: recentActions }, ...remembered] : remembered;
  }, [appId, apps, computed, currentApp, navigate, setColorScheme, signOut, status, lists, openTable, recent]);

  return (
    <>
      {opened && appId && <PaletteSources appId={appId} onLists={setLists} />}
      <Spotlight
        actions={actions}
        onSpotlightOpen={() => setOpened(true)}
        onSpotlightClose={() => setOpened(false)}
        shortcut={['mod + K']}
        nothingFound="Nothing matches"
        highlightQuery
        limit={40}
        scrollable
        maxHeight={420}
        searchProps={{
          leftSection: <IconSearch size={18} stroke={1.5} />,
          placeholder: 'Go to a table, a page, an app or an action…',
          'aria-label': 'Search apps, areas and actions',
        }}
      />
    </>
  );
}
