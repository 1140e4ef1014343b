import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AndroidMobileSettings } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useSaveAndroidSettings } from '../api/mobile-settings.queries';
import { LoadTextFile } from './LoadTextFile';
import { StoredCredentials } from './StoredCredentials';

/**
 * Android push (Firebase Cloud Messaging): the service-account JSON file is pasted or loaded,
 * checked by the server, and shown back without its private key.
 */
export function FcmCard({ appId, stored }: { appId: string; stored: AndroidMobileSettings | null }) {
  const [editing, setEditing] = useState(false);
  const [json, setJson] = useState('');
  const save = useSaveAndroidSettings(appId);
  const showForm = !stored || editing;
  const error = save.error ? errorInfo(save.error) : undefined;

  const submit = () =>
    save.mutate(
      { id: stored?.id, settings: { serviceAccount: json } },
      {
        onSuccess: () => {
          setEditing(false);
          setJson('');
          notifications.show({
            color: 'teal',
            title: 'FCM credentials saved',
            message: 'Android deliveries waiting in the outbox are being sent.',
          });
        },
      },
    );

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label="Android (FCM)">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={3}>Android · Firebase Cloud Messaging</Title>
          <Text size="sm" c="dimmed">
            A service account of your Firebase project with the Cloud Messaging API enabled.
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
            description="Firebase console › Project settings › Service accounts › Generate new private key. Paste the whole file."
            required
            autosize
            minRows={5}
            maxRows={12}
            value={json}
            onChange={(e) => setJson(e.currentTarget.value)}
            placeholder={'{ "type": "service_account", "project_id": "…", "client_email": "…", "private_key": "…" }'}
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
                {stored ? 'Replace credentials' : 'Save credentials'}
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : (
        <StoredCredentials
          appId={appId}
          platform="android"
          id={stored.id}
          label="FCM"
          rows={[
            ['Project id', stored.projectId],
            ['Client email', stored.clientEmail],
            ['Private key', stored.privateKey],
          ]}
          updated={stored.updated}
          onReplace={() => setEditing(true)}
          consequence="Android pushes will wait in the outbox until new credentials are saved."
        />
      )}
    </Card>
  );
}
