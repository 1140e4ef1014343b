import { Link } from 'react-router';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { AppWarning } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useWarning } from '../api/apps.queries';

// Colour and icon per severity, so the state never relies on colour alone (docs: accessibility).
const LOOK = {
  error: { color: 'red', icon: IconAlertOctagon, word: 'Error' },
  warning: { color: 'orange', icon: IconAlertTriangle, word: 'Warning' },
  info: { color: 'blue', icon: IconInfoCircle, word: 'Note' },
} as const;

/** Where each warning is fixed, inside the app; an unknown code falls back to its area's first page. */
function fixLink(appId: string, w: AppWarning): { to: string; label: string } {
  const base = `/apps/${encodeURIComponent(appId)}`;
  switch (w.code) {
    case 'PANIC_MODE':
    case 'HIPAA_OFF_WITH_DATA':
      return { to: `${base}/security/safety`, label: 'Open Safety' };
    case 'EMAIL_CONFIRMATION_WITHOUT_SMTP':
      return { to: `${base}/users/registration`, label: 'Open registration settings' };
    case 'API_KEY_ROLE_MISSING':
      return { to: `${base}/settings/api-keys`, label: 'Open API keys' };
    default:
      return { to: `${base}/${w.area}`, label: 'Open' };
  }
}

/**
 * The overview's strip of the app's warnings (panic mode, compliance, mail, keys): one line each
 * with the server's message and a link to where it is fixed. Nothing at all when there are none.
 */
export function WarningsStrip({ appId }: { appId: string }) {
  const warnings = useWarning(appId);
  if (warnings.isError)
    return (
      <ErrorAlert
        title="The app's warnings could not be read"
        error={warnings.error}
        onRetry={() => void warnings.refetch()}
      />
    );
  const details = warnings.data?.details ?? [];
  if (details.length === 0) return null;
  return (
    <Stack gap={6} component="section" aria-label="App warnings">
      {details.map((w, i) => {
        const look = LOOK[w.severity];
        const Icon = look.icon;
        const fix = fixLink(appId, w);
        return (
          <Alert
            key={`${w.code}-${w.target ?? i}`}
            color={look.color}
            variant="light"
            py={8}
            icon={<Icon size={18} stroke={1.5} aria-hidden />}
            role={w.severity === 'error' ? 'alert' : 'status'}
            aria-label={`${look.word}: ${w.message}`}
          >
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm">
                <Text span fw={600} size="sm">
                  {look.word}:{' '}
                </Text>
                {w.message}
              </Text>
              <Anchor component={Link} to={fix.to} size="sm" style={{ whiteSpace: 'nowrap' }}>
                {fix.label}
              </Anchor>
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}
