import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, EmptyState, Paper } from '@mantine/core';
import type { AreaDef } from '@basalt/shared';
import { areaIcon } from '../../../components/area-icons';

/** Full-page explanation of an area that has nothing to show yet. */
export function AreaState({
  area,
  appId,
  title,
  description,
  badge,
}: {
  area: AreaDef;
  appId: string;
  title: string;
  description: ReactNode;
  badge?: ReactNode;
}) {
  const Icon = areaIcon(area.id);
  return (
    <Paper withBorder radius="md" py={64} px="lg">
      <EmptyState icon={<Icon size={32} stroke={1.5} />} variant="light" color="gray">
        <EmptyState.Title order={2}>{title}</EmptyState.Title>
        <EmptyState.Description maw={480}>{description}</EmptyState.Description>
        {badge}
        <EmptyState.Actions>
          <Button component={Link} to={`/apps/${appId}/overview`} variant="default">
            Back to the app overview
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
