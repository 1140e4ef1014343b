import type { SpotlightActionData, SpotlightActionGroupData } from '@mantine/spotlight';
import {
  IconEye,
  IconFile,
  IconFolder,
  IconMessage,
  IconPlus,
  IconSettings,
  IconShield,
  IconTable,
  IconUpload,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { SETTINGS_SECTIONS } from '../../features/settings/sections';
import { SECURITY_SECTIONS } from '../../features/security/sections';
import type { PaletteLists } from './PaletteSources';

const icon = (Icon: typeof IconTable) => <Icon size={18} stroke={1.5} />;
const seg = (s: string) => encodeURIComponent(s);

/** Where a file or folder opens in the Files area (folder in the URL, the file in `open`). */
function fileUrl(appId: string, path: string, folder: boolean): string {
  const parts = path.split('/').filter(Boolean);
  if (folder) return `/apps/${appId}/files/${parts.map(seg).join('/')}`;
  const name = parts.pop() ?? '';
  return `/apps/${appId}/files/${parts.map(seg).join('/')}?open=${seg(name)}`;
}

/**
 * The palette's entries for one app: tables, views, roles, channels and files by name, the pages
 * of Data, Security and Settings, and the actions a newcomer looks for. `go` navigates; `table` is
 * the table open now (Import CSV goes there).
 */
export function appPaletteGroups(
  appId: string,
  lists: PaletteLists,
  go: (url: string) => void,
  table: string | undefined,
): SpotlightActionGroupData[] {
  const base = `/apps/${appId}`;
  const named = (group: string, actions: SpotlightActionData[]): SpotlightActionGroupData[] =>
    actions.length ? [{ group, actions }] : [];
  const importTarget = table ?? lists.tables.find((t) => t.name !== 'Users')?.name ?? lists.tables[0]?.name;

  return [
    ...named(
      'Tables',
      lists.tables.map((t) => ({
        id: `table:${t.name}`,
        label: t.name,
        description: 'Table',
        keywords: ['table', 'data'],
        leftSection: icon(IconTable),
        onClick: () => go(`${base}/data/${seg(t.name)}`),
      })),
    ),
    ...named(
      'Views',
      lists.views.map((v) => ({
        id: `view:${v.viewId}`,
        label: v.name,
        description: `View on ${v.tableName}`,
        keywords: ['view'],
        leftSection: icon(IconEye),
        onClick: () => go(`${base}/data/-/views/${seg(v.viewId)}`),
      })),
    ),
    ...named(
      'Roles',
      lists.roles.map((r) => ({
        id: `role:${r.roleId}`,
        label: r.rolename,
        description: r.system ? 'System role' : 'Role',
        keywords: ['role'],
        leftSection: icon(IconUsersGroup),
        onClick: () => go(`${base}/security/roles/${seg(r.roleId)}`),
      })),
    ),
    ...named(
      'Channels',
      lists.channels.map((c) => ({
        id: `channel:${c.name}`,
        label: c.name,
        description: 'Messaging channel',
        keywords: ['channel'],
        leftSection: icon(IconMessage),
        onClick: () => go(`${base}/messaging/channels/${seg(c.name)}`),
      })),
    ),
    ...named(
      'Files',
      lists.files.map((f) => {
        const folder = f.type === 'DIRECTORY';
        return {
          id: `file:${f.path}`,
          label: f.name,
          description: folder ? 'Folder' : 'File',
          keywords: ['file'],
          leftSection: icon(folder ? IconFolder : IconFile),
          onClick: () => go(fileUrl(appId, f.path, folder)),
        };
      }),
    ),
    {
      group: 'Pages',
      actions: [
        ...[
          ['views', 'Views'],
          ['counters', 'Counters'],
          ['cache', 'Cache'],
          ['hives', 'Hives'],
          ['config', 'Data configuration'],
        ].map(([s, label]) => ({
          id: `page:data/${s}`,
          label: label!,
          description: 'Data',
          keywords: ['data'],
          leftSection: icon(IconTable),
          onClick: () => go(`${base}/data/-/${s}`),
        })),
        ...SECURITY_SECTIONS.map((s) => ({
          id: `page:security/${s.segment}`,
          label: s.label,
          description: 'Security',
          keywords: ['security'],
          leftSection: icon(IconShield),
          onClick: () => go(`${base}/security/${s.segment}`),
        })),
        ...SETTINGS_SECTIONS.map((s) => ({
          id: `page:settings/${s.segment}`,
          label: s.label,
          description: s.built ? 'Settings' : 'Settings · not available yet',
          keywords: ['settings'],
          leftSection: icon(IconSettings),
          onClick: () => go(`${base}/settings/${s.segment}`),
        })),
      ],
    },
    {
      group: 'Actions',
      actions: [
        {
          id: 'action:new-table',
          label: 'New table',
          description: 'Create a table in this app',
          keywords: ['create', 'table'],
          leftSection: icon(IconPlus),
          onClick: () => go(`${base}/data?new=table`),
        },
        ...(importTarget
          ? [
              {
                id: 'action:import-csv',
                label: 'Import CSV',
                description: `Into ${importTarget}`,
                keywords: ['csv', 'import', 'upload'],
                leftSection: icon(IconUpload),
                onClick: () => go(`${base}/data/${seg(importTarget)}?import=csv`),
              },
            ]
          : []),
        {
          id: 'action:invite',
          label: 'Invite teammate',
          description: 'Add a developer to this app',
          keywords: ['team', 'invite', 'developer'],
          leftSection: icon(IconUserPlus),
          onClick: () => go(`${base}/team?invite=1`),
        },
      ],
    },
  ];
}
