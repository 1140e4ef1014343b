import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan, IconCheck, IconDots, IconFileInvoice, IconReceipt } from '@tabler/icons-react';
import type { Invoice, InvoiceStatus } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { changedSearchParams } from '../../../lib/search-params';
import { useGenerateInvoices, useInvoices, useSettleInvoice } from '../api/operator.queries';
import { money, periodText } from '../../billing/components/money';
import { InvoiceAmount, InvoiceNumber, InvoiceStatusBadge } from '../../billing/components/InvoiceCells';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'paid', label: 'Paid' },
  { value: 'void', label: 'Void' },
];

/**
 * Every app's invoices (decision 0089), newest first, filtered by status in the URL (`?status=`).
 * An open invoice is marked paid or void after a confirmation naming it; a settled one shows
 * when and by whom. "Issue invoices now" runs the hourly job's work at once.
 */
export default function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = raw === 'open' || raw === 'paid' || raw === 'void' ? (raw as InvoiceStatus) : undefined;
  const invoices = useInvoices(status);
  const settle = useSettleInvoice();
  const generate = useGenerateInvoices();
  const [pending, setPending] = useState<{ invoice: Invoice; as: 'paid' | 'void' }>();

  const ask = (invoice: Invoice, as: 'paid' | 'void') => {
    settle.reset();
    setPending({ invoice, as });
  };
  const confirm = () => {
    if (!pending) return;
    settle.mutate(pending, {
      onSuccess: (done) => {
        setPending(undefined);
        notifications.show({
          color: 'teal',
          message: `Invoice ${done.number} is ${done.status === 'paid' ? 'marked paid' : 'void'}.`,
        });
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={3}>Invoices</Title>
          {invoices.data && (
            <Badge variant="light" color="gray" data-testid="invoice-count">
              {invoices.data.length}
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          <SegmentedControl
            aria-label="Invoice status"
            value={status ?? 'all'}
            onChange={(v) => setParams(changedSearchParams({ status: v === 'all' ? null : v }), { replace: true })}
            data={FILTERS}
          />
          <Button
            variant="default"
            leftSection={<IconReceipt size={18} stroke={1.5} />}
            loading={generate.isPending}
            onClick={() =>
              generate.mutate(undefined, {
                onSuccess: ({ created }) =>
                  notifications.show({
                    color: 'teal',
                    message:
                      created === 0
                        ? 'Every invoice of this period is issued already.'
                        : `${created} invoice${created === 1 ? '' : 's'} issued.`,
                  }),
              })
            }
          >
            Issue invoices now
          </Button>
        </Group>
      </Group>

      {invoices.isPending ? (
        <Stack gap={6}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={34} />
          ))}
        </Stack>
      ) : invoices.isError ? (
        <ErrorAlert error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : invoices.data.length === 0 ? (
        <Card withBorder radius="md" padding="xl" data-testid="invoices-empty">
          <Stack align="center" gap="xs">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray">
              <IconFileInvoice size={24} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600}>{status ? `No ${status} invoices` : 'No invoices yet'}</Text>
            <Text size="sm" c="dimmed" maw={520} ta="center">
              Apps on a priced plan get an invoice for each billing period; free plans get none. The hourly job issues
              them, or issue them now.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="invoices-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>App</Table.Th>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Period</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th pl="xl">Status</Table.Th>
                <Table.Th>Paid through</Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.map((i) => (
                <Table.Tr key={i.id} data-testid={`invoice-${i.number}`}>
                  <Table.Td>
                    <InvoiceNumber invoice={i} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/apps/${i.appId}/billing`} size="sm">
                      {i.appName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {i.line} line
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" className="mono">
                      {i.planId}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {i.period}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{periodText(i.periodStart, i.periodEnd)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <InvoiceAmount invoice={i} />
                  </Table.Td>
                  <Table.Td pl="xl">
                    <InvoiceStatusBadge invoice={i} showSettledBy />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{i.provider === 'stripe' ? 'Stripe' : 'Manual (invoice)'}</Text>
                  </Table.Td>
                  <Table.Td>
                    {i.status === 'open' ? (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for invoice ${i.number}`}>
                            <IconDots size={16} stroke={1.5} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item leftSection={<IconCheck size={16} stroke={1.5} />} onClick={() => ask(i, 'paid')}>
                            Mark paid
                          </Menu.Item>
                          <Menu.Item
                            color="red"
                            leftSection={<IconBan size={16} stroke={1.5} />}
                            onClick={() => ask(i, 'void')}
                          >
                            Void
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <ConfirmModal
        opened={!!pending}
        onClose={() => setPending(undefined)}
        title={
          pending?.as === 'paid'
            ? `Mark invoice ${pending.invoice.number} paid?`
            : `Void invoice ${pending?.invoice.number ?? ''}?`
        }
        confirmLabel={pending?.as === 'paid' ? 'Mark paid' : 'Void invoice'}
        destructive={pending?.as === 'void'}
        onConfirm={confirm}
        loading={settle.isPending}
        error={settle.error}
      >
        {pending && (
          <Text size="sm">
            {pending.invoice.appName}, {periodText(pending.invoice.periodStart, pending.invoice.periodEnd)}:{' '}
            {money(pending.invoice.amount, pending.invoice.currency)}.{' '}
            {pending.as === 'paid'
              ? 'Record that the money arrived. A paid invoice cannot be changed again.'
              : 'The app owes nothing for this period. A void invoice cannot be changed again.'}
          </Text>
        )}
      </ConfirmModal>
    </Stack>
  );
}
