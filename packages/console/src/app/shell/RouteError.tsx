import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** Last line of defence: a screen that crashed or failed to load its code. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <Center h="100vh" p="lg">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1}>This screen failed to open</Title>
        <Text c="dimmed" ta="center" size="sm">
          {message}
        </Text>
        <Stack gap="xs" align="center">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="subtle" component={Link} to="/apps">
            Back to apps
          </Button>
        </Stack>
      </Stack>
    </Center>
  );
}
