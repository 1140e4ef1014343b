import { useParams } from 'react-router';
import { Paper, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DevOperations } from '@basalt/shared';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import { useCan } from '../../security';
import { useDataConfig, useSetDataConfig } from '../api/config.queries';

/** Data › Configuration: the app-wide data settings, each with what it changes. */
export default function ConfigPage() {
  const { appId = '' } = useParams();
  const config = useDataConfig(appId);
  const set = useSetDataConfig(appId);
  const can = useCan(appId, DevOperations.DYNAMIC_SCHEMA);

  const change = (patch: { dynamicSchema?: boolean; includeObjectIdByDefault?: boolean }, title: string) =>
    set.mutate(patch, {
      onSuccess: () => notifications.show({ color: 'teal', title, message: 'Saved.' }),
      onError: (e) => notifications.show({ color: 'red', title: 'Not saved', message: errorInfo(e).message, autoClose: false }),
    });

  return (
    <Stack p="lg" gap="md" maw={880}>
      <PageHeader title="Configuration" description="Data settings that apply to every table of this app." />
      {config.isError && <ErrorAlert error={config.error} onRetry={() => void config.refetch()} />}
      {config.isPending && <PageSkeleton rows={2} />}
      {config.data && (
          <Paper withBorder radius="md" p="md">
            <Switch
              label="Dynamic schema"
              description="When on, a save through the app API (any client key: JS, Android, iOS, REST) that names a table or column that does not exist creates it. Handy while prototyping; turn it off before going live so clients cannot change your schema."
              checked={config.data.dynamicSchema}
              disabled={set.isPending || !can.allowed}
              onChange={(e) => change({ dynamicSchema: e.currentTarget.checked }, e.currentTarget.checked ? 'Dynamic schema is on' : 'Dynamic schema is off')}
            />
            {!can.allowed && <Text size="xs" c="dimmed" mt="xs">{can.reason}</Text>}
          </Paper>
      )}
    </Stack>
  );
}
