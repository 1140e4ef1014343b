import { useState } from 'react';
import { Badge, Button, Group, Modal, Skeleton, Stack, Table, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import type { MarketplaceProduct, ProductVersion } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDateTime } from '../../../lib/format';
import { fieldError } from '../../../lib/errors';
import { useDecideSubmission, useSubmissions } from '../api/marketplace.queries';
import { kindLabel, priceLabel } from '../components/product-format';

type Submission = { product: MarketplaceProduct; version: ProductVersion; developerEmail: string };

/**
 * Operator: every pending marketplace submission (decision 0088 §3), approved at once or rejected with a
 * reason the developer sees. Developers who are not operators get the server's 403, shown as such.
 */
export default function ProductApprovalsPage() {
  const submissions = useSubmissions(true);
  const decide = useDecideSubmission();
  const [rejecting, setRejecting] = useState<Submission | null>(null);
  const [reason, setReason] = useState('');
  const pending = (submissions.data ?? []).filter((s) => s.version.status === 'pending');

  return (
    <>
      <Stack gap={4} mb="md">
        <Title order={2}>Product approvals</Title>
        <Text size="sm" c="dimmed">
          Marketplace submissions waiting for a decision. Approved versions are listed for every developer; a rejection
          sends its reason to the developer.
        </Text>
      </Stack>
      {decide.isError && !rejecting && <ErrorAlert error={decide.error} title="The decision was not saved" />}
      {submissions.isPending ? (
        <Skeleton height={140} />
      ) : submissions.isError ? (
        <ErrorAlert error={submissions.error} onRetry={() => void submissions.refetch()} />
      ) : pending.length === 0 ? (
        <Stack align="center" gap="xs" py={48} data-testid="approvals-empty">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconChecklist size={26} stroke={1.5} />
          </ThemeIcon>
          <Text fw={600}>Nothing waits for a decision</Text>
          <Text size="sm" c="dimmed">
            New products and versions appear here when developers submit them.
          </Text>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {pending.length} pending {pending.length === 1 ? 'submission' : 'submissions'}
          </Text>
          <Table withTableBorder striped data-testid="approvals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Developer</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Bundle</Table.Th>
                <Table.Th>Submitted</Table.Th>
                <Table.Th aria-label="Decision" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pending.map((s) => (
                <Table.Tr key={s.version.id} aria-label={`${s.product.name} ${s.version.version}`}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {s.product.name}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {kindLabel(s.product.kind)} · {s.product.description || 'no description'}
                    </Text>
                  </Table.Td>
                  <Table.Td className="mono">
                    {s.version.version}
                    {s.product.version && (
                      <Badge size="xs" ml={6} variant="light">
                        listed: {s.product.version}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{s.developerEmail}</Table.Td>
                  <Table.Td>{priceLabel(s.product)}</Table.Td>
                  <Table.Td>
                    <Text size="xs" className="mono" lineClamp={3}>
                      {s.version.files.map((f) => f.path).join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDateTime(s.version.created)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        color="teal"
                        loading={
                          decide.isPending &&
                          decide.variables.productId === s.product.id &&
                          decide.variables.reason === undefined
                        }
                        onClick={() => decide.mutate({ productId: s.product.id })}
                      >
                        Approve
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => {
                          decide.reset();
                          setReason('');
                          setRejecting(s);
                        }}
                      >
                        Reject
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <Modal
        opened={!!rejecting}
        onClose={() => setRejecting(null)}
        title={`Reject ${rejecting?.product.name ?? ''} ${rejecting?.version.version ?? ''}?`}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (rejecting && reason.trim())
              decide.mutate(
                { productId: rejecting.product.id, reason: reason.trim() },
                { onSuccess: () => setRejecting(null) },
              );
          }}
        >
          <Stack gap="sm">
            <Textarea
              label="Reason"
              description="The developer sees it next to the submission."
              required
              autosize
              minRows={3}
              data-autofocus
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={fieldError(decide.error, 'reason')}
            />
            {decide.isError && !fieldError(decide.error, 'reason') && <ErrorAlert error={decide.error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(null)}>
                Cancel
              </Button>
              <Button type="submit" color="red" disabled={!reason.trim()} loading={decide.isPending}>
                Reject
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
