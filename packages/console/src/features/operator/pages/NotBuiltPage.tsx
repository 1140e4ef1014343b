import { Link } from 'react-router';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';

/** An operator section that is not built yet, or an unknown one (`/operator/*`). */
export default function NotBuiltPage() {
  return (
    <Stack align="center" gap="sm" py={48} data-testid="operator-not-available">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        <IconHammer size={26} stroke={1.5} />
      </ThemeIcon>
      <Title order={3}>Not available yet</Title>
      <Text size="sm" c="dimmed" maw={480} ta="center">
        This part of the Operator area is not built on this server yet. The other sections work as usual.
      </Text>
      <Button component={Link} to="/operator/plans" variant="default">
        Go to Plans
      </Button>
    </Stack>
  );
}
