import { Paper, Table, Text, Title } from '@mantine/core';
import { DeviceTypes, type AppSummary } from '@basalt/shared';
import { CopyValue } from '../../../components/CopyValue';

const deviceNames: Record<string, string> = {
  ANDROID: 'Android',
  IOS: 'iOS',
  JS: 'JavaScript',
  REST: 'REST',
  WP: 'Windows Phone',
  AS: 'ActionScript',
  BL: 'Business Logic',
};

/** API keys in the device order clients expect: ANDROID, IOS, JS, REST, WP, AS, BL, then custom keys. */
export function ApiKeysCard({ apiKeys }: { apiKeys: NonNullable<AppSummary['apiKeys']> }) {
  const rank = (device: string) => {
    const i = (DeviceTypes as readonly string[]).indexOf(device);
    return i < 0 ? DeviceTypes.length : i;
  };
  const ordered = [...apiKeys].sort((a, b) => rank(a.deviceType) - rank(b.deviceType));
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} mb={4}>
        API keys
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        One key per kind of client. A client sends it in the URL after the app id.
      </Text>
      <Table verticalSpacing={6} aria-label="API keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={160}>Client</Table.Th>
            <Table.Th>Key</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ordered.map((key) => (
            <Table.Tr key={key.deviceType} data-device={key.deviceType}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {deviceNames[key.deviceType] ?? key.deviceType}
                </Text>
                <Text size="xs" c="dimmed" className="mono">
                  {key.deviceType}
                </Text>
              </Table.Td>
              <Table.Td>
                <CopyValue value={key.apiKey} label={`Copy ${deviceNames[key.deviceType] ?? key.deviceType} API key`} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
