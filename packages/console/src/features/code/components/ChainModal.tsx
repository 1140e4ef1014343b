import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { errorInfo } from '../../../lib/errors';
import { useGetChain, useUpdateChain } from '../api/handlers.queries';
import { indexAt } from '../chain-drag';

interface ChainEntry {
  id: string;
  model: string;
  language: string;
  target: string;
  mode: string;
  enabled: boolean;
}

/**
 * The order in which the handlers of one event and target run (`*` ones included). Drag a handler
 * by its grip (pointer events, so mouse, pen and touch alike), or move it with its arrow buttons
 * (keyboard reachable), then save the order.
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

  // The row follows the pointer: while dragging, crossing another row moves it there at once.
  const rows = useRef(new Map<string, HTMLElement>());
  const [dragging, setDragging] = useState<string | null>(null);
  const before = useRef<ChainEntry[] | null>(null);
  const startDrag = (e: PointerEvent<HTMLElement>, id: string) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    before.current = order;
    setDragging(id);
  };
  const dragMove = (e: PointerEvent<HTMLElement>) => {
    if (!dragging) return;
    const rects = order.map((h) => rows.current.get(h.id)?.getBoundingClientRect() ?? { top: 0, bottom: 0 });
    const to = indexAt(rects, e.clientY);
    const from = order.findIndex((h) => h.id === dragging);
    if (from >= 0 && to !== from) move(from, to - from);
  };
  const endDrag = (cancel: boolean) => {
    if (cancel && before.current) setOrder(before.current);
    before.current = null;
    setDragging(null);
  };

  return (
    <Modal
      opened={eventId !== undefined}
      onClose={onClose}
      title={`Order of ${eventName} on ${context ?? ''}`}
      size="md"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Handlers run top to bottom; each sees what the one before it changed. Drag a handler by its grip, or use its
          arrows.
        </Text>
        {chain.isPending && <Skeleton height={80} />}
        {chain.isError && (
          <Alert color="red" variant="light">
            {errorInfo(chain.error).message}
          </Alert>
        )}
        {chain.isSuccess && order.length === 0 && <Text size="sm">No handler runs for this event and target yet.</Text>}
        {order.length === 1 && (
          <Text size="sm" c="dimmed">
            One handler: there is nothing to order until another handler of this event is added.
          </Text>
        )}
        <Stack gap={4} role="list" aria-label="Handler order">
          {order.map((h, i) => (
            <Group
              key={h.id}
              ref={(el) => {
                if (el) rows.current.set(h.id, el);
                else rows.current.delete(h.id);
              }}
              role="listitem"
              aria-label={`${i + 1}. ${h.model} ${h.target}`}
              data-dragging={dragging === h.id || undefined}
              justify="space-between"
              p={6}
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 4,
                background: dragging === h.id ? 'var(--mantine-primary-color-light)' : undefined,
                boxShadow: dragging === h.id ? 'var(--mantine-shadow-sm)' : undefined,
              }}
            >
              <Group gap="xs">
                <span
                  // The arrow buttons are the keyboard's way; the grip is for pointers only.
                  aria-hidden
                  title="Drag to reorder"
                  data-testid={`drag-${h.id}`}
                  onPointerDown={(e) => startDrag(e, h.id)}
                  onPointerMove={dragMove}
                  onPointerUp={() => endDrag(false)}
                  onPointerCancel={() => endDrag(true)}
                  style={{
                    cursor: dragging ? 'grabbing' : 'grab',
                    touchAction: 'none',
                    display: 'flex',
                    color: 'var(--mantine-color-dimmed)',
                  }}
                >
                  <IconGripVertical size={16} stroke={1.5} />
                </span>
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
                  aria-label={`Move ${h.model} (${h.target}) up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <IconArrowUp size={16} stroke={1.5} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${h.model} (${h.target}) down`}
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
