import { Badge, Text } from '@mantine/core';
import { IconBan, IconCheck } from '@tabler/icons-react';
import type { Invoice } from '@basalt/shared';
import { INVOICE_STATUS_COLOR, dateTime, money } from './money';

/**
 * The parts of an invoice row that the app's Billing and the operator's Invoices show alike
 * (decision 0089): its number with the issue time, its amount, and its status with when (and, for
 * the operator, by whom) it was settled.
 */
export function InvoiceNumber({ invoice }: { invoice: Invoice }) {
  return (
    <>
      <Text className="mono">{invoice.number}</Text>
      <Text size="xs" c="dimmed">
        issued {dateTime(invoice.created)}
      </Text>
    </>
  );
}

export function InvoiceAmount({ invoice }: { invoice: Invoice }) {
  return (
    <Text size="sm" fw={600}>
      {money(invoice.amount, invoice.currency)}
    </Text>
  );
}

export function InvoiceStatusBadge({ invoice, showSettledBy = false }: { invoice: Invoice; showSettledBy?: boolean }) {
  return (
    <>
      <Badge
        variant="light"
        color={INVOICE_STATUS_COLOR[invoice.status]}
        leftSection={
          invoice.status === 'paid' ? (
            <IconCheck size={12} />
          ) : invoice.status === 'void' ? (
            <IconBan size={12} />
          ) : undefined
        }
      >
        {invoice.status}
      </Badge>
      {invoice.settled !== null && (
        <Text size="xs" c="dimmed">
          {dateTime(invoice.settled)}
          {showSettledBy && invoice.settledBy ? ` · ${invoice.settledBy}` : ''}
        </Text>
      )}
    </>
  );
}
