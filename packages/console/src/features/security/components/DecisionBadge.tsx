import { Badge } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/** GRANT as a green check, DENY as a red cross, always with the word. */
export function DecisionBadge({ access, operation }: { access: 'GRANT' | 'DENY'; operation: string }) {
  const grant = access === 'GRANT';
  return (
    <Badge
      color={grant ? 'green' : 'red'}
      variant="light"
      radius="sm"
      leftSection={grant ? <IconCheck size={12} stroke={2} /> : <IconX size={12} stroke={2} />}
    >
      {operation}: {grant ? 'allowed' : 'denied'}
    </Badge>
  );
}
