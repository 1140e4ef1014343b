import { useState } from 'react';
import { Badge, Button, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDateTime } from '../../../lib/format';
import { useGetDeployments, useRollbackDeployment } from '../api/drafts.queries';

/** The model's deployments, newest first, with a way back to an earlier one. */
export function DeploymentsDrawer({
  appId,
  model,
  opened,
  onClose,
}: {
  appId: string;
  model: string;
  opened: boolean;
  onClose: () => void;
}) {
  const deployments = useGetDeployments(appId, model, opened);
  const rollback = useRollbackDeployment(appId, model);
  const [target, setTarget] = useState<string | null>(null);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={`Deployments of ${model}`}>
      {deployments.isPending && <Skeleton height={160} />}
      {deployments.isError && <ErrorAlert error={deployments.error} onRetry={() => void deployments.refetch()} />}
      {deployments.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing deployed yet. Deploy the drafts to make them production.
        </Text>
      )}
      <Stack gap="sm">
        {deployments.data?.map((d) => (
          <Stack
            key={d.id}
            gap={2}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
          >
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {formatDateTime(d.created)}
              </Text>
              {d.active ? (
                <Badge color="green" variant="light">
                  Production
                </Badge>
              ) : (
                <Button size="compact-xs" variant="default" onClick={() => setTarget(d.id)}>
                  Roll back to this
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {d.services.length ? `Services ${d.services.join(', ')}` : 'No services'} · {d.handlers} handlers ·{' '}
              {d.timers} timers · {d.files.length} files{d.createdBy ? ` · by ${d.createdBy}` : ''}
            </Text>
          </Stack>
        ))}
      </Stack>
      <ConfirmModal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title="Roll back production?"
        confirmLabel="Roll back"
        destructive={false}
        loading={rollback.isPending}
        error={rollback.error}
        onConfirm={() => target && rollback.mutate(target, { onSuccess: () => setTarget(null) })}
      >
        Production switches to this deployment&apos;s code at once: its services, handlers and timers replace the
        current ones. The drafts do not change.
      </ConfirmModal>
    </Drawer>
  );
}
