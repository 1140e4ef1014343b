import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { GooglePlaySettings } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useSaveGooglePlaySettings } from '../api/mobile-settings.queries';
import { LoadTextFile } from './LoadTextFile';
import { StoredCredentials } from './StoredCredentials';

/**
 * Google Play purchase checks (the app API's Commerce group): a Google Cloud service account that
 * the app's Play Console grants access to. Pasted or loaded, checked by the server, shown back
 * without its private key.
 */
export function GooglePlayCard({ appId, stored }: { appId: string; stored: GooglePlaySettings | null }) {
  const [editing, setEditing] = useState(false);
  const [json, setJson] = useState('');
  const save = useSaveGooglePlaySettings(appId);
  const showForm = !stored || editing;
  const error = save.error ? errorInfo(save.error) : undefined;

  const submit = () =>
    save.mutate(
      { serviceAccount: json },
      {
        onSuccess: () => {
          setEditing(false);
          setJson('');
          notifications.show({
            color: 'teal',
            title: 'Google Play account saved',
            message: 'Purchase checks of the app API use it from now on.',
          });
        },
      },
    );

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label="Google Play purchases">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={3}>Google Play · purchase checks</Title>
          <Text size="sm" c="dimmed">
            A service account your Play Console grants access to; the app API&apos;s Commerce calls check purchases with
            it.
          </Text>
        </div>
        <Badge variant="light" color={stored ? 'teal' : 'gray'}>
          {stored ? 'Configured' : 'Not configured'}
        </Badge>
      </Group>
      {showForm ? (
        <Stack gap="sm">
          <Textarea
            label="Service account JSON"
            description="Google Cloud console › IAM › Service accounts › Keys › Add key (JSON); then grant the account access in Play Console › Users and permissions."
            required
            autosize
            minRows={5}
            maxRows={12}
            value={json}
            onChange={(e) => setJson(e.currentTarget.value)}
            placeholder={'{ "type": "service_account", "client_email": "…", "private_key": "…" }'}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            error={error && error.field !== undefined ? error.message : undefined}
          />
          {error && error.field === undefined && (
            <Alert color="red" variant="light" role="alert">
              {error.message}
            </Alert>
          )}
          <Group justify="space-between">
            <LoadTextFile accept="application/json,.json" label="Load file…" onText={setJson} />
            <Group gap="sm">
              {editing && (
                <Button
                  variant="default"
                  onClick={() => {
                    setEditing(false);
                    save.reset();
                  }}
                >
                  Cancel
                </Button>
              )}
              <Button onClick={submit} loading={save.isPending} disabled={!json.trim()}>
                {stored ? 'Replace account' : 'Save account'}
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : (
        <StoredCredentials
          appId={appId}
          platform="googleplay"
          id="googleplay"
          label="Google Play"
          rows={[
            ['Client email', stored.clientEmail],
            ['Private key', stored.privateKey],
            ...(stored.endpoint ? [['Endpoint', stored.endpoint] as [string, string]] : []),
          ]}
          updated={stored.updated}
          onReplace={() => setEditing(true)}
          consequence="Purchase checks of the app API will answer that Google Play is not configured until another account is saved."
        />
      )}
    </Card>
  );
}
