import { useParams, useSearchParams } from 'react-router';
import { Paper, Tabs, Text } from '@mantine/core';
import {
  DevOperations,
  PermissionDevOperations,
  PermissionOperations,
  RecordPermissionOperations,
} from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useSecurityChannels, useSecurityTables } from '../api/lookups.queries';
import type { PermissionScope } from '../api/permissions.queries';
import { useCan } from '../api/use-can';
import { ColumnsMatrix } from '../components/ColumnsMatrix';
import { ScopeMatrix } from '../components/ScopeMatrix';
import { ScopePicker, type ScopeService } from '../components/ScopePicker';

/** Permissions of one table, file path or channel; scope and tab live in the URL. */
export default function PermissionsPage() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const service = (
    ['data', 'files', 'messaging'].includes(params.get('service') ?? '') ? params.get('service') : 'data'
  ) as ScopeService;
  const tables = useSecurityTables(appId);
  const channels = useSecurityChannels(appId, service === 'messaging');
  const tableList = tables.data ?? [];
  const item =
    params.get('item') ??
    (service === 'data' ? (tableList.find((t) => !t.system)?.name ?? tableList[0]?.name ?? '') : '');
  const tabs = service === 'data' ? ['roles', 'users', 'owner', 'columns'] : ['roles', 'users'];
  const tab = tabs.includes(params.get('tab') ?? '') ? params.get('tab')! : 'roles';
  const can = useCan(appId, PermissionDevOperations[service]);
  const canOwner = useCan(appId, DevOperations.OWNER_PERMISSIONS);

  const update = (next: Record<string, string | null>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: true },
    );

  if (tables.isError) return <ErrorAlert error={tables.error} onRetry={() => void tables.refetch()} />;
  if (tables.isPending) return <PageSkeleton rows={6} />;

  const table = service === 'data' ? tableList.find((t) => t.name === item) : undefined;
  let scope: PermissionScope | undefined;
  if (service === 'data' && table) scope = { service, itemId: table.tableId, itemName: table.name };
  else if (service !== 'data' && item) scope = { service, itemId: item, itemName: item };
  const label = service === 'data' ? item : service === 'files' ? `/${item}` : `channel ${item}`;

  return (
    <>
      <ScopePicker
        service={service}
        item={item}
        tables={tableList}
        channels={channels.data ?? []}
        onChange={(s, i) =>
          update({ service: s, item: i || null, ...(s !== service ? { tab: null, column: null } : {}) })
        }
      />
      {!scope ? (
        <Text size="sm" c="dimmed">
          {service === 'files'
            ? 'Enter a file or folder path to see its permissions.'
            : service === 'messaging'
              ? 'Pick a channel to see its permissions.'
              : 'Pick a table to see its permissions.'}
        </Text>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Tabs value={tab} onChange={(v) => update({ tab: v })} keepMounted={false}>
            <Tabs.List mb="md" aria-label="Whose permissions">
              <Tabs.Tab value="roles">Roles</Tabs.Tab>
              <Tabs.Tab value="users">Users</Tabs.Tab>
              {service === 'data' && <Tabs.Tab value="owner">Owner policy</Tabs.Tab>}
              {service === 'data' && <Tabs.Tab value="columns">Columns</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="roles">
              <ScopeMatrix
                appId={appId}
                scope={scope}
                policy="roles"
                itemLabel={label}
                operations={PermissionOperations[service]}
                disabledReason={can.reason}
              />
            </Tabs.Panel>
            <Tabs.Panel value="users">
              <ScopeMatrix
                appId={appId}
                scope={scope}
                policy="users"
                itemLabel={label}
                operations={PermissionOperations[service]}
                disabledReason={can.reason}
              />
            </Tabs.Panel>
            {service === 'data' && (
              <Tabs.Panel value="owner">
                <ScopeMatrix
                  appId={appId}
                  scope={scope}
                  policy="owner"
                  itemLabel={label}
                  operations={RecordPermissionOperations}
                  disabledReason={canOwner.reason}
                />
              </Tabs.Panel>
            )}
            {service === 'data' && table && (
              <Tabs.Panel value="columns">
                <ColumnsMatrix appId={appId} table={table} disabledReason={can.reason} />
              </Tabs.Panel>
            )}
          </Tabs>
        </Paper>
      )}
    </>
  );
}
