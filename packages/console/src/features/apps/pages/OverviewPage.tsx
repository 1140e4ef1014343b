import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Badge, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { CopyValue } from '../../../components/CopyValue';
import { AppAvatar } from '../../../components/AppAvatar';
import { formatDateTime } from '../../../lib/format';
import { useGetAppInfo } from '../api/apps.queries';
import { ApiKeysCard } from '../../settings';
import { AdvisorBanner } from '../../security';
import { WarningsStrip } from '../components/WarningsStrip';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

export default function OverviewPage() {
  const { appId = '' } = useParams();
  const info = useGetAppInfo(appId);

  if (info.isPending) return <PageSkeleton rows={6} />;
  if (info.isError)
    return (
      <ErrorAlert
        error={info.error}
        onRetry={() => void info.refetch()}
        parent={{ to: '/apps', label: 'Back to your apps' }}
      />
    );

  const app = info.data;
  const origin = window.location.origin;
  const jsKey = app.apiKeys?.find((k) => k.deviceType === 'JS')?.apiKey ?? '<JS API key>';
  const restKey = app.apiKeys?.find((k) => k.deviceType === 'REST')?.apiKey;

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span" wrap="nowrap">
            <AppAvatar name={app.appName} logo={app.logo} size={32} />
            {app.appName}
          </Group>
        }
        description={app.info || 'Endpoint, keys and the basics of this app.'}
        actions={
          <Badge variant="light" color={app.role === 'owner' ? 'indigo' : 'gray'} radius="sm">
            {app.role === 'owner' ? 'Owner' : 'Member'}
          </Badge>
        }
      />
      <Stack gap="md">
        <WarningsStrip appId={app.id} />
        <AdvisorBanner appId={app.id} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Paper withBorder radius="md" p="md">
            <Title order={2} mb="sm">
              Endpoint
            </Title>
            <Stack gap="sm">
              <Field label="Server URL">
                <CopyValue value={origin} label="Copy server URL" />
              </Field>
              {restKey && (
                <Field label="REST base URL">
                  <CopyValue value={`${origin}/${app.id}/${restKey}`} label="Copy REST base URL" truncate />
                </Field>
              )}
              <Field label="Connect a JavaScript client">
                <Code
                  block
                >{`Backendless.initApp({\n  serverURL: '${origin}',\n  appId: '${app.id}',\n  apiKey: '${jsKey}',\n});`}</Code>
              </Field>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Title order={2} mb="sm">
              App
            </Title>
            <Field label="App id">
              <CopyValue value={app.id} label="Copy app id" />
            </Field>
            <SimpleGrid cols={3} spacing="sm" mt="md">
              <Field label="Created">
                <Text size="sm">{formatDateTime(app.created)}</Text>
              </Field>
              <Field label="Zone">
                <Text size="sm">{app.zone}</Text>
              </Field>
              <Field label="Your role">
                <Text size="sm">{app.role === 'owner' ? 'Owner' : 'Team member'}</Text>
              </Field>
            </SimpleGrid>
          </Paper>
        </SimpleGrid>
        <ApiKeysCard appId={app.id} />
      </Stack>
    </>
  );
}
