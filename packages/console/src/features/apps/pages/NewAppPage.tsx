import { useNavigate } from 'react-router';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useCreateApp } from '../api/apps.queries';
import { validateAppName } from '../app-name';
import { fieldError, formError } from '../../../lib/errors';

/** `/apps/new`: a modal over the apps list; closing it goes back to the list. */
export default function NewAppPage() {
  const navigate = useNavigate();
  const create = useCreateApp();
  const form = useForm({ mode: 'controlled', initialValues: { appName: '' }, validateInputOnBlur: true, validate: { appName: validateAppName } });
  const close = () => navigate('/apps');

  const submit = form.onSubmit((values) =>
    create.mutate(
      { appName: values.appName.trim() },
      {
        onSuccess: (app) => {
          notifications.show({ color: 'teal', title: 'App created', message: `${app.appName} is ready, with its data store and API keys.` });
          navigate(`/apps/${app.id}/overview`);
        },
      },
    ),
  );

  const topError = formError(create.error, ['appName', 'name']);
  return (
    <Modal opened onClose={close} title={<Text fw={600}>New app</Text>} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {topError && (
            <Alert color="red" variant="light" role="alert">
              {topError}
            </Alert>
          )}
          <TextInput
            label="App name"
            description="Unique among your apps. Letters, digits, spaces, _ . and -."
            required
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('appName')}
            error={form.errors.appName ?? fieldError(create.error, 'appName') ?? fieldError(create.error, 'name')}
          />
          <Text size="sm" c="dimmed">
            Basalt creates the app's data store and API keys for Android, iOS, JavaScript, REST, Windows Phone, ActionScript and
            Business Logic.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create app
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
