import { Link, useParams } from 'react-router';
import { Anchor, Badge, Button, Skeleton, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDateTime } from '../../../lib/format';
import { useAppInstalls } from '../api/marketplace.queries';
import { kindLabel } from '../components/product-format';

/** The products installed in this app, with version, target and configuration (secrets masked). */
export default function InstalledPage() {
  const { appId = '' } = useParams();
  const installs = useAppInstalls(appId);
  if (installs.isPending) return <Skeleton height={120} />;
  if (installs.isError) return <ErrorAlert error={installs.error} onRetry={() => void installs.refetch()} />;
  if (installs.data.length === 0)
    return (
      <Stack align="center" gap="xs" py={48}>
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconPackage size={26} stroke={1.5} />
        </ThemeIcon>
        <Text fw={600}>Nothing is installed in this app yet</Text>
        <Text size="sm" c="dimmed">
          Browse the marketplace and install a product: it shows up here with its version and configuration.
        </Text>
        <Button component={Link} to={`/apps/${appId}/marketplace`} variant="light">
          Browse products
        </Button>
      </Stack>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {installs.data.length} installed {installs.data.length === 1 ? 'product' : 'products'}
      </Text>
      <Table withTableBorder striped highlightOnHover data-testid="installs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Goes into</Table.Th>
            <Table.Th>Configuration</Table.Th>
            <Table.Th>Updated</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {installs.data.map((i) => (
            <Table.Tr key={i.productId}>
              <Table.Td>
                <Anchor component={Link} to={`/apps/${appId}/marketplace/products/${encodeURIComponent(i.productId)}`}>
                  {i.productName}
                </Anchor>
              </Table.Td>
              <Table.Td>{kindLabel(i.kind)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color="teal" tt="none">
                  v{i.version}
                </Badge>
              </Table.Td>
              <Table.Td className="mono">{i.target}</Table.Td>
              <Table.Td>
                <Text size="xs" className="mono">
                  {Object.entries(i.configuration)
                    .map(([k, v]) => `${k}=${String(v)}`)
                    .join(', ') || '—'}
                </Text>
              </Table.Td>
              <Table.Td>{formatDateTime(i.updated)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
