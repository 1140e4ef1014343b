import '@mantine/charts/styles.css';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BarChart } from '@mantine/charts';
import {
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { DevOperations, type FlowVersion } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { errorInfo } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { changedSearchParams } from '../../../lib/search-params';
import { useCan } from '../../security';
import { useCleanAnalytics, useHandlerErrors, useStepMetrics, useVersionMetrics } from '../api/observe.queries';
import { METRIC_PERIODS, formatMs, metricsRange } from '../metrics-range';

function Stat({ label, value, color }: { label: string; value: string | number; color?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {description}
      </Text>
      {children}
    </Paper>
  );
}

/**
 * A version's metrics over a range (debug runs never count): instances by status with their
 * durations, SLA compliance beside them, per-element executions and failures as charts, errors an
 * error handler caught, and Clean analytics behind a typed confirmation.
 */
export function MetricsTab({ appId, version: v }: { appId: string; version: FlowVersion }) {
  const [params, setParams] = useSearchParams();
  const period = params.get('period') ?? '7d';
  const [now] = useState(() => Date.now());
  const [from, to] = metricsRange(period, now, params.get('from') ?? undefined, params.get('to') ?? undefined);
  const metrics = useVersionMetrics(appId, v.flowId, v.id, from, to);
  const steps = useStepMetrics(appId, v.flowId, v.id, from, to);
  const clean = useCleanAnalytics(appId, v.flowId, v.id);
  const canClean = useCan(appId, DevOperations.FLOW_VERSION_ADMIN);
  const [cleaning, setCleaning] = useState(false);
  const names = new Map(v.elements.map((e) => [e.id, e.name]));
  // Error handlers: the elements an error port leads to.
  const handlers = [...new Set(v.transitions.filter((t) => t.port === 'error').map((t) => t.to))];
  const [handlerId, setHandlerId] = useState<string | null>(handlers[0] ?? null);
  const recorded = useHandlerErrors(appId, v.flowId, v.id, handlerId, from, to);

  const m = metrics.data;
  const stepRows = (steps.data ?? []).map((s) => ({
    element: s.elementName ?? names.get(s.elementId) ?? s.elementId,
    Succeeded: s.succeeded,
    Failed: s.failed,
    s,
  }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            aria-label="Period"
            data={[...METRIC_PERIODS]}
            value={period}
            onChange={(p) => setParams(changedSearchParams({ period: p === '7d' ? null : p }))}
          />
          {period === 'custom' && (
            <>
              <TextInput
                type="date"
                label="From"
                size="xs"
                value={params.get('from') ?? ''}
                onChange={(e) => setParams(changedSearchParams({ from: e.currentTarget.value }))}
              />
              <TextInput
                type="date"
                label="To"
                size="xs"
                value={params.get('to') ?? ''}
                onChange={(e) => setParams(changedSearchParams({ to: e.currentTarget.value }))}
              />
            </>
          )}
        </Group>
        <Tooltip label={canClean.reason} disabled={canClean.allowed}>
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} stroke={1.5} />}
            disabled={!canClean.allowed}
            onClick={() => setCleaning(true)}
          >
            Clean analytics
          </Button>
        </Tooltip>
      </Group>

      {metrics.isError ? (
        <ErrorAlert error={metrics.error} onRetry={() => void metrics.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
          <div style={{ gridColumn: 'span 2' }}>
            <Section
              title="Instances"
              description={`Started ${formatDateTime(from)} – ${formatDateTime(to)}; debug runs are not counted.`}
            >
              <SimpleGrid cols={{ base: 3, md: 6 }} spacing="xs" mb="md" data-testid="version-metrics">
                <Stat label="Total" value={m?.instances.total ?? '—'} />
                <Stat label="Completed" value={m?.instances.completed ?? '—'} color="teal" />
                <Stat
                  label="Failed"
                  value={m?.instances.failed ?? '—'}
                  color={m?.instances.failed ? 'red' : undefined}
                />
                <Stat label="Running" value={m?.instances.running ?? '—'} />
                <Stat label="Waiting" value={m?.instances.waiting ?? '—'} />
                <Stat label="Stopped" value={m?.instances.stopped ?? '—'} />
              </SimpleGrid>
              {m && m.instances.total > 0 ? (
                <BarChart
                  h={180}
                  aria-label="Instances by status"
                  data={[
                    {
                      status: 'Instances',
                      Completed: m.instances.completed,
                      Failed: m.instances.failed,
                      Running: m.instances.running,
                      Waiting: m.instances.waiting,
                      Stopped: m.instances.stopped,
                    },
                  ]}
                  dataKey="status"
                  orientation="vertical"
                  type="stacked"
                  withLegend
                  series={[
                    { name: 'Completed', color: 'teal.6' },
                    { name: 'Failed', color: 'red.6' },
                    { name: 'Running', color: 'blue.6' },
                    { name: 'Waiting', color: 'yellow.6' },
                    { name: 'Stopped', color: 'gray.6' },
                  ]}
                />
              ) : (
                <Text size="sm" c="dimmed" ta="center" py="lg">
                  No instances started in this period.
                </Text>
              )}
              <Group gap="xl" mt="sm">
                {(['avg', 'p50', 'p95', 'max'] as const).map((k) => (
                  <Text key={k} size="sm">
                    <Text span c="dimmed">
                      {k === 'avg' ? 'Average' : k} duration{' '}
                    </Text>
                    <Text span fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMs(m?.durationMs?.[k])}
                    </Text>
                  </Text>
                ))}
              </Group>
            </Section>
          </div>
          <Section title="SLA compliance" description="Each goal of this version, in business time, over the period.">
            {!m?.sla.length ? (
              <Text size="sm" c="dimmed">
                No SLA goals on this version yet. Add them on the SLA tab.
              </Text>
            ) : (
              <Stack gap="sm" data-testid="sla-compliance">
                {m.sla.map((g) => (
                  <div key={g.goalId}>
                    <Group justify="space-between" gap="xs">
                      <Text size="sm" fw={500}>
                        {g.name}
                      </Text>
                      <Badge
                        variant="light"
                        color={g.compliance === null ? 'gray' : g.compliance >= 0.95 ? 'teal' : 'red'}
                      >
                        {g.compliance === null ? 'nothing measured' : `${Math.round(g.compliance * 1000) / 10}%`}
                      </Badge>
                    </Group>
                    <Progress
                      value={(g.compliance ?? 0) * 100}
                      color={g.compliance !== null && g.compliance >= 0.95 ? 'teal' : 'red'}
                      size="sm"
                      my={4}
                      aria-label={`${g.name} compliance`}
                    />
                    <Text size="xs" c="dimmed">
                      {g.met} met, {g.breached} breached of {g.measured} measured
                    </Text>
                  </div>
                ))}
              </Stack>
            )}
          </Section>
        </SimpleGrid>
      )}

      <Section title="Steps" description="Per element: attempts that succeeded and failed, and how long they took.">
        {steps.isError ? (
          <ErrorAlert error={steps.error} onRetry={() => void steps.refetch()} />
        ) : !stepRows.length ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            No steps ran in this period.
          </Text>
        ) : (
          <>
            <BarChart
              h={Math.max(160, stepRows.length * 36)}
              aria-label="Executions per element"
              data={stepRows}
              dataKey="element"
              orientation="vertical"
              type="stacked"
              withLegend
              yAxisProps={{ width: 140 }}
              series={[
                { name: 'Succeeded', color: 'teal.6' },
                { name: 'Failed', color: 'red.6' },
              ]}
            />
            <Table mt="md" fz="sm" striped withTableBorder aria-label="Step metrics">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Element</Table.Th>
                  <Table.Th>Executions</Table.Th>
                  <Table.Th>Failed</Table.Th>
                  <Table.Th>Average</Table.Th>
                  <Table.Th>p95</Table.Th>
                  <Table.Th>Max</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stepRows.map(({ element, s }) => (
                  <Table.Tr key={s.elementId}>
                    <Table.Td>{element}</Table.Td>
                    <Table.Td className="mono">{s.executions}</Table.Td>
                    <Table.Td className="mono">{s.failed}</Table.Td>
                    <Table.Td className="mono">{formatMs(s.durationMs?.avg)}</Table.Td>
                    <Table.Td className="mono">{formatMs(s.durationMs?.p95)}</Table.Td>
                    <Table.Td className="mono">{formatMs(s.durationMs?.max)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Section>

      <Section
        title="Error handlers"
        description="Errors that reached an element through an error port: the failed attempt just before it ran."
      >
        {!handlers.length ? (
          <Text size="sm" c="dimmed">
            No element of this version is reached by an error port.
          </Text>
        ) : (
          <Stack gap="sm">
            <Select
              label="Error handler"
              w={260}
              allowDeselect={false}
              data={handlers.map((id) => ({ value: id, label: names.get(id) ?? id }))}
              value={handlerId}
              onChange={setHandlerId}
            />
            {recorded.isError ? (
              <ErrorAlert error={recorded.error} onRetry={() => void recorded.refetch()} />
            ) : (
              <Table fz="sm" withTableBorder aria-label="Recorded errors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Failed element</Table.Th>
                    <Table.Th>Instance</Table.Th>
                    <Table.Th>Error</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(recorded.data?.data ?? []).map((e) => (
                    <Table.Tr key={`${e.executionId}:${e.at}`}>
                      <Table.Td>{formatDateTime(e.at)}</Table.Td>
                      <Table.Td>{names.get(e.elementId) ?? e.elementId}</Table.Td>
                      <Table.Td className="mono">{e.executionId.slice(0, 8)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" c="red">
                          {e.error ? `${e.error.code}: ${e.error.message}` : '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {recorded.data && recorded.data.data.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Text size="sm" c="dimmed" ta="center" py="sm">
                          No errors reached this handler in the period.
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        )}
      </Section>

      <TypeToConfirmModal
        opened={cleaning}
        onClose={() => setCleaning(false)}
        title={`Clean the analytics of ${v.name} v${v.versionNumber}?`}
        expected={v.name}
        inputLabel="Type the flow name to confirm"
        consequences="Every finished instance of this version is deleted with its steps and log lines, debug runs included. Running and waiting instances stay. This cannot be undone."
        confirmLabel="Clean analytics"
        loading={clean.isPending}
        error={clean.error}
        onConfirm={() =>
          clean.mutate(undefined, {
            onSuccess: (a) => {
              setCleaning(false);
              notifications.show({
                color: 'green',
                message: `Deleted ${a.deleted} finished instance${a.deleted === 1 ? '' : 's'}`,
              });
            },
            onError: (e) => notifications.show({ color: 'red', message: errorInfo(e).message }),
          })
        }
      />
    </Stack>
  );
}
