import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Rating,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import type { MarketplaceInstall, MarketplaceProduct } from '@basalt/shared';
import { useCrumbLabel } from '../../../app/shell/crumb-labels';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDate } from '../../../lib/format';
import { InstallWizard } from '../components/InstallWizard';
import { ProductComments } from '../components/ProductComments';
import { ProductReviews } from '../components/ProductReviews';
import { STATUS_COLORS, compareVersions, kindLabel, priceLabel } from '../components/product-format';
import { useAppInstalls, useProduct, useProductVersions, useUninstallProduct } from '../api/marketplace.queries';

function InstallActions({
  appId,
  product,
  installed,
  onInstall,
}: {
  appId: string;
  product: MarketplaceProduct;
  installed?: MarketplaceInstall;
  onInstall: (version?: string) => void;
}) {
  const uninstall = useUninstallProduct(appId);
  const [confirming, setConfirming] = useState(false);
  if (product.status !== 'approved' && !product.version) return null;
  if (!installed)
    return (
      <Button onClick={() => onInstall()} disabled={!product.version}>
        {product.price > 0 ? `Buy and install · ${priceLabel(product)}` : 'Install into this app'}
      </Button>
    );
  const newer = product.version && compareVersions(product.version, installed.version) > 0 ? product.version : null;
  return (
    <Group gap="xs">
      <Badge size="lg" color="teal" variant="light" tt="none" data-testid="installed-badge">
        Installed · v{installed.version}
      </Badge>
      {newer && <Button onClick={() => onInstall(newer)}>Upgrade to {newer}</Button>}
      <Button variant="default" onClick={() => onInstall(installed.version)}>
        Configure
      </Button>
      <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
        Uninstall
      </Button>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Uninstall ${product.name}?`}
        confirmLabel="Uninstall"
        loading={uninstall.isPending}
        error={uninstall.error}
        onConfirm={() => uninstall.mutate(product.id, { onSuccess: () => setConfirming(false) })}
      >
        {product.kind === 'cloud-code-service'
          ? 'Its services are taken out of the app: calls to them stop working. The product stays allocated to the app, so you can install it again.'
          : product.kind === 'ui-component'
            ? 'The component is taken out of its UI Builder container. Pages using it lose it. You can install it again later.'
            : 'Its install and configuration are removed from the app. You can install it again later.'}
      </ConfirmModal>
    </Group>
  );
}

/** A product (docs/console-screens.md §2.15): description, versions, reviews and comments; install, upgrade, uninstall. */
export default function ProductPage() {
  const { appId = '', productId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'overview';
  const product = useProduct(productId);
  const versions = useProductVersions(productId);
  const installs = useAppInstalls(appId);
  const [wizard, setWizard] = useState<{ version?: string } | null>(null);
  const back = `/apps/${appId}/marketplace`;
  const installed = installs.data?.find((i) => i.productId === productId);
  const installedIds = useMemo(() => new Set((installs.data ?? []).map((i) => i.productId)), [installs.data]);
  const approved = (versions.data ?? []).filter((v) => v.status === 'approved');
  useCrumbLabel(productId, product.data?.name);

  if (product.isPending)
    return (
      <Stack>
        <Skeleton height={32} width={320} />
        <Skeleton height={160} />
      </Stack>
    );
  if (product.isError)
    return (
      <ErrorAlert
        error={product.error}
        onRetry={() => void product.refetch()}
        parent={{ to: back, label: 'Back to the marketplace' }}
      />
    );
  const p = product.data;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Marketplace
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>{p.name}</Title>
            <Badge variant="light" color={p.price > 0 ? 'violet' : 'teal'}>
              {priceLabel(p)}
            </Badge>
            {p.status !== 'approved' && (
              <Badge variant="light" color={STATUS_COLORS[p.status]}>
                {p.status}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {kindLabel(p.kind)}
              {p.version ? ` · v${p.version}` : ''} · {p.installs} {p.installs === 1 ? 'install' : 'installs'}
            </Text>
            <Rating value={p.rating ?? 0} fractions={2} readOnly size="xs" aria-hidden />
            <Text size="sm" c="dimmed" data-testid="product-rating">
              {p.rating === null
                ? 'No reviews'
                : `${p.rating.toFixed(1)} (${p.reviews} ${p.reviews === 1 ? 'review' : 'reviews'})`}
            </Text>
          </Group>
        </Stack>
        {installs.isError ? (
          <ErrorAlert
            error={installs.error}
            onRetry={() => void installs.refetch()}
            title="Could not read this app's installs"
          />
        ) : (
          !installs.isPending && (
            <InstallActions
              appId={appId}
              product={p}
              installed={installed}
              onInstall={(version) => setWizard({ version })}
            />
          )
        )}
      </Group>
      {!p.applied && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {kindLabel(p.kind)} products are stored with their install; this server does not apply them to the app yet.
        </Alert>
      )}
      {p.mine && p.reason && (
        <Alert color="red" variant="light" title="Rejected">
          {p.reason}
        </Alert>
      )}

      <Tabs
        value={tab}
        onChange={(t) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              if (t && t !== 'overview') next.set('tab', t);
              else next.delete('tab');
              return next;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List aria-label="Product sections">
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="reviews">Reviews ({p.reviews})</Tabs.Tab>
          <Tabs.Tab value="comments">Comments</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Stack gap="lg">
            <Card withBorder radius="md" padding="md">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {p.description || 'The developer wrote no description.'}
              </Text>
            </Card>
            <Stack gap="xs">
              <Title order={4}>Versions</Title>
              {versions.isPending ? (
                <Skeleton height={80} />
              ) : versions.isError ? (
                <ErrorAlert error={versions.error} onRetry={() => void versions.refetch()} />
              ) : versions.data.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No version is approved yet.
                </Text>
              ) : (
                <Table withTableBorder striped data-testid="versions">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Version</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Notes</Table.Th>
                      <Table.Th>Files</Table.Th>
                      <Table.Th>Released</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {versions.data.map((v) => (
                      <Table.Tr key={v.id}>
                        <Table.Td className="mono">
                          {v.version}
                          {installed?.version === v.version && (
                            <Badge size="xs" ml="xs" color="teal" variant="light">
                              installed
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Badge size="sm" variant="light" color={STATUS_COLORS[v.status]}>
                            {v.status}
                          </Badge>
                          {v.reason && (
                            <Text size="xs" c="dimmed">
                              {v.reason}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" lineClamp={2}>
                            {v.notes || '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td>{v.files.length}</Table.Td>
                        <Table.Td>{formatDate(v.created)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="reviews" pt="md">
          <ProductReviews productId={p.id} canReview={!p.mine && p.status === 'approved'} />
        </Tabs.Panel>
        <Tabs.Panel value="comments" pt="md">
          <ProductComments productId={p.id} />
        </Tabs.Panel>
      </Tabs>

      {approved.length > 0 && (
        <InstallWizard
          opened={!!wizard}
          onClose={() => setWizard(null)}
          appId={appId}
          product={p}
          versions={approved}
          installed={installed}
          targetVersion={wizard?.version}
          installedProductIds={installedIds}
        />
      )}
    </Stack>
  );
}
