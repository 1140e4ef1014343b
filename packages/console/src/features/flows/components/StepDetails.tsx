import { Alert, Badge, Code, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { FlowVersion } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useElementExecution } from '../api/instances.queries';
import { formatDuration } from '../instance-format';

// Long ids wrap instead of hiding behind a horizontal scroll in the narrow panel.
const CODE = {
  maxHeight: 200,
  overflow: 'auto',
  fontSize: 11,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

const json = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v, null, 2));

/** What one element received and answered in an instance, and each of its attempts. */
export function StepDetails({
  appId,
  version: v,
  executionId,
  elementId,
  name,
  ran,
}: {
  appId: string;
  version: FlowVersion;
  executionId: string;
  elementId: string;
  name: string;
  ran: boolean;
}) {
  const info = useElementExecution(appId, v.flowId, v.id, executionId, ran ? elementId : undefined);
  const head = (
    <Text size="sm" fw={600}>
      {name}
    </Text>
  );
  if (!ran)
    return (
      <Stack gap={4} role="region" aria-label="Step details">
        {head}
        <Text size="sm" c="dimmed">
          This element did not run in this instance.
        </Text>
      </Stack>
    );
  if (info.isPending) return <Text size="sm">Loading…</Text>;
  if (info.isError)
    return errorInfo(info.error).status === 501 ? (
      <Alert color="gray" variant="light" title="Not available yet" role="region" aria-label="Step details">
        This server does not report a step’s input and output yet.
      </Alert>
    ) : (
      <ErrorAlert error={info.error} onRetry={() => void info.refetch()} />
    );
  const { input, output, attempts } = info.data;
  return (
    <Stack gap="xs" role="region" aria-label="Step details">
      {head}
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        Input
      </Text>
      <Code block style={CODE} aria-label="Input">
        {json(input)}
      </Code>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        Output
      </Text>
      <Code block style={CODE} aria-label="Output">
        {json(output)}
      </Code>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        Attempts
      </Text>
      <Table aria-label="Attempts" verticalSpacing={4} fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Took</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.map((a, n) => (
            <Table.Tr key={n}>
              <Table.Td>{n + 1}</Table.Td>
              <Table.Td>
                <Badge
                  size="sm"
                  radius="sm"
                  variant="light"
                  color={a.status === 'SUCCEEDED' ? 'green' : 'red'}
                  leftSection={a.status === 'SUCCEEDED' ? <IconCircleCheck size={11} /> : <IconCircleX size={11} />}
                >
                  {a.status}
                </Badge>
                {a.error && (
                  <Text size="xs" c="red">
                    {a.error.message}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDateTime(a.startedAt)}</Table.Td>
              <Table.Td>{formatDuration(a.startedAt, a.finishedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
