import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AirtableTables } from '@basalt/shared';
import { followTransferJob, getAirtableTables, startAirtableImport } from '../../api/transfer-imports.queries';
import { errorInfo } from '../../../../lib/errors';

interface Props {
  appId: string;
  opened: boolean;
  onClose: () => void;
  /** Called when the import job ends, so the table list loads again. */
  onImported: () => void;
}

/**
 * Tables of an Airtable base: a personal access token (scopes schema.bases:read and
 * data.records:read) and the base id; the chosen tables are created with typed columns and
 * filled by a job on the server, followed in the task tray (decision 0061).
 */
export function ImportAirtableModal({ appId, opened, onClose, onImported }: Props) {
  const [token, setToken] = useState('');
  const [baseId, setBaseId] = useState('');
  const [tables, setTables] = useState<AirtableTables['tables'] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setTables(null);
    setChosen([]);
    setError(null);
    onClose();
  };

  const load = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await getAirtableTables(appId, token.trim(), baseId.trim());
      setTables(answer.tables);
      setChosen(answer.tables.map((t) => t.id));
    } catch (err) {
      setError(errorInfo(err).message);
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const job = await startAirtableImport(appId, token.trim(), baseId.trim(), chosen);
      followTransferJob(appId, job, (end) => {
        onImported();
        if (end.state === 'failed') notifications.show({ color: 'red', title: 'The Airtable import failed', message: end.error ?? '' });
      });
      notifications.show({ color: 'teal', message: 'The import runs on the server: follow it in the task tray' });
      setToken('');
      close();
    } catch (err) {
      setError(errorInfo(err).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Import from Airtable" size="lg">
      <Stack gap="sm">
        <PasswordInput
          label="Personal access token"
          description="Create one at airtable.com/create/tokens with the scopes schema.bases:read and data.records:read"
          value={token}
          onChange={(e) => setToken(e.currentTarget.value)}
          autoComplete="off"
        />
        <TextInput
          label="Base id"
          description="The part of the base's address that starts with app…"
          placeholder="appXXXXXXXXXXXXXX"
          value={baseId}
          onChange={(e) => setBaseId(e.currentTarget.value)}
        />
        {!tables && (
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button loading={busy} disabled={!token.trim() || !baseId.trim()} onClick={() => void load()}>Show tables</Button>
          </Group>
        )}
        {tables && (
          <Checkbox.Group label="Tables to import" description="Each becomes a new table; its records' Airtable ids go to an airtableId column" value={chosen} onChange={setChosen}>
            <Stack gap={6} mt="xs">
              {tables.map((t) => (
                <Checkbox
                  key={t.id}
                  value={t.id}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{t.name}</Text>
                      <Text size="xs" c="dimmed">→ {t.tableName}</Text>
                      <Badge size="xs" variant="light" color="gray">{t.fields.length} columns</Badge>
                    </Group>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {error && <Alert color="red" title="Airtable could not be read">{error}</Alert>}
        {tables && (
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button loading={busy} disabled={!chosen.length} onClick={() => void start()}>
              Import {chosen.length} table{chosen.length === 1 ? '' : 's'}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
