import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconChevronRight, IconPlayerStop } from '@tabler/icons-react';
import type { FlowVersion } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { errorInfo } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useFlowInstance, useStopInstance } from '../api/instances.queries';
import { withLayout } from '../flow-draft';
import { formatDuration, pathOf, stepLooks } from '../instance-format';
import type { StepLook } from '../canvas/ElementNode';
import { InstanceStatusBadge } from './InstanceStatusBadge';
import { StepDetails } from './StepDetails';
import classes from './InstanceView.module.css';

const FlowCanvas = lazy(() => import('../canvas/FlowCanvas'));

/** One instance: the path it took on the read-only canvas, and each step's input, output and attempts. */
export function InstanceView({
  appId,
  version: v,
  executionId,
}: {
  appId: string;
  version: FlowVersion;
  executionId: string;
}) {
  const instance = useFlowInstance(appId, v.flowId, v.id, executionId);
  const stop = useStopInstance(appId, v.flowId, v.id);
  const [picked, setPicked] = useState<string | null>(null);
  const draft = useMemo(() => withLayout({ elements: v.elements, transitions: v.transitions }), [v]);
  const steps = instance.data?.steps;
  const looks = useMemo(() => {
    const done = stepLooks(steps ?? []);
    const map = new Map<string, StepLook>();
    for (const e of draft.elements) map.set(e.id, done.get(e.id) ?? 'NOT_RUN');
    return map;
  }, [steps, draft]);
  const path = useMemo(() => pathOf(steps ?? []), [steps]);
  const back = `/apps/${appId}/flows/${v.flowId}/${v.id}/instances`;

  if (instance.isPending) return <PageSkeleton />;
  if (instance.isError)
    return (
      <ErrorAlert
        error={instance.error}
        onRetry={() => void instance.refetch()}
        parent={{ to: back, label: 'All instances' }}
      />
    );
  const i = instance.data;
  const selected = picked ?? path[0] ?? null;
  const nameOf = (id: string) => draft.elements.find((e) => e.id === id)?.name ?? id;
  const running = i.status === 'RUNNING' || i.status === 'WAITING';

  return (
    <div className={classes.page}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Button variant="subtle" component={Link} to={back} leftSection={<IconArrowLeft size={18} stroke={1.5} />}>
            Instances
          </Button>
          <Text fw={600} truncate>
            {v.name} v{v.versionNumber} ·{' '}
            <Text span className="mono" fw={400}>
              {i.executionId}
            </Text>
          </Text>
          <InstanceStatusBadge status={i.status} />
        </Group>
        {running && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={18} stroke={1.5} />}
            loading={stop.isPending}
            onClick={() =>
              stop.mutate(i.executionId, {
                onSuccess: () => void instance.refetch(),
                onError: (e) => notifications.show({ color: 'red', message: errorInfo(e).message }),
              })
            }
          >
            Stop
          </Button>
        )}
      </Group>
      <div className={classes.body}>
        <Paper withBorder className={classes.canvas}>
          <Suspense
            fallback={
              <Center h="100%">
                <Loader size="sm" />
              </Center>
            }
          >
            <FlowCanvas
              draft={draft}
              selectedId={selected}
              onSelect={(id) => id && setPicked(id)}
              readOnly
              steps={looks}
            />
          </Suspense>
        </Paper>
        <Paper withBorder className={classes.side}>
          <ScrollArea h="100%" type="auto" offsetScrollbars>
            <Stack gap="sm" p="sm">
              <Group gap="lg">
                <div>
                  <Text size="xs" c="dimmed">
                    Started
                  </Text>
                  <Text size="sm">{formatDateTime(i.startedAt)}</Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed">
                    Duration
                  </Text>
                  <Text size="sm">{formatDuration(i.startedAt, i.finishedAt)}</Text>
                </div>
              </Group>
              {i.error && (
                <Alert color="red" variant="light" p="xs" title={`${i.error.source}: ${i.error.code}`}>
                  <Text size="sm">{i.error.message}</Text>
                </Alert>
              )}
              <nav aria-label="Path taken">
                <Text size="sm" fw={600} mb={4}>
                  Path taken
                </Text>
                {path.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No step has run yet.
                  </Text>
                ) : (
                  <Group gap={2}>
                    {path.map((id, n) => (
                      <Group key={id} gap={2} wrap="nowrap">
                        {n > 0 && <IconChevronRight size={14} stroke={1.5} aria-hidden />}
                        <UnstyledButton
                          className={classes.step}
                          data-active={id === selected || undefined}
                          aria-current={id === selected ? 'step' : undefined}
                          onClick={() => setPicked(id)}
                        >
                          <Text size="sm">{nameOf(id)}</Text>
                        </UnstyledButton>
                      </Group>
                    ))}
                  </Group>
                )}
              </nav>
              <Divider />
              {selected ? (
                <StepDetails
                  key={selected}
                  appId={appId}
                  version={v}
                  executionId={i.executionId}
                  elementId={selected}
                  name={nameOf(selected)}
                  ran={looks.get(selected) !== 'NOT_RUN'}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Select an element to see what it received and answered.
                </Text>
              )}
            </Stack>
          </ScrollArea>
        </Paper>
      </div>
    </div>
  );
}
