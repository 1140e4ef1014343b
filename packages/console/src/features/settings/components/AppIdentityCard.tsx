import { useState } from 'react';
import { Alert, Button, Card, FileButton, Group, Input, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp } from '@tabler/icons-react';
import type { AppSummary } from '@basalt/shared';
import { AppAvatar } from '../../../components/AppAvatar';
import { CopyValue } from '../../../components/CopyValue';
import { errorInfo, fieldError } from '../../../lib/errors';
import { useRenameApp, validateAppName } from '../../apps';
import { useUpdateAppInfo, useUpdateAppLogo } from '../api/general.queries';
import { LOGO_TYPES, logoProblem, readAsDataUrl } from './app-logo';

/** Name (rename), id (copy), logo and description of the app: who it is, the top of Settings › General. */
export function AppIdentityCard({ app }: { app: AppSummary }) {
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label="App identity">
      <Title order={3} mb="md">
        App
      </Title>
      <Stack gap="lg">
        <NameField app={app} />
        <Input.Wrapper label="App id" description="Clients and the REST API name the app by it; it never changes.">
          <div style={{ marginTop: 4 }}>
            <CopyValue value={app.id} label="Copy app id" />
          </div>
        </Input.Wrapper>
        <LogoField app={app} />
        <InfoField app={app} />
      </Stack>
    </Card>
  );
}

function NameField({ app }: { app: AppSummary }) {
  const [name, setName] = useState(app.appName);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useRenameApp();
  const changed = name.trim() !== app.appName;
  const submit = () => {
    const p = validateAppName(name);
    setProblem(p);
    if (p || !changed || rename.isPending) return;
    const appName = name.trim();
    rename.mutate(
      { appId: app.id, appName },
      { onSuccess: () => notifications.show({ color: 'teal', message: `Renamed to ${appName}` }) },
    );
  };
  const serverError = rename.error
    ? (fieldError(rename.error, 'appName') ?? errorInfo(rename.error).message)
    : undefined;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Input.Wrapper
        id={`${app.id}-name`}
        label="App name"
        description="The app id and API keys stay the same, so clients keep working."
        required
        error={problem ?? serverError}
      >
        <Group gap="sm" wrap="nowrap" mt={4}>
          <TextInput
            id={`${app.id}-name`}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              rename.reset();
            }}
            onBlur={() => setProblem(validateAppName(name))}
            error={!!(problem ?? serverError)}
            style={{ flex: 1, maxWidth: 420 }}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" disabled={!changed} loading={rename.isPending} variant="light">
            Rename
          </Button>
        </Group>
      </Input.Wrapper>
    </form>
  );
}

function LogoField({ app }: { app: AppSummary }) {
  const update = useUpdateAppLogo(app.id);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File | null) => {
    if (!file) return;
    const p = logoProblem(file);
    setProblem(p);
    if (p) return;
    update.mutate(await readAsDataUrl(file), {
      onSuccess: () => notifications.show({ color: 'teal', message: 'Logo updated' }),
    });
  };
  const failure = problem ?? (update.error ? errorInfo(update.error).message : null);
  return (
    <Input.Wrapper label="Logo" description="PNG, JPEG, GIF, WebP or SVG, at most 512 KB. Shown in the app switcher.">
      <Group gap="md" mt={6}>
        <AppAvatar name={app.appName} logo={app.logo} size={56} />
        <FileButton onChange={(f) => void pick(f)} accept={LOGO_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPhotoUp size={16} stroke={1.5} />}
              loading={update.isPending}
            >
              {app.logo ? 'Replace logo' : 'Upload logo'}
            </Button>
          )}
        </FileButton>
        {app.logo && (
          <Button
            variant="subtle"
            color="gray"
            onClick={() =>
              update.mutate(null, { onSuccess: () => notifications.show({ color: 'teal', message: 'Logo removed' }) })
            }
            disabled={update.isPending}
          >
            Remove
          </Button>
        )}
      </Group>
      {failure && (
        <Alert color="red" variant="light" role="alert" mt="xs" py={6}>
          {failure}
        </Alert>
      )}
    </Input.Wrapper>
  );
}

function InfoField({ app }: { app: AppSummary }) {
  const [info, setInfo] = useState(app.info);
  const save = useUpdateAppInfo(app.id);
  const changed = info !== app.info;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!changed || save.isPending) return;
        save.mutate(info, { onSuccess: () => notifications.show({ color: 'teal', message: 'Description saved' }) });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Description"
          description="What the app is for; the team sees it on the apps list."
          value={info}
          onChange={(e) => {
            setInfo(e.currentTarget.value);
            save.reset();
          }}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={5000}
          error={save.error ? errorInfo(save.error).message : undefined}
        />
        <Group justify="flex-end" gap="sm">
          {changed && (
            <Text size="xs" c="dimmed">
              Unsaved changes
            </Text>
          )}
          <Button type="submit" variant="light" disabled={!changed} loading={save.isPending}>
            Save description
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
