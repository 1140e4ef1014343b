import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRestore, IconTrash } from '@tabler/icons-react';
import type { AppSummary } from '@basalt/shared';
import { DeleteAppModal } from '../../apps';
import { ResetAppModal } from './ResetAppModal';

function DangerRow({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="lg" align="center">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </div>
      <div style={{ flex: 'none' }}>{action}</div>
    </Group>
  );
}

/** The red-bordered card at the bottom of General: reset parts of the app, or delete it; both ask for its name. */
export function DangerZoneCard({ app }: { app: AppSummary }) {
  const navigate = useNavigate();
  const [resetting, setResetting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const owner = app.role === 'owner';
  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-label="Danger zone"
      style={{ borderColor: 'var(--mantine-color-red-6)' }}
    >
      <Group gap="sm" mb="md">
        <IconAlertTriangle size={20} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={3} c="red.7">
          Danger zone
        </Title>
      </Group>
      <Stack gap="md">
        <DangerRow
          title="Reset app"
          text="Clear its data, files, users, logic or settings; the app and its API keys stay."
          action={
            <Button
              variant="outline"
              color="red"
              leftSection={<IconRestore size={16} stroke={1.5} />}
              onClick={() => setResetting(true)}
            >
              Reset app…
            </Button>
          }
        />
        <Divider />
        <DangerRow
          title="Delete app"
          text={
            owner
              ? 'Removes the app with everything in it, for every team member.'
              : 'Only the owner of the app can delete it.'
          }
          action={
            <Button
              color="red"
              leftSection={<IconTrash size={16} stroke={1.5} />}
              onClick={() => setDeleting(true)}
              disabled={!owner}
            >
              Delete app…
            </Button>
          }
        />
      </Stack>
      <ResetAppModal appId={app.id} appName={app.appName} opened={resetting} onClose={() => setResetting(false)} />
      <DeleteAppModal
        app={deleting ? app : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/apps')}
      />
    </Card>
  );
}
