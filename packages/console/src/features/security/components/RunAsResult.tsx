import { Alert, Group, Stack, Text } from '@mantine/core';
import type { DataTable } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useGetAppInfo } from '../../apps/api/apps.queries';
import { ANONYMOUS_ROLE_DEVICE, useRunAsAppApi, useRunAsEstimate, type RunAsIdentity } from '../api/run-as.queries';
import { DecisionBadge } from './DecisionBadge';
import { RecordsPreview } from './RecordsPreview';

/** Anonymous roles: the app API answers for itself, with the API key of the role's device type. */
function ServerAnswer({ appId, table, role }: { appId: string; table: DataTable; role: string }) {
  const device = ANONYMOUS_ROLE_DEVICE[role];
  const info = useGetAppInfo(appId);
  const apiKey = info.data?.apiKeys?.find((k) => k.deviceType === device)?.apiKey;
  const result = useRunAsAppApi(appId, table.name, apiKey, role);
  if (info.isError) return <ErrorAlert error={info.error} />;
  if (result.isPending) return <PageSkeleton rows={4} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Asked the app API itself, as an anonymous caller with the {device} API key (roles {role === 'NotAuthenticatedUser' ? 'NotAuthenticatedUser, RestUser' : `${role}, NotAuthenticatedUser`}).
      </Text>
      {result.isError ? (
        <Alert color="red" variant="light" title="The app API refuses to list this table" role="alert">
          <Text size="sm">{result.error.message}</Text>
          <Group gap="xs" mt={4}>
            <DecisionBadge access="DENY" operation="Find" />
          </Group>
        </Alert>
      ) : (
        <>
          <Group gap="xs">
            <DecisionBadge access="GRANT" operation="Find" />
            <Text size="sm">
              {result.data.total} {result.data.total === 1 ? 'record' : 'records'} readable; the first {result.data.records.length} as the app receives them.
            </Text>
          </Group>
          <RecordsPreview records={result.data.records} label={`Records of ${table.name} as ${role}`} />
        </>
      )}
    </Stack>
  );
}

/** Other roles and users: the rules replayed in the server's order. */
function Estimate({ appId, table, identity }: { appId: string; table: DataTable; identity: RunAsIdentity }) {
  const est = useRunAsEstimate(appId, table, identity);
  if (est.isError) return <ErrorAlert error={est.error} onRetry={() => void est.refetch()} />;
  if (est.isPending) return <PageSkeleton rows={4} />;
  const e = est.data;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Replayed from the rules for roles {e.roles.join(', ') || '(none)'}. Record ACLs and the owner policy are decided per record by the server and may hide more.
      </Text>
      <Stack gap={4}>
        {Object.entries(e.decisions).map(([op, d]) => (
          <Group key={op} gap="xs">
            <DecisionBadge access={d.access} operation={op} />
            <Text size="xs" c="dimmed">
              decided by {d.by}
            </Text>
          </Group>
        ))}
      </Stack>
      {e.hidden.length > 0 && <Text size="sm">Hidden columns: {e.hidden.join(', ')}</Text>}
      {e.records ? (
        <>
          <Text size="sm">
            {e.total} {e.total === 1 ? 'record' : 'records'} in the table; the first {e.records.length} as they would read them.
          </Text>
          <RecordsPreview records={e.records} label={`Records of ${table.name} as ${identity.kind === 'role' ? identity.role.name : identity.label}`} />
        </>
      ) : (
        <Text size="sm">Find is denied: they cannot list any record of {table.name}.</Text>
      )}
    </Stack>
  );
}

export function RunAsResult({ appId, table, identity }: { appId: string; table: DataTable; identity: RunAsIdentity }) {
  if (identity.kind === 'role' && ANONYMOUS_ROLE_DEVICE[identity.role.name]) return <ServerAnswer appId={appId} table={table} role={identity.role.name} />;
  return <Estimate appId={appId} table={table} identity={identity} />;
}
