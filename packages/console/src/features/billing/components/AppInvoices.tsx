import { Card, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useAppInvoices } from '../api/billing.queries';
import { periodText } from './money';
import { InvoiceAmount, InvoiceNumber, InvoiceStatusBadge } from './InvoiceCells';

/**
 * The app's invoices (decision 0089), newest first: period, plan, amount and status. Invoices are
 * issued for priced plans only; the operator marks them paid or void. The server offers no
 * invoice document to download yet, so there is no download button.
 */
export function AppInvoices({ appId }: { appId: string }) {
  const invoices = useAppInvoices(appId);
  return (
    <Stack gap="md">
      <div>
        <Title order={3}>Invoices</Title>
        <Text size="sm" c="dimmed">
          One invoice per billing period while the app is on a priced plan.
        </Text>
      </div>
      {invoices.isPending ? (
        <Skeleton height={120} />
      ) : invoices.isError ? (
        <ErrorAlert error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : invoices.data.length === 0 ? (
        <Card withBorder radius="md" padding="xl" data-testid="app-invoices-empty">
          <Stack align="center" gap="xs">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray">
              <IconFileInvoice size={24} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600}>No invoices yet</Text>
            <Text size="sm" c="dimmed" maw={480} ta="center">
              Free plans are never invoiced. On a priced plan, the invoice of each period appears here once it is
              issued.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" data-testid="app-invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Period</Table.Th>
                <Table.Th>Plan</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th pl="xl">Status</Table.Th>
                <Table.Th>Paid through</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    <InvoiceNumber invoice={i} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{periodText(i.periodStart, i.periodEnd)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" className="mono">
                      {i.planId}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {i.line} · {i.period}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <InvoiceAmount invoice={i} />
                  </Table.Td>
                  <Table.Td pl="xl">
                    <InvoiceStatusBadge invoice={i} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{i.provider === 'stripe' ? 'Stripe' : 'Invoice'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
