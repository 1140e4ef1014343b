import { useEffect } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { AppSummary } from '@basalt/shared';
import { useRenameApp } from '../api/apps.queries';
import { validateAppName } from '../app-name';
import { fieldError, formError } from '../../../lib/errors';

export function RenameAppModal({ app, onClose }: { app: AppSummary | null; onClose: () => void }) {
  const rename = useRenameApp();
  const form = useForm({ mode: 'controlled', initialValues: { appName: '' }, validateInputOnBlur: true, validate: { appName: validateAppName } });

  useEffect(() => {
    if (app) {
      form.setValues({ appName: app.appName });
      form.resetDirty({ appName: app.appName });
      rename.reset();
    }
    // Only a newly opened app refills the form; typing must not be overwritten by refetches.
  }, [app?.id]);

  const submit = form.onSubmit((values) => {
    if (!app) return;
    const appName = values.appName.trim();
    if (appName === app.appName) return onClose();
    rename.mutate(
      { appId: app.id, appName },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: `Renamed to ${appName}` });
          onClose();
        },
      },
    );
  });

  const topError = formError(rename.error, ['appName']);
  return (
    <Modal opened={!!app} onClose={onClose} title={<Text fw={600}>Rename app</Text>}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {topError && (
            <Alert color="red" variant="light" role="alert">
              {topError}
            </Alert>
          )}
          <TextInput
            label="New name"
            required
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('appName')}
            error={form.errors.appName ?? fieldError(rename.error, 'appName')}
          />
          <Text size="sm" c="dimmed">
            The app id and API keys stay the same, so clients keep working.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
