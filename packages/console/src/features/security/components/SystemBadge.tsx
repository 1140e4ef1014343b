import { Badge, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** Marks a built-in role: it cannot be renamed or deleted. */
export function SystemBadge() {
  return (
    <Tooltip label="Built-in role: cannot be renamed or deleted">
      <Badge size="xs" variant="light" color="gray" radius="sm" leftSection={<IconLock size={10} stroke={2} />}>
        system
      </Badge>
    </Tooltip>
  );
}
