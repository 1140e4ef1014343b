import { Link } from 'react-router';
import { Button, Center, EmptyState } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';

export default function NotFoundPage() {
  return (
    <Center h="100vh" p="lg">
      <EmptyState icon={<IconMapOff size={32} stroke={1.5} />} withIndicatorBackground>
        <EmptyState.Title order={1}>There is no such page</EmptyState.Title>
        <EmptyState.Description>The address may be mistyped, or the page moved.</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/apps">
            Go to your apps
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
