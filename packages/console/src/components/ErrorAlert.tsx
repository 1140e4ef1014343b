import { Link } from 'react-router';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { errorInfo } from '../lib/errors';

/**
 * Inline failure of a region (docs/console-screens.md › Errors and permissions): the server's message, its code in small mono text
 * and Retry. A 403 says which permission is missing — the server names it in the message.
 */
export function ErrorAlert({
  error,
  onRetry,
  title,
  parent,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  parent?: { to: string; label: string };
}) {
  const info = errorInfo(error);
  const forbidden = info.status === 403;
  return (
    <Alert
      color={forbidden ? 'orange' : 'red'}
      variant="light"
      icon={forbidden ? <IconLock size={18} stroke={1.5} /> : <IconAlertTriangle size={18} stroke={1.5} />}
      title={title ?? (forbidden ? 'Permission needed' : 'Something went wrong')}
      role="alert"
    >
      <Text size="sm">{info.message}</Text>
      <Group justify="space-between" mt="sm" gap="sm">
        {info.code !== undefined || info.status !== undefined ? (
          <Text className="mono" size="xs" c="dimmed">
            {[info.code, info.status].filter((v) => v !== undefined).join(' · ')}
          </Text>
        ) : (
          <span />
        )}
        <Group gap="xs">
          {parent && info.status === 404 && (
            <Button size="xs" variant="subtle" component={Link} to={parent.to}>
              {parent.label}
            </Button>
          )}
          {onRetry && (
            <Button size="xs" variant="default" onClick={onRetry}>
              Retry
            </Button>
          )}
        </Group>
      </Group>
    </Alert>
  );
}
