import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { errorInfo } from '../../../lib/errors';
import { useGetChain, useUpdateChain } from '../api/handlers.queries';

interface ChainEntry {
  id: string;
  model: string;
  language: string;
  target: string;
  mode: string;
  enabled: boolean;
}

/**
 * The order in which the handlers of one event and target run (`*` ones included). Move a handler
 * with its arrow buttons (keyboard reachable), then save the order.
 */
export function ChainModal({
  appId,
  eventId,
  eventName,
  context,
  onClose,
}: {
  appId: string;
  eventId: number | undefined;
  eventName: string;
  context: string | undefined;
  onClose: () => void;
}) {
  const chain = useGetChain(appId, eventId, context);
  const update = useUpdateChain(appId);
  const [order, setOrder] = useState<ChainEntry[]>([]);
  useEffect(() => {
    if (chain.data) setOrder(chain.data.handlers);
  }, [chain.data]);

  const move = (i: number, by: number) =>
    setOrder((list) => {
      const next = [...list];
      const [item] = next.splice(i, 1);
      next.splice(i + by, 0, item);
      return next;
    });

  return (
    <Modal
      opened={eventId !== undefined}
      onClose={onClose}
      title={`Order of ${eventName} on ${context ?? ''}`}
      size="md"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Handlers run top to bottom; each sees what the one before it changed.
        </Text>
        {chain.isPending && <Skeleton height={80} />}
        {chain.isError && (
          <Alert color="red" variant="light">
            {errorInfo(chain.error).message}
          </Alert>
        )}
        <Stack gap={4} role="list" aria-label="Handler order">
          {order.map((h, i) => (
            <Group
              key={h.id}
              role="listitem"
              justify="space-between"
              p={6}
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
            >
              <Group gap="xs">
                <Text size="sm" fw={500} w={20}>
                  {i + 1}.
                </Text>
                <Text size="sm" className="mono">
                  {h.model}
                </Text>
                <Badge size="xs" variant="light">
                  {h.target}
                </Badge>
                {!h.enabled && (
                  <Badge size="xs" color="gray">
                    off
                  </Badge>
                )}
              </Group>
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${h.model} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <IconArrowUp size={16} stroke={1.5} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${h.model} down`}
                  disabled={i === order.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <IconArrowDown size={16} stroke={1.5} />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
        {update.error && (
          <Alert color="red" variant="light">
            {errorInfo(update.error).message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={update.isPending}
            disabled={order.length < 2}
            onClick={() =>
              eventId !== undefined &&
              context &&
              update.mutate({ eventId, context, ids: order.map((h) => h.id) }, { onSuccess: onClose })
            }
          >
            Save order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
