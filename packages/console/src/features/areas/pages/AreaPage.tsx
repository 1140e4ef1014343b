import { lazy, Suspense, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Text } from '@mantine/core';
import { Areas } from '@basalt/shared';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useLoadStatus } from '../api/status.queries';
import { AreaState } from '../components/AreaState';
import { areaScreens } from '../area-screens';

/** Any area of an app that has no routes of its own: its screen, or why there is none. */
export default function AreaPage() {
  const { appId = '', area: segment = '' } = useParams();
  const area = Areas.find((a) => a.segment === segment);
  const status = useLoadStatus();
  const Screen = useMemo(() => (area && areaScreens[area.id] ? lazy(areaScreens[area.id]) : null), [area]);

  if (!area) {
    return (
      <>
        <PageHeader title="There is no such area" />
        <Text size="sm">
          “{segment}” is not part of an app.{' '}
          <Anchor component={Link} to={`/apps/${appId}/overview`}>
            Back to the app overview
          </Anchor>
        </Text>
      </>
    );
  }
  if (status.isPending) return <PageSkeleton />;
  if (status.isError) return <ErrorAlert error={status.error} onRetry={() => void status.refetch()} />;

  const availability = status.data.areas[area.id];
  const parent = area.parent ? Areas.find((a) => a.id === area.parent) : undefined;
  if (availability === 'not-available') {
    return (
      <>
        <PageHeader title={area.title} />
        <AreaState
          area={area}
          appId={appId}
          title={`${area.title} is not available yet`}
          description={`This server does not offer ${area.title}${parent ? ` (part of ${parent.title})` : ''} yet. It is part of Basalt's plan and will appear here once it is built; nothing needs to be set up on your side.`}
          badge={
            <Badge variant="light" color="gray" radius="sm">
              not available yet
            </Badge>
          }
        />
      </>
    );
  }
  if (Screen) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <Screen />
      </Suspense>
    );
  }
  return (
    <>
      <PageHeader title={area.title} />
      <AreaState
        area={area}
        appId={appId}
        title={`${area.title} works through the API`}
        description={`The server already answers ${area.title} requests from your apps and the SDK. Its screens in the console are still being built.`}
      />
    </>
  );
}
