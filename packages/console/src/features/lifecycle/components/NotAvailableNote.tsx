import { Alert } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';

/** In place of a card's result when the server does not offer the route yet (501). */
export function NotAvailableNote({ what }: { what: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconClockHour4 size={18} stroke={1.5} />} title="Not available yet">
      This server does not offer {what} yet. It is part of Basalt&apos;s plan and will work here once it is built;
      nothing was changed.
    </Alert>
  );
}
