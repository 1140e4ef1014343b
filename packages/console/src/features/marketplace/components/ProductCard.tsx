import { Link } from 'react-router';
import { Badge, Card, Group, Rating, Stack, Text } from '@mantine/core';
import type { MarketplaceProduct } from '@basalt/shared';
import { kindLabel, priceLabel } from './product-format';

/** A product in the catalogue: name, kind, price or Free, rating, installs; the whole card opens the product page. */
export function ProductCard({ product, to }: { product: MarketplaceProduct; to: string }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={to}
      aria-label={`${product.name}, ${kindLabel(product.kind)}, ${priceLabel(product)}`}
      data-testid="product-card"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Stack gap={6} style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} lineClamp={1}>
            {product.name}
          </Text>
          <Badge variant="light" color={product.price > 0 ? 'violet' : 'teal'} style={{ flexShrink: 0 }}>
            {priceLabel(product)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {kindLabel(product.kind)}
          {product.version ? ` · v${product.version}` : ''}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2} style={{ flex: 1 }}>
          {product.description || 'No description yet.'}
        </Text>
        <Group justify="space-between" mt={4}>
          <Group gap={6}>
            <Rating value={product.rating ?? 0} fractions={2} readOnly size="xs" aria-hidden />
            <Text size="xs" c="dimmed">
              {product.rating === null ? 'No reviews' : `${product.rating.toFixed(1)} (${product.reviews})`}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {product.installs} {product.installs === 1 ? 'install' : 'installs'}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
