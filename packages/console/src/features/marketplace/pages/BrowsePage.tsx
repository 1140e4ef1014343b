import { useParams, useSearchParams } from 'react-router';
import { Anchor, Chip, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconSearch } from '@tabler/icons-react';
import type { MarketplaceProduct } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ProductCard } from '../components/ProductCard';
import { useCategories, useProductSearch, useSections } from '../api/marketplace.queries';

function ProductGrid({ products, appId }: { products: MarketplaceProduct[]; appId: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
      {products.map((p) => (
        <ProductCard key={p.id} product={p} to={`/apps/${appId}/marketplace/products/${encodeURIComponent(p.id)}`} />
      ))}
    </SimpleGrid>
  );
}

function GridSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={150} radius="md" />
      ))}
    </SimpleGrid>
  );
}

function EmptyCatalogue({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Stack align="center" gap="xs" py={48} data-testid="marketplace-empty">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        <IconBuildingStore size={26} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600}>{filtered ? 'No products match' : 'The marketplace has no products yet'}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={460}>
        {filtered
          ? 'Try other words or another category.'
          : 'Products appear here once their developers publish them and an operator of this server approves them. Publish your own from My products.'}
      </Text>
      {filtered && (
        <Anchor component="button" size="sm" onClick={onClear}>
          Clear search
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * Browse (docs/console-screens.md §2.15): search and categories in the URL (`q`, `category`); without either,
 * the server's sections (newest, top rated, free, UI, backend).
 */
export default function BrowsePage() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const categories = useCategories();
  const sections = useSections();
  const search = useProductSearch(q.trim(), category);
  const filtered = !!(q.trim() || category);

  const setParam = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const sectionsWithProducts = (sections.data ?? []).filter((s) => s.products.length > 0);

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <TextInput
          label="Search products"
          placeholder="Name or description"
          leftSection={<IconSearch size={16} stroke={1.5} />}
          value={q}
          onChange={(e) => setParam('q', e.currentTarget.value)}
          maw={480}
        />
        {categories.isError ? (
          <ErrorAlert error={categories.error} onRetry={() => void categories.refetch()} />
        ) : (
          <Chip.Group
            multiple={false}
            value={category || 'all'}
            onChange={(v) => setParam('category', v === 'all' ? '' : v)}
          >
            <Group gap="xs" role="group" aria-label="Categories">
              <Chip value="all" size="sm" variant="outline">
                All
              </Chip>
              {(categories.data ?? [])
                .filter((c) => c.products > 0 || c.id === category)
                .map((c) => (
                  <Chip key={c.id} value={c.id} size="sm" variant="outline">
                    {c.name} ({c.products})
                  </Chip>
                ))}
            </Group>
          </Chip.Group>
        )}
      </Stack>

      {filtered ? (
        search.isPending ? (
          <GridSkeleton />
        ) : search.isError ? (
          <ErrorAlert error={search.error} onRetry={() => void search.refetch()} />
        ) : search.data.length === 0 ? (
          <EmptyCatalogue filtered onClear={() => setParams({}, { replace: true })} />
        ) : (
          <Stack gap="sm" style={{ opacity: search.isPlaceholderData ? 0.6 : 1 }}>
            <Text size="sm" c="dimmed">
              {search.data.length} {search.data.length === 1 ? 'product' : 'products'}
            </Text>
            <ProductGrid products={search.data} appId={appId} />
          </Stack>
        )
      ) : sections.isPending ? (
        <GridSkeleton />
      ) : sections.isError ? (
        <ErrorAlert error={sections.error} onRetry={() => void sections.refetch()} />
      ) : sectionsWithProducts.length === 0 ? (
        <EmptyCatalogue filtered={false} onClear={() => undefined} />
      ) : (
        sectionsWithProducts.map((s) => (
          <Stack key={s.id} gap="sm" component="section" aria-label={s.name}>
            <Title order={3}>{s.name}</Title>
            <ProductGrid products={s.products} appId={appId} />
          </Stack>
        ))
      )}
    </Stack>
  );
}
