import { Link } from 'react-router';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTableOff } from '@tabler/icons-react';

/** A table name in the URL that the app does not have (renamed, deleted, mistyped). */
export function TableMissing({ appId, name }: { appId: string; name: string }) {
  return (
    <Stack align="center" justify="center" gap="sm" p="xl" mih={320}>
      <ThemeIcon variant="light" size={44} radius="xl" color="gray">
        <IconTableOff size={22} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600}>No table named {name}</Text>
      <Text size="sm" c="dimmed">It may have been renamed or deleted.</Text>
      <Button component={Link} to={`/apps/${appId}/data`} variant="default">
        All tables
      </Button>
    </Stack>
  );
}
