import { Badge } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock, IconLoader2, IconSquare } from '@tabler/icons-react';
import type { FlowInstanceStatus } from '@basalt/shared';

const LOOK = {
  RUNNING: { color: 'blue', icon: IconLoader2 },
  WAITING: { color: 'yellow', icon: IconClock },
  COMPLETED: { color: 'green', icon: IconCircleCheck },
  FAILED: { color: 'red', icon: IconCircleX },
  STOPPED: { color: 'gray', icon: IconSquare },
} as const;

/** An instance's status: word and icon, never the colour alone. */
export function InstanceStatusBadge({ status }: { status: FlowInstanceStatus }) {
  const { color, icon: Icon } = LOOK[status];
  return (
    <Badge color={color} variant="light" radius="sm" leftSection={<Icon size={12} stroke={2} />} data-status={status}>
      {status}
    </Badge>
  );
}

export const INSTANCE_STATUSES = Object.keys(LOOK) as FlowInstanceStatus[];
