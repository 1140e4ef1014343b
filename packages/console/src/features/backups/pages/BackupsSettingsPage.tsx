import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Group, Modal, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Backup } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import { formatDateTimeWithZone } from '../../data';
import { useGetAppInfo } from '../../apps';
import { downloadFile, useFollowProcess, useFollowedProcess } from '../../lifecycle';
import {
  backupDownloadUrl,
  useBackupPolicy,
  useBackups,
  useCreateBackup,
  useDeleteBackup,
} from '../api/backups.queries';
import { BackupsTable } from '../components/BackupsTable';
import { RestoreModal } from '../components/RestoreModal';
import { ScheduleCard } from '../components/ScheduleCard';

/** Settings › Backups: back up now, the schedule, and the list with download, restore and delete. */
export default function BackupsSettingsPage() {
  const { appId = '' } = useParams();
  const navigate = useNavigate();
  // The exact name a restore into this app must be confirmed with (empty until known).
  const appName = useGetAppInfo(appId).data?.appName ?? '';
  const backups = useBackups(appId);
  const policy = useBackupPolicy(appId);
  const create = useCreateBackup(appId);
  const remove = useDeleteBackup(appId);
  const follow = useFollowProcess();
  const [restore, setRestore] = useState<{ processId: string; appId: string; target: 'same' | 'new' } | null>(null);
  const restoreState = useFollowedProcess(restore?.processId);
  // Backups written now are followed in the task tray (and their rows show its progress); a
  // reload finds them again through the app's unfinished lifecycle processes.
  const running = (backups.data ?? []).filter((b) => b.status === 'IN_PROGRESS').map((b) => b.processId);
  useEffect(() => {
    if (!appName) return;
    for (const processId of running) follow({ appId, appName }, { processId, kind: 'backup' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running.join(','), appId, appName]);
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState('');
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [deleting, setDeleting] = useState<Backup | null>(null);

  const backUp = () =>
    create.mutate(
      { note: note.trim() || undefined },
      {
        onSuccess: () => {
          setNoteOpen(false);
          setNote('');
        },
      },
    );

  return (
    <Stack gap="lg" maw={960}>
      {restore && (
        <Alert
          color={restoreState?.status === 'FAILED' ? 'red' : restoreState?.status === 'DONE' ? 'green' : 'blue'}
          title={
            restoreState?.status === 'DONE'
              ? 'Backup restored'
              : restoreState?.status === 'FAILED'
                ? 'The restore failed'
                : `Restoring… ${restoreState?.progress ?? 0}%`
          }
          withCloseButton={restoreState?.status !== 'IN_PROGRESS'}
          onClose={() => setRestore(null)}
          data-testid="restore-status"
        >
          <Group justify="space-between">
            <Text size="sm">
              {restoreState?.status === 'FAILED'
                ? restoreState.error
                : restore.target === 'new'
                  ? 'The backup goes into a new app.'
                  : 'This app’s data, files and settings are being replaced by the backup’s.'}
            </Text>
            {restoreState?.status === 'DONE' && restore.target === 'new' && (
              <Button size="xs" onClick={() => navigate(`/apps/${restore.appId}/overview`)}>
                Open the new app
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <Card withBorder padding="lg" radius="md">
        <Group justify="space-between" align="flex-start" mb="md">
          <div>
            <Title order={4}>Backups</Title>
            <Text size="sm" c="dimmed">
              A backup holds the app’s schema, records, files, roles and permissions, users settings, cloud code and
              settings as of one moment, taken while the app keeps working.
            </Text>
          </div>
          <Button onClick={() => setNoteOpen(true)}>Back up now</Button>
        </Group>
        {backups.isPending ? (
          <Skeleton height={160} />
        ) : backups.isError ? (
          <ErrorAlert error={backups.error} onRetry={() => void backups.refetch()} />
        ) : backups.data.length === 0 ? (
          <Stack align="center" gap={4} py="xl">
            <Text fw={500}>No backups yet</Text>
            <Text size="sm" c="dimmed">
              Back up now, or turn on automatic backups below.
            </Text>
          </Stack>
        ) : (
          <BackupsTable
            backups={backups.data}
            onDownload={(b) => downloadFile(backupDownloadUrl(appId, b.backupId))}
            onRestore={setRestoring}
            onDelete={setDeleting}
          />
        )}
      </Card>

      {policy.isPending ? (
        <Skeleton height={260} radius="md" />
      ) : policy.isError ? (
        <ErrorAlert error={policy.error} onRetry={() => void policy.refetch()} />
      ) : (
        <ScheduleCard key={JSON.stringify(policy.data)} appId={appId} stored={policy.data} />
      )}

      <Modal opened={noteOpen} onClose={() => setNoteOpen(false)} title={<Text fw={600}>Back up now</Text>}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            backUp();
          }}
        >
          <Stack gap="md">
            <TextInput
              label="Note"
              description="Optional: why this backup was taken"
              placeholder="Before the price import"
              maxLength={200}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              data-autofocus
            />
            {create.error && <Alert color="red">{errorInfo(create.error).message}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setNoteOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Start backup
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <RestoreModal
        appId={appId}
        appName={appName}
        backup={restoring}
        onClose={() => setRestoring(null)}
        onStarted={(started) => {
          setRestoring(null);
          setRestore(started);
          follow({ appId, appName }, { processId: started.processId, kind: 'restore' });
        }}
      />

      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this backup?"
        confirmLabel="Delete backup"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.backupId, {
            onSuccess: () => setDeleting(null),
          })
        }
      >
        The backup of {deleting ? formatDateTimeWithZone(deleting.createdOn) : ''} and its file are deleted. This cannot
        be undone.
      </ConfirmModal>
    </Stack>
  );
}
