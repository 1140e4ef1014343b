import { Link, useSearchParams } from 'react-router';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DevOperations, FLOW_LOG_LEVELS, type FlowVersion } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { changedSearchParams } from '../../../lib/search-params';
import { useCan } from '../../security';
import { LOGS_PAGE_SIZE, useFlowLogLevel, useFlowLogs, useUpdateFlowLogLevel } from '../api/observe.queries';
import { fromLocalInput, toLocalInput } from '../local-time';

const LEVEL_COLOR: Record<string, string> = { DEBUG: 'gray', INFO: 'blue', WARN: 'orange', ERROR: 'red' };
const LEVELS = FLOW_LOG_LEVELS.map((l) => ({ value: l, label: l }));

/** The flow's kept level: lines below it are never written (117 to change it). */
function LogLevelSetting({ appId, flowId }: { appId: string; flowId: string }) {
  const level = useFlowLogLevel(appId, flowId);
  const update = useUpdateFlowLogLevel(appId, flowId);
  const can = useCan(appId, DevOperations.FLOWS);
  return (
    <Tooltip label={can.reason} disabled={can.allowed}>
      <div>
        <Select
          label="Flow log level"
          description="Lines below it are not kept, for every version of this flow"
          w={300}
          data={LEVELS}
          allowDeselect={false}
          value={level.data?.level ?? null}
          disabled={!can.allowed || level.isPending}
          error={level.isError ? errorInfo(level.error).message : undefined}
          onChange={(l) =>
            l &&
            update.mutate(l, {
              onSuccess: (a) =>
                notifications.show({ color: 'green', message: `The flow now keeps ${a.level} and above` }),
              onError: (e) => notifications.show({ color: 'red', message: errorInfo(e).message }),
            })
          }
        />
      </div>
    </Tooltip>
  );
}

/**
 * A version's log lines, newest first: lowest level shown, one instance, one element and a date
 * range, all in the URL, with pages of 50; and the flow's kept level beside them.
 */
export function LogsTab({ appId, version: v }: { appId: string; version: FlowVersion }) {
  const [params, setParams] = useSearchParams();
  const filters = {
    level: params.get('level') ?? 'DEBUG',
    executionId: params.get('instance') ?? '',
    elementId: params.get('element') ?? '',
    from: Number(params.get('from')) || 0,
    to: Number(params.get('to')) || 0,
    page: Math.max(0, Number(params.get('page') ?? 1) - 1),
  };
  const logs = useFlowLogs(appId, v.id, filters);
  const total = logs.data?.totalCount ?? 0;
  const names = new Map(v.elements.map((e) => [e.id, e.name]));
  const base = `/apps/${appId}/flows/${v.flowId}/${v.id}`;
  const set = (changes: Record<string, string | null>) => setParams(changedSearchParams({ ...changes, page: null }));
  const filtered = filters.level !== 'DEBUG' || filters.executionId || filters.elementId || filters.from || filters.to;

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label="Lowest level shown"
            w={170}
            data={LEVELS}
            allowDeselect={false}
            value={filters.level}
            onChange={(l) => set({ level: l === 'DEBUG' ? null : l })}
          />
          <Select
            label="Element"
            w={200}
            clearable
            searchable
            placeholder="Any element"
            data={v.elements.map((e) => ({ value: e.id, label: e.name }))}
            value={filters.elementId || null}
            onChange={(id) => set({ element: id })}
          />
          <TextInput
            label="Instance"
            w={240}
            placeholder="Execution id"
            defaultValue={filters.executionId}
            key={filters.executionId}
            classNames={{ input: 'mono' }}
            onBlur={(e) => set({ instance: e.currentTarget.value.trim() || null })}
            onKeyDown={(e) => e.key === 'Enter' && set({ instance: e.currentTarget.value.trim() || null })}
          />
          <TextInput
            type="datetime-local"
            label="From"
            w={200}
            value={toLocalInput(filters.from)}
            onChange={(e) => set({ from: fromLocalInput(e.currentTarget.value) })}
          />
          <TextInput
            type="datetime-local"
            label="To"
            w={200}
            value={toLocalInput(filters.to)}
            onChange={(e) => set({ to: fromLocalInput(e.currentTarget.value) })}
          />
        </Group>
      </Paper>
      <Group justify="space-between" align="flex-end">
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="logs-total">
            {logs.data ? `${total} line${total === 1 ? '' : 's'}` : ' '}
          </Text>
          {filtered && (
            <Button variant="subtle" size="compact-sm" onClick={() => setParams(new URLSearchParams())}>
              Clear filters
            </Button>
          )}
        </Group>
        <LogLevelSetting appId={appId} flowId={v.flowId} />
      </Group>
      {logs.isError ? (
        <ErrorAlert error={logs.error} onRetry={() => void logs.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          <Table aria-label="Log lines" verticalSpacing={6} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>Time</Table.Th>
                <Table.Th w={90}>Level</Table.Th>
                <Table.Th w={160}>Element</Table.Th>
                <Table.Th w={120}>Instance</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(logs.data?.data ?? []).map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatDateTime(l.timestamp)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" color={LEVEL_COLOR[l.level] ?? 'gray'}>
                      {l.level}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" truncate>
                      {names.get(l.elementId) ?? l.elementId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`${base}/instances/${l.executionId}`} size="sm" className="mono">
                      {l.executionId.slice(0, 8)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {l.message}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
              {logs.data && logs.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {filtered
                        ? 'No log lines match these filters.'
                        : 'No log lines yet: Log elements and SLA breaches write here as instances run.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {total > LOGS_PAGE_SIZE && (
        <Group justify="flex-end">
          <Pagination
            total={Math.ceil(total / LOGS_PAGE_SIZE)}
            value={filters.page + 1}
            onChange={(p) => setParams(changedSearchParams({ page: p > 1 ? String(p) : null }))}
          />
        </Group>
      )}
    </Stack>
  );
}
