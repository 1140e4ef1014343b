import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';

interface LambdaFunction {
  name: string;
  alias?: string;
  methodName?: string;
  params?: string[];
}

interface Settings {
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  endpoint?: string;
  functions?: LambdaFunction[];
}

/**
 * What a Lambda service calls, as the server answers it (`awsLambda`, the secret key masked). The
 * settings cannot be edited (decision 0049): delete the service and create it again.
 */
export function LambdaSettings({ service }: { service: object }) {
  // `awsLambda` rides on the service's open object; its type is not part of the route's schema.
  const s = (service as { awsLambda?: Settings }).awsLambda;
  if (!s) return null;
  const row = (label: string, value: string | undefined, mono = true) => (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" w={140}>
        {label}
      </Text>
      <Text size="sm" className={mono ? 'mono' : undefined}>
        {value || '—'}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-label="AWS Lambda settings">
      <Stack gap="sm">
        <Title order={3} size="h4">
          AWS Lambda settings
        </Title>
        <Stack gap={4}>
          {row('Region', s.region)}
          {row('Endpoint', s.endpoint || `https://lambda.${s.region ?? '…'}.amazonaws.com`)}
          {row('Access key id', s.accessKeyId)}
          {row('Secret access key', s.secretAccessKey)}
        </Stack>
        <Table withTableBorder striped aria-label="Lambda functions" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Method</Table.Th>
              <Table.Th>Function</Table.Th>
              <Table.Th>Alias</Table.Th>
              <Table.Th>Parameters</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(s.functions ?? []).map((f) => (
              <Table.Tr key={f.methodName ?? f.name}>
                <Table.Td className="mono">{f.methodName ?? f.name}</Table.Td>
                <Table.Td className="mono">{f.name}</Table.Td>
                <Table.Td className="mono">{f.alias ?? '—'}</Table.Td>
                <Table.Td className="mono">{f.params?.join(', ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          To change these settings, delete the service and create it again.
        </Text>
      </Stack>
    </Paper>
  );
}
