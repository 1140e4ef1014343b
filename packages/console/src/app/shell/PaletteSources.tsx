import { useEffect } from 'react';
import type { DataTable, DataView, FileEntry, MessagingChannel } from '@basalt/shared';
import type { Role } from '@basalt/sdk';
import { useGetTables } from '../../features/data/api/tables.queries';
import { useGetViews } from '../../features/data/api/views.queries';
import { useLoadRoles } from '../../features/security/api/roles.queries';
import { useLoadChannels } from '../../features/messaging/api/messaging.queries';
import { useLoadDirectory } from '../../features/files/api/files.queries';

/** What the palette searches by name in the current app. */
export interface PaletteLists {
  tables: DataTable[];
  views: DataView[];
  roles: Role[];
  channels: MessagingChannel[];
  files: FileEntry[];
}

export const EMPTY_LISTS: PaletteLists = { tables: [], views: [], roles: [], channels: [], files: [] };

/** The same query as the Files page's root folder in its default order, so both share one cache entry. */
const ROOT_QUERY = { pattern: '', sortBy: 'name', sortDirection: 'asc' } as const;

/**
 * Mounted only while the palette is open: the lists come from each feature's own query hooks, so
 * they are fetched the first time the palette opens and answered from TanStack Query's cache after.
 */
export function PaletteSources({ appId, onLists }: { appId: string; onLists: (lists: PaletteLists) => void }) {
  const tables = useGetTables(appId).data;
  const views = useGetViews(appId).data;
  const roles = useLoadRoles(appId).data;
  const channels = useLoadChannels(appId).data;
  const root = useLoadDirectory(appId, '', ROOT_QUERY).data;

  useEffect(() => {
    onLists({
      tables: tables ?? [],
      views: views ?? [],
      roles: roles ?? [],
      channels: channels ?? [],
      files: root?.pages.flatMap((p) => p.data) ?? [],
    });
  }, [tables, views, roles, channels, root, onLists]);
  return null;
}
