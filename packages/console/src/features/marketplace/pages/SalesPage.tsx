import { SimpleGrid, Skeleton, Stack, Card, Table, Text, Title } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDateTime } from '../../../lib/format';
import { useSales } from '../api/marketplace.queries';
import { priceLabel } from '../components/product-format';

const money = (amount: number, currency: string) => (amount === 0 ? '0' : priceLabel({ price: amount, currency }));

/** The developer's sales: totals, per product, and the ledger of each purchase. Payouts follow the payment provider. */
export default function SalesPage() {
  const sales = useSales();
  if (sales.isPending) return <Skeleton height={160} />;
  if (sales.isError) return <ErrorAlert error={sales.error} onRetry={() => void sales.refetch()} />;
  const { general, products, ledger } = sales.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {[
          ['Sales', String(general.sales)],
          ['Earned', money(general.amount, general.currency)],
          ['Products', String(general.products)],
        ].map(([label, value]) => (
          <Card key={label} withBorder radius="md" padding="md">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Title order={3}>{value}</Title>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Free installs count as sales of 0. This server does not pay out by itself: payouts follow its payment provider.
      </Text>
      <Stack gap="xs">
        <Title order={4}>Per product</Title>
        {products.length === 0 ? (
          <Text size="sm" c="dimmed">
            No sales yet.
          </Text>
        ) : (
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Sales</Table.Th>
                <Table.Th>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.map((p) => (
                <Table.Tr key={p.productId}>
                  <Table.Td>{p.productName}</Table.Td>
                  <Table.Td>{p.sales}</Table.Td>
                  <Table.Td>{money(p.amount, p.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4}>Ledger</Title>
        {ledger.length === 0 ? (
          <Text size="sm" c="dimmed">
            Each purchase of your products appears here.
          </Text>
        ) : (
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th>App</Table.Th>
                <Table.Th>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ledger.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDateTime(e.created)}</Table.Td>
                  <Table.Td>{e.productName}</Table.Td>
                  <Table.Td className="mono">{e.appId ?? 'account'}</Table.Td>
                  <Table.Td>{money(e.amount, e.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}
