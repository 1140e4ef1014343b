import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, Group, Pagination, Paper, Select, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerStop } from '@tabler/icons-react';
import type { FlowVersion } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { changedSearchParams } from '../../../lib/search-params';
import { INSTANCES_PAGE_SIZE, useFlowInstances, useStopInstance } from '../api/instances.queries';
import { formatDuration } from '../instance-format';
import { INSTANCE_STATUSES, InstanceStatusBadge } from './InstanceStatusBadge';
import { VersionHeader } from './VersionHeader';

/** A version's instances, newest first; the status filter and page live in the URL. */
export function InstancesTable({ appId, version: v }: { appId: string; version: FlowVersion }) {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 1) - 1);
  const instances = useFlowInstances(appId, v.flowId, v.id, status, page);
  const stop = useStopInstance(appId, v.flowId, v.id);
  const base = `/apps/${appId}/flows/${v.flowId}/${v.id}`;
  const total = instances.data?.totalCount ?? 0;

  return (
    <>
      <VersionHeader appId={appId} version={v} title="Instances" />
      <Group mb="sm" gap="sm" align="flex-end">
        <Select
          label="Status"
          w={180}
          clearable
          placeholder="Any status"
          data={INSTANCE_STATUSES}
          value={status || null}
          onChange={(s) => setParams(changedSearchParams({ status: s, page: null }))}
        />
        <Text size="sm" c="dimmed" pb={6} data-testid="instances-total">
          {instances.data ? `${total} instance${total === 1 ? '' : 's'}` : ' '}
        </Text>
      </Group>
      {instances.isError ? (
        <ErrorAlert error={instances.error} onRetry={() => void instances.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          <Table aria-label="Instances" highlightOnHover verticalSpacing={8}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Execution id</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Started</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Error</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(instances.data?.data ?? []).map((i) => (
                <Table.Tr key={i.executionId}>
                  <Table.Td>
                    <Anchor component={Link} to={`${base}/instances/${i.executionId}`} className="mono" size="sm">
                      {i.executionId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <InstanceStatusBadge status={i.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(i.startedAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatDuration(i.startedAt, i.finishedAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="red" lineClamp={1}>
                      {i.error ? `${i.error.source}: ${i.error.message}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {(i.status === 'RUNNING' || i.status === 'WAITING') && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        color="red"
                        leftSection={<IconPlayerStop size={14} stroke={1.5} />}
                        loading={stop.isPending && stop.variables === i.executionId}
                        onClick={() =>
                          stop.mutate(i.executionId, {
                            onError: (e) => notifications.show({ color: 'red', message: errorInfo(e).message }),
                          })
                        }
                        aria-label={`Stop ${i.executionId}`}
                      >
                        Stop
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {instances.data && instances.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {status
                        ? `No ${status} instances.`
                        : v.status === 'LIVE'
                          ? 'No instances yet: the flow starts one when its trigger fires.'
                          : 'No instances yet: enable the version to start running it.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {total > INSTANCES_PAGE_SIZE && (
        <Group justify="flex-end" mt="sm">
          <Pagination
            total={Math.ceil(total / INSTANCES_PAGE_SIZE)}
            value={page + 1}
            onChange={(p) => setParams(changedSearchParams({ page: p > 1 ? String(p) : null }))}
          />
        </Group>
      )}
    </>
  );
}
