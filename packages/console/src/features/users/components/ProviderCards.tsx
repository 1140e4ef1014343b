import { Badge, Button, Card, Group, SimpleGrid, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OAuthProvider } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useSaveOAuthProvider, type OAuthVersion } from '../api/users.queries';

/** Providers of one OAuth version as cards with their enable switch (applies at once). */
export function ProviderCards({
  appId,
  version,
  providers,
  onEdit,
  disabled,
}: {
  appId: string;
  version: OAuthVersion;
  providers: OAuthProvider[];
  onEdit: (p: OAuthProvider) => void;
  disabled?: boolean;
}) {
  const save = useSaveOAuthProvider(appId, version);
  if (!providers.length)
    return (
      <Text size="sm" c="dimmed">
        No OAuth {version} providers yet.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
      {providers.map((p) => (
        <Card key={p.id} withBorder radius="md" padding="md">
          <Group justify="space-between" mb={4}>
            <Text fw={600}>{p.name}</Text>
            <Badge variant="light" color={p.enabled ? 'green' : 'gray'} radius="sm">
              {p.enabled ? 'enabled' : 'disabled'}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" className="mono" mb="sm">
            {p.code} · {p.clientId ? `client ${p.clientId.slice(0, 12)}…` : 'no client id'}
          </Text>
          <Group justify="space-between">
            <Switch
              aria-label={`Sign-in with ${p.name}`}
              label="Sign-in"
              checked={p.enabled}
              disabled={disabled}
              onChange={(e) =>
                save.mutate(
                  { id: p.id, enabled: e.currentTarget.checked },
                  {
                    onError: (err) =>
                      notifications.show({
                        color: 'red',
                        title: `${p.name} was not changed`,
                        message: errorInfo(err).message,
                      }),
                  },
                )
              }
            />
            <Button size="xs" variant="default" onClick={() => onEdit(p)}>
              Edit
            </Button>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
