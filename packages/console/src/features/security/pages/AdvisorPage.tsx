import { Link, useParams } from 'react-router';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldCheck } from '@tabler/icons-react';
import { DevOperations, type AdvisorRisk } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { errorInfo } from '../../../lib/errors';
import { useSetDataConfig } from '../../data';
import { useAdvisor, useDenyAnonymousWrites } from '../api/advisor.queries';
import { useCan } from '../api/use-can';

const LEVEL_COLOR = { high: 'red', medium: 'orange', low: 'gray' } as const;

/** Security › Advisor: the server's list of risks, each with the fix or the page that fixes it. */
export default function AdvisorPage() {
  const { appId = '' } = useParams();
  const advisor = useAdvisor(appId);

  if (advisor.isError) return <ErrorAlert error={advisor.error} onRetry={() => void advisor.refetch()} />;
  if (advisor.isPending) return <PageSkeleton rows={4} />;
  const { risks } = advisor.data;

  return (
    <Stack gap="md" maw={960}>
      <Text size="sm" c="dimmed">
        Checks of this app's permissions and settings. Each fix changes only what the risk names; you can undo it on the
        page it links to.
      </Text>
      {risks.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Group gap="sm">
            <IconShieldCheck size={24} stroke={1.5} color="var(--mantine-color-teal-6)" />
            <Text>No risks found.</Text>
          </Group>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Risks">
          {risks.map((risk) => (
            <RiskRow key={risk.id} appId={appId} risk={risk} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function RiskRow({ appId, risk }: { appId: string; risk: AdvisorRisk }) {
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={risk.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <Badge color={LEVEL_COLOR[risk.level]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
              {risk.level}
            </Badge>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {risk.title}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {risk.detail}
          </Text>
          {risk.keys && <Text size="sm">Keys: {risk.keys.join(', ')}</Text>}
          {risk.members && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Members: {risk.members.join(', ')}
            </Text>
          )}
        </Stack>
        <div style={{ flexShrink: 0 }}>
          <Fix appId={appId} risk={risk} />
        </div>
      </Group>
    </Paper>
  );
}

function Fix({ appId, risk }: { appId: string; risk: AdvisorRisk }) {
  const deny = useDenyAnonymousWrites(appId);
  const setConfig = useSetDataConfig(appId);
  const canPermissions = useCan(appId, DevOperations.TABLE_PERMISSIONS);
  const canSchema = useCan(appId, DevOperations.DYNAMIC_SCHEMA);
  const base = `/apps/${appId}`;
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: 'Not fixed', message: errorInfo(error).message, autoClose: false });

  switch (risk.kind) {
    case 'anonymous-writes':
      return (
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" size="xs" component={Link} to={`${base}/security/permissions`}>
            Permissions
          </Button>
          <Button
            color="red"
            size="xs"
            loading={deny.isPending}
            disabled={!canPermissions.allowed}
            title={canPermissions.reason}
            aria-label={`Deny anonymous writes on ${risk.table?.name ?? 'the table'}`}
            onClick={() =>
              deny.mutate(risk, {
                onSuccess: () =>
                  notifications.show({
                    color: 'teal',
                    title: `${risk.table?.name} is closed`,
                    message: `NotAuthenticatedUser is now denied ${risk.table?.operations.join(', ')}.`,
                  }),
              })
            }
          >
            Deny anonymous writes
          </Button>
        </Group>
      );
    case 'dynamic-schema':
      return (
        <Button
          size="xs"
          loading={setConfig.isPending}
          disabled={!canSchema.allowed}
          title={canSchema.reason}
          onClick={() =>
            setConfig.mutate(
              { dynamicSchema: false },
              {
                onSuccess: () =>
                  notifications.show({
                    color: 'teal',
                    title: 'Dynamic schema is off',
                    message: 'Only the console changes the schema now.',
                  }),
                onError: failed,
              },
            )
          }
        >
          Turn off
        </Button>
      );
    case 'no-roles':
      return (
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" size="xs" component={Link} to={`${base}/security/safety`}>
            Panic mode
          </Button>
          <Button size="xs" component={Link} to={`${base}/security/roles`}>
            Create a role
          </Button>
        </Group>
      );
    case 'stale-keys':
      return (
        <Button size="xs" component={Link} to={`${base}/settings/api-keys`}>
          Open API keys
        </Button>
      );
    case 'members-without-2fa':
      return (
        <Button size="xs" component={Link} to={`${base}/team`}>
          Open Team
        </Button>
      );
    default:
      return null;
  }
}
