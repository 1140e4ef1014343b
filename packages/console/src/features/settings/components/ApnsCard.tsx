import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AppleMobileSettings } from '@basalt/shared';
import { errorInfo, fieldError } from '../../../lib/errors';
import { useSaveAppleSettings } from '../api/mobile-settings.queries';
import { LoadTextFile } from './LoadTextFile';
import { StoredCredentials } from './StoredCredentials';

type Draft = { keyId: string; teamId: string; bundleId: string; privateKey: string; environment: string };
const FIELDS = ['keyId', 'teamId', 'bundleId', 'privateKey'];

/**
 * iOS and macOS push (APNs, token-based): the .p8 auth key with its key id, the team id and the
 * app's bundle id. Replacing without a new key keeps the stored one.
 */
export function ApnsCard({ appId, stored }: { appId: string; stored: AppleMobileSettings | null }) {
  const [editing, setEditing] = useState(false);
  const blank = (): Draft => ({
    keyId: stored?.keyId ?? '',
    teamId: stored?.teamId ?? '',
    bundleId: stored?.bundleId ?? '',
    privateKey: '',
    environment: stored?.production ? 'production' : 'sandbox',
  });
  const [draft, setDraft] = useState<Draft>(blank);
  const save = useSaveAppleSettings(appId);
  const showForm = !stored || editing;
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const topError =
    save.error && !FIELDS.includes(errorInfo(save.error).field ?? '') ? errorInfo(save.error).message : undefined;

  const submit = () =>
    save.mutate(
      {
        id: stored?.id,
        settings: {
          keyId: draft.keyId.trim(),
          teamId: draft.teamId.trim(),
          bundleId: draft.bundleId.trim(),
          privateKey: draft.privateKey,
          production: draft.environment === 'production',
        },
      },
      {
        onSuccess: () => {
          setEditing(false);
          notifications.show({
            color: 'teal',
            title: 'APNs credentials saved',
            message: 'iOS deliveries waiting in the outbox are being sent.',
          });
        },
      },
    );

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label="Apple (APNs)">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={3}>iOS and macOS · Apple Push Notification service</Title>
          <Text size="sm" c="dimmed">
            A token-based auth key (.p8) from Apple Developer › Certificates, Identifiers &amp; Profiles › Keys.
          </Text>
        </div>
        <Badge variant="light" color={stored ? 'teal' : 'gray'}>
          {stored ? 'Configured' : 'Not configured'}
        </Badge>
      </Group>
      {showForm ? (
        <Stack gap="sm">
          <SimpleGrid cols={3} spacing="sm">
            <TextInput
              label="Key ID"
              required
              value={draft.keyId}
              onChange={(e) => set('keyId')(e.currentTarget.value)}
              error={fieldError(save.error, 'keyId')}
            />
            <TextInput
              label="Team ID"
              required
              value={draft.teamId}
              onChange={(e) => set('teamId')(e.currentTarget.value)}
              error={fieldError(save.error, 'teamId')}
            />
            <TextInput
              label="Bundle ID"
              required
              placeholder="com.example.app"
              value={draft.bundleId}
              onChange={(e) => set('bundleId')(e.currentTarget.value)}
              error={fieldError(save.error, 'bundleId')}
            />
          </SimpleGrid>
          <Textarea
            label="Auth key (.p8)"
            required={!stored}
            description={
              stored
                ? 'Leave empty to keep the stored key.'
                : 'Paste the key file, starting with -----BEGIN PRIVATE KEY-----.'
            }
            autosize
            minRows={4}
            maxRows={8}
            value={draft.privateKey}
            onChange={(e) => set('privateKey')(e.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            error={fieldError(save.error, 'privateKey')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="apns-environment">
              Environment
            </Text>
            <SegmentedControl
              aria-labelledby="apns-environment"
              value={draft.environment}
              onChange={set('environment')}
              data={[
                { value: 'sandbox', label: 'Sandbox (development builds)' },
                { value: 'production', label: 'Production' },
              ]}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          {topError && (
            <Alert color="red" variant="light" role="alert">
              {topError}
            </Alert>
          )}
          <Group justify="space-between">
            <LoadTextFile accept=".p8,text/plain" label="Load .p8 file…" onText={set('privateKey')} />
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
              <Button
                onClick={submit}
                loading={save.isPending}
                disabled={
                  !draft.keyId.trim() ||
                  !draft.teamId.trim() ||
                  !draft.bundleId.trim() ||
                  (!stored && !draft.privateKey.trim())
                }
              >
                {stored ? 'Replace credentials' : 'Save credentials'}
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : (
        <StoredCredentials
          appId={appId}
          platform="ios"
          id={stored.id}
          label="APNs"
          rows={[
            ['Key ID', stored.keyId],
            ['Team ID', stored.teamId],
            ['Bundle ID', stored.bundleId],
            ['Environment', stored.production ? 'Production' : 'Sandbox'],
            ['Auth key', stored.privateKey],
          ]}
          updated={stored.updated}
          onReplace={() => {
            setDraft(blank());
            setEditing(true);
          }}
          consequence="iOS and macOS pushes will wait in the outbox until new credentials are saved."
        />
      )}
    </Card>
  );
}
