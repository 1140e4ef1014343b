import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { Backup } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { formatDateTimeWithZone } from '../../data';
import { useRestoreBackup } from '../api/backups.queries';

interface Props {
  appId: string;
  appName: string;
  backup: Backup | null;
  onClose: () => void;
  /** Called with the restore's process and the app it writes into. */
  onStarted: (started: { processId: string; appId: string; target: 'same' | 'new' }) => void;
}

/**
 * Restore a backup: into a new app (the original untouched), or into this app, which replaces its
 * data, files and settings with the backup's: that way needs the app's name typed, as a reset does.
 */
export function RestoreModal({ appId, appName, backup, onClose, onStarted }: Props) {
  const [target, setTarget] = useState<'same' | 'new'>('new');
  const [newName, setNewName] = useState('');
  const [typed, setTyped] = useState('');
  const restore = useRestoreBackup(appId);

  useEffect(() => {
    if (backup) {
      setTarget('new');
      setNewName(`${appName} restored`.slice(0, 64));
      setTyped('');
      restore.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [backup?.backupId]);

  const ready = target === 'new' ? newName.trim().length > 0 : appName !== '' && typed === appName;
  const error = restore.error ? errorInfo(restore.error) : undefined;

  const submit = () => {
    if (!backup || !ready) return;
    restore.mutate(
      {
        backupId: backup.backupId,
        restore: target === 'new' ? { target, appName: newName.trim() } : { target, confirmation: typed },
      },
      { onSuccess: (started) => onStarted({ ...started, target }) },
    );
  };

  return (
    <Modal opened={backup !== null} onClose={onClose} title={<Text fw={600}>Restore backup</Text>} size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {backup && (
            <Text size="sm">
              Backup of {formatDateTimeWithZone(backup.createdOn)} · {backup.parts.join(', ')}
            </Text>
          )}
          <Radio.Group value={target} onChange={(v) => setTarget(v as 'same' | 'new')} label="Restore into">
            <Stack gap="xs" mt="xs">
              <Radio
                value="new"
                label="A new app"
                description="The backup becomes a new application; this one is not touched."
              />
              <Radio
                value="same"
                label="This app"
                description="Its tables, records, files and settings are replaced by the backup’s. Changes made since the backup are lost."
              />
            </Stack>
          </Radio.Group>
          {target === 'new' ? (
            <TextInput
              label="Name of the new app"
              value={newName}
              maxLength={64}
              onChange={(e) => setNewName(e.currentTarget.value)}
              error={error?.field === 'appName' ? error.message : undefined}
              data-autofocus
            />
          ) : (
            <TextInput
              label="Type the app name to confirm"
              description={
                <>
                  Type <b className="mono">{appName}</b> exactly as shown.
                </>
              }
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
            />
          )}
          {error && error.field !== 'appName' && (
            <Alert color="red" title="The restore did not start">
              {error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={target === 'same' ? 'red' : undefined}
              disabled={!ready}
              loading={restore.isPending}
            >
              {target === 'same' ? 'Replace this app' : 'Restore into a new app'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
