import { useParams, useSearchParams } from 'react-router';
import { Group, Pagination, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { AreaTabs } from '../../../components/AreaTabs';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { changedSearchParams } from '../../../lib/search-params';
import { useLoadActivity } from '../api/activity.queries';
import { AUDIT_SECTIONS } from '../sections';
import { ActivityTable } from '../components/ActivityTable';

const PAGE = 50;

/** `…/audit/activity`: what developers did in the console of this app, as the console reported it. */
export default function ActivityPage() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const activity = useLoadActivity(appId, (page - 1) * PAGE, PAGE);
  const total = activity.data?.totalRows ?? 0;

  let body;
  if (activity.isError) body = <ErrorAlert error={activity.error} onRetry={() => void activity.refetch()} />;
  else if (activity.isPending) body = <PageSkeleton rows={8} />;
  else if (activity.data.data.length === 0)
    body = (
      <Stack align="center" gap="xs" py="xl">
        <ThemeIcon variant="light" color="gray" size={40} radius="xl">
          <IconActivity size={22} stroke={1.5} />
        </ThemeIcon>
        <Text size="sm" fw={500}>
          No console activity yet
        </Text>
        <Text size="sm" c="dimmed" ta="center" maw={480}>
          The console reports the areas developers open in this app; clients of the reference console API report theirs
          with{' '}
          <Text span className="mono" size="sm">
            activityManager.send
          </Text>
          .
        </Text>
      </Stack>
    );
  else
    body = (
      <Paper withBorder radius="md" style={{ opacity: activity.isPlaceholderData ? 0.6 : 1 }}>
        <ActivityTable entries={activity.data.data} />
      </Paper>
    );

  return (
    <>
      <PageHeader
        title="Audit log"
        description={
          activity.data
            ? `${total} console ${total === 1 ? 'event' : 'events'}, newest first.`
            : 'What developers did in the console of this app, newest first.'
        }
      />
      <AreaTabs base={`/apps/${appId}/audit`} tabs={AUDIT_SECTIONS} label="Audit lists" />
      {body}
      {total > PAGE && (
        <Group justify="center" mt="md">
          <Pagination
            total={Math.ceil(total / PAGE)}
            value={page}
            onChange={(p) => setParams(() => changedSearchParams({ page: String(p) }), { replace: true })}
            aria-label="Console activity pages"
          />
        </Group>
      )}
    </>
  );
}
