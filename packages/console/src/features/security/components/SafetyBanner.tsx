import { Link } from 'react-router';
import { Anchor, Box, Group, Paper, Text } from '@mantine/core';
import { IconAlertOctagon, IconShieldCheck } from '@tabler/icons-react';
import { useGetHIPAACompliance, useLoadPanicMode } from '../api/safety.queries';

/**
 * Full-width banners under the top bar for states that change the meaning of every screen
 * (docs/console-screens.md › Frame): panic mode (red) and compliance mode (blue). Renders nothing otherwise.
 */
export function SafetyBanner({ appId }: { appId: string }) {
  const panic = useLoadPanicMode(appId);
  const hipaa = useGetHIPAACompliance(appId);
  const safety = `/apps/${appId}/security/safety`;
  if (!panic.data?.enabled && !hipaa.data?.enabled) return null;
  // Drawn inside the page's padding; the negative margin takes it to the edges under the top bar.
  return (
    <Box style={{ margin: '-24px -24px 16px' }}>
      {panic.data?.enabled && (
        <Paper radius={0} px="md" py={6} bg="red.8" c="white" role="status" aria-label="Panic mode is on">
          <Group gap="xs" wrap="nowrap">
            <IconAlertOctagon size={18} stroke={1.5} />
            <Text size="sm" fw={600}>
              Panic mode is on:
            </Text>
            <Text size="sm">the app API answers every call with 503. The console keeps working.</Text>
            <Anchor component={Link} to={safety} size="sm" c="white" underline="always" ml="auto">
              Safety settings
            </Anchor>
          </Group>
        </Paper>
      )}
      {hipaa.data?.enabled && (
        <Paper radius={0} px="md" py={6} bg="blue.8" c="white" role="status" aria-label="HIPAA compliance is on">
          <Group gap="xs" wrap="nowrap">
            <IconShieldCheck size={18} stroke={1.5} />
            <Text size="sm" fw={600}>
              HIPAA compliance is on:
            </Text>
            <Text size="sm">data reads through the app API are recorded in the audit log.</Text>
            <Anchor component={Link} to={safety} size="sm" c="white" underline="always" ml="auto">
              Safety settings
            </Anchor>
          </Group>
        </Paper>
      )}
    </Box>
  );
}
