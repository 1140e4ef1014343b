import { Outlet } from 'react-router';
import { Box, Center, Group, Stack, Text } from '@mantine/core';
import { Logo } from '../../../components/Logo';
import { ThemeToggle } from '../../../app/shell/ThemeToggle';
import classes from './AuthLayout.module.css';

/** Frame of the signed-out screens: one narrow column, the mark above it. */
export function AuthLayout() {
  return (
    <Box className={classes.page}>
      <Group justify="flex-end" p="md" className={classes.corner}>
        <ThemeToggle />
      </Group>
      <Center component="main" id="main" tabIndex={-1} className={classes.main}>
        <Stack w={400} maw="100%" gap="lg" px="md">
          <Center>
            <Logo size={32} />
          </Center>
          <Outlet />
          <Text size="xs" c="dimmed" ta="center">
            Basalt — your own backend, on your own server.
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
