import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCloudUpload } from '@tabler/icons-react';
import { emptyCodelessState, type CodelessKind, type CodelessState } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import { useCodelessItemLogic, useDeployCodelessModel } from '../api/codeless.queries';
import { useGetEventHandlers } from '../api/handlers.queries';
import { blockProblemOf } from '../components/codeless/block-problem';
import { CodelessEditor } from '../components/codeless/CodelessEditor';
import type { HandlerRow } from '../handler-row';
import { useCrumbLabel } from '../../../app/shell/crumb-labels';

/** The same handler in another row: deploys give production rows new ids, the declaration stays. */
const sameHandler = (a: HandlerRow, b: HandlerRow) =>
  a.provider === b.provider && a.event === b.event && (a.target ?? '*') === (b.target ?? '*') && a.model === b.model;

/**
 * The blocks of one codeless event handler, custom event or timer (`code/handlers/:handlerId/logic`,
 * `code/timers/:timer/logic`): the editor with the generated-code preview, and Save & deploy, which
 * stores the blocks and deploys the item's model with them.
 */
export default function CodelessItemLogicPage() {
  const { appId = '', handlerId, timer } = useParams();
  const navigate = useNavigate();
  const isTimer = timer !== undefined;
  const handlers = useGetEventHandlers(appId);
  const rows = useMemo(() => (handlers.data ?? []) as HandlerRow[], [handlers.data]);
  const row = isTimer
    ? (rows.find((r) => r.category === 'TIMER' && r.timername === timer && r.mode === 'PRODUCTION') ??
      rows.find((r) => r.category === 'TIMER' && r.timername === timer))
    : rows.find((r) => r.id === handlerId);
  const kind: CodelessKind = isTimer ? 'timer' : row?.provider === 'custom' ? 'event' : 'handler';
  const type = kind as 'handler' | 'event' | 'timer';
  const logic = useCodelessItemLogic(appId, row?.model, type, row?.id);
  const deploy = useDeployCodelessModel(appId);
  const [draft, setDraft] = useState<CodelessState | null>(null);
  const title = isTimer ? `Timer ${timer}` : row ? `${row.event} on ${row.target ?? '*'}` : 'Event handler';
  const back = `/apps/${appId}/code/${isTimer ? 'timers' : 'handlers'}`;
  useCrumbLabel(handlerId, row ? `${row.event} on ${row.target ?? '*'}` : undefined);
  useCrumbLabel('logic', 'Blocks');
  useUnsavedChangesGuard(draft !== null, { message: `The blocks of ${title} changed since the last deploy.` });

  // A deploy replaces the production rows (new ids): follow the handler to the row that is its now.
  const [follow, setFollow] = useState<HandlerRow | null>(null);
  useEffect(() => {
    if (!follow || !handlers.isSuccess || rows.some((r) => r.id === handlerId)) return;
    const next = rows.find((r) => sameHandler(r, follow));
    if (next) void navigate(`${back}/${encodeURIComponent(next.id)}/logic`, { replace: true });
  }, [follow, handlers.isSuccess, rows, handlerId, back, navigate]);

  const initial = (logic.data?.logic as CodelessState | null | undefined) ?? emptyCodelessState(kind);
  const runDeploy = () => {
    if (!row) return;
    setFollow(row);
    deploy.mutate(
      { model: row.model, items: [{ type, id: row.id, logic: draft ?? initial }] },
      {
        onSuccess: () => {
          setDraft(null);
          notifications.show({
            color: 'green',
            title: `Deployed ${title}`,
            message: `Model ${row.model} was generated from its blocks and deployed; it runs now.`,
          });
        },
      },
    );
  };

  const notCodeless = row && row.language !== 'CODELESS';
  return (
    <Stack gap="md">
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} stroke={1.5} aria-hidden />
          {isTimer ? 'Timers' : 'Event handlers'}
        </Group>
      </Anchor>
      {handlers.isError && <ErrorAlert error={handlers.error} onRetry={() => void handlers.refetch()} />}
      {handlers.isSuccess && !row && (
        <Alert color="yellow" variant="light" title="Not found">
          {isTimer ? `No timer named ${timer}.` : `No event handler with the id ${handlerId}.`} It may have been
          deleted.
        </Alert>
      )}
      {notCodeless && (
        <Alert color="yellow" variant="light" title="Written in JavaScript">
          This {isTimer ? 'timer' : 'handler'} is written in {row.language}; edit its code in the{' '}
          <Anchor component={Link} to={`/apps/${appId}/code/editor/${encodeURIComponent(row.model)}`}>
            Coding
          </Anchor>{' '}
          tab.
        </Alert>
      )}
      {row && !notCodeless && (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={2} size="h3" className="mono">
                {title}
              </Title>
              <Group gap="xs">
                <Badge variant="light" tt="none">
                  {kind === 'event' ? 'custom event' : kind}
                </Badge>
                <Badge variant="outline" color="gray" tt="none">
                  model {row.model}
                </Badge>
                {logic.isSuccess && logic.data.logic === null && draft === null && (
                  <Badge variant="outline" color="gray">
                    No logic deployed
                  </Badge>
                )}
                {draft !== null && (
                  <Badge variant="light" color="orange">
                    Changed, not deployed
                  </Badge>
                )}
              </Group>
            </Stack>
            <Button
              leftSection={<IconCloudUpload size={16} stroke={1.5} />}
              onClick={runDeploy}
              loading={deploy.isPending}
              disabled={logic.isPending}
            >
              Save &amp; deploy
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            Save &amp; deploy stores these blocks and deploys model {row.model} with them; the server generates the
            JavaScript shown on the right and runs that.
          </Text>
          {deploy.isError && !blockProblemOf(deploy.error)?.blockId && <ErrorAlert error={deploy.error} />}
          {logic.isError && <ErrorAlert error={logic.error} onRetry={() => void logic.refetch()} />}
          {logic.isPending && <Skeleton height={560} radius="sm" />}
          {logic.isSuccess && (
            <CodelessEditor
              key={`${row.model}/${kind}/${isTimer ? timer : `${row.event}/${row.target}`}`}
              kind={kind}
              initial={initial}
              onChange={setDraft}
              serverProblem={blockProblemOf(deploy.error)}
              label={`Blocks of ${title}`}
            />
          )}
        </>
      )}
      {handlers.isPending && <Skeleton height={560} radius="sm" />}
    </Stack>
  );
}
