import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { MarketplaceProduct } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDateTime } from '../../../lib/format';
import { useRemoveProduct, useSubmissions } from '../api/marketplace.queries';
import { PublishModal } from '../components/PublishModal';
import { STATUS_COLORS, kindLabel, priceLabel } from '../components/product-format';

/** The developer's products and submissions: publish a product or a version, see pending / approved / rejected with the reason. */
export default function MyProductsPage() {
  const { appId = '' } = useParams();
  const submissions = useSubmissions(false);
  const remove = useRemoveProduct();
  const [publishing, setPublishing] = useState(false);
  const [removing, setRemoving] = useState<MarketplaceProduct | null>(null);
  const products = useMemo(() => {
    const seen = new Map<string, MarketplaceProduct>();
    for (const s of submissions.data ?? []) if (!seen.has(s.product.id)) seen.set(s.product.id, s.product);
    return [...seen.values()];
  }, [submissions.data]);

  const publishButton = (
    <Button leftSection={<IconUpload size={16} />} onClick={() => setPublishing(true)}>
      Publish a product
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {submissions.data
            ? `${products.length} ${products.length === 1 ? 'product' : 'products'}, ${submissions.data.length} ${submissions.data.length === 1 ? 'submission' : 'submissions'}`
            : 'Your products and their submissions'}
        </Text>
        {publishButton}
      </Group>
      {submissions.isPending ? (
        <Skeleton height={120} />
      ) : submissions.isError ? (
        <ErrorAlert error={submissions.error} onRetry={() => void submissions.refetch()} />
      ) : submissions.data.length === 0 ? (
        <Stack align="center" gap="xs" py={48}>
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconUpload size={26} stroke={1.5} />
          </ThemeIcon>
          <Text fw={600}>You have not published anything yet</Text>
          <Text size="sm" c="dimmed" ta="center" maw={480}>
            Publish a UI component, a cloud code service or a template from a bundle. An operator of this server
            approves it before other developers see it.
          </Text>
        </Stack>
      ) : (
        <Table withTableBorder striped data-testid="submissions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>Submitted</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {submissions.data.map(({ product, version }) => (
              <Table.Tr key={version.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/apps/${appId}/marketplace/products/${encodeURIComponent(product.id)}`}>
                    {product.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {kindLabel(product.kind)}
                  </Text>
                </Table.Td>
                <Table.Td className="mono">{version.version}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLORS[version.status]}>
                    {version.status}
                  </Badge>
                  {version.reason && (
                    <Text size="xs" c="red" mt={2}>
                      {version.reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{priceLabel(product)}</Table.Td>
                <Table.Td>{formatDateTime(version.created)}</Table.Td>
                <Table.Td>
                  {product.status !== 'removed' && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(product)}>
                      Remove
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <PublishModal opened={publishing} onClose={() => setPublishing(false)} appId={appId} products={products} />
      <ConfirmModal
        opened={!!removing}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.name ?? ''} from the marketplace?`}
        confirmLabel="Remove product"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        Nobody can find or install it any more. Apps that installed it keep it.
      </ConfirmModal>
    </Stack>
  );
}
